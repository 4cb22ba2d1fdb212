import type { ReactNode } from "react";
import { buttonClass } from "./buttons";

/** The loading line of a panel that fetches its data (announced politely to screen readers). */
export function LoadingStatus({ label, className = "" }: { label: string; className?: string }) {
  return (
    <p role="status" className={`text-slate-700 ${className}`.trim()}>
      {label}
    </p>
  );
}

/**
 * The error state of a panel whose data could not be loaded: a title, the reason, and a retry button
 * (or, through `children`, another way out such as a link back to the list).
 */
export function LoadErrorAlert({
  title,
  detail,
  retry,
  className = "",
  children,
}: {
  title: string;
  detail: string;
  retry?: { label: string; onRetry: () => void };
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={`rounded-md border border-red-300 bg-red-50 p-4 text-red-900 ${className}`.trim()}
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm">{detail}</p>
      {retry ? (
        <button type="button" onClick={retry.onRetry} className={`mt-3 ${buttonClass.danger}`}>
          {retry.label}
        </button>
      ) : null}
      {children}
    </div>
  );
}
