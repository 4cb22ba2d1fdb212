/** A polite live region showing the latest success or error of a panel (re-announced per `id`). */
export type Notice = { tone: "success" | "error"; text: string; id: number };

export function LiveNotice({ notice, testId }: { notice: Notice | null; testId: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" data-testid={testId}>
      {notice ? (
        <p
          key={notice.id}
          className={`rounded border px-3 py-2 text-sm ${
            notice.tone === "error"
              ? "border-red-300 bg-red-50 text-red-900"
              : "border-emerald-300 bg-emerald-50 text-emerald-900"
          }`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
