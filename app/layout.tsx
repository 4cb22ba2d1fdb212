import type { ReactNode } from "react";
import "./globals.css";

/**
 * The real document (html, body, providers) lives in app/[locale]/layout.tsx, which knows the locale.
 * This pass-through layout exists because app/not-found.tsx needs a root layout above it.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
