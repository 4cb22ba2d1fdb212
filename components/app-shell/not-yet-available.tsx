import type { ReactNode } from "react";

/** Plain statement that a page's feature has not shipped yet; no placeholder data. */
export function NotYetAvailable({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      {children}
    </div>
  );
}
