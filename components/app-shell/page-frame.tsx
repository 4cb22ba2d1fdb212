import type { ReactNode } from "react";
import { AppHeader } from "./app-header";

/** Header plus the main landmark (`#main-content`, the skip link's target) around a page. */
export function PageFrame({
  variant = "console",
  children,
}: {
  variant?: "console" | "public";
  children: ReactNode;
}) {
  return (
    <>
      <AppHeader variant={variant} />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl px-4 py-8 focus:outline-none sm:px-6"
      >
        {children}
      </main>
    </>
  );
}
