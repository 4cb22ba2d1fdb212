import { notFound } from "next/navigation";

/** Any unknown path below a locale renders the localized app/[locale]/not-found.tsx. */
export default function CatchAllPage() {
  notFound();
}
