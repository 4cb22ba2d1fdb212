import type { ReactNode } from "react";
import { PageFrame } from "@/components/app-shell/page-frame";

/** Pages anyone may open (the sign-in page): header without navigation, then the main landmark. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <PageFrame variant="public">{children}</PageFrame>;
}
