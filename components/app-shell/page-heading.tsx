import type { ReactNode } from "react";

/** The page's single h1 with an optional lead paragraph. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children ? <div className="mt-2 max-w-3xl text-slate-700">{children}</div> : null}
    </div>
  );
}
