"use client";

import { useTranslations } from "next-intl";
import { TextBlock } from "./event-parts";
import { splitRemovedMarkers } from "./run-events";

/**
 * A tool result exactly as the model received it (after quarantine, preamble and signposts), in
 * monospace with whitespace kept. Each `[instruction-shaped content removed]` marker is highlighted
 * with <mark> (announced as highlighted) and carries a hidden "removed by the quarantine" note.
 */
export function ModelText({ text }: { text: string }) {
  const t = useTranslations("RunTimeline");
  const parts = splitRemovedMarkers(text);
  if (parts.length === 0) return <p className="mt-1 text-sm text-slate-700">{t("emptyText")}</p>;
  // Each part is keyed by where it starts in the text (stable for an immutable text).
  let offset = 0;
  const keyed = parts.map((part) => {
    const key = offset;
    offset += part.text.length;
    return { key, part };
  });
  return (
    <TextBlock testId="model-text">
      {keyed.map(({ key, part }) =>
        part.type === "removed" ? (
          <mark
            key={key}
            data-testid="removed-marker"
            className="rounded bg-amber-200 px-0.5 font-semibold text-amber-950 ring-1 ring-amber-500"
          >
            <span className="sr-only">{t("removedMarkerNote")} </span>
            {part.text}
          </mark>
        ) : (
          <span key={key}>{part.text}</span>
        ),
      )}
    </TextBlock>
  );
}
