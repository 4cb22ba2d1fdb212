import { NotFoundNotice } from "@/components/app-shell/not-found-notice";

/** Localized 404 inside the console (header with navigation). */
export default function ConsoleNotFound() {
  return <NotFoundNotice />;
}
