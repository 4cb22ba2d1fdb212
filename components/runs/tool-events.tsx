"use client";

import { useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { Duration, EventSubheading, Fact, Facts, Pill, TextBlock, YesNo } from "./event-parts";
import { ModelText } from "./model-text";
import { prettyJson, selectKey } from "./run-events";

/** `tool.start`: which tool the runtime called, with the (redacted) arguments. */
export function ToolStartEvent({ data }: { data: RunEventOf<"tool.start"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("tool")}>
          <code className="font-mono">{data.name}</code>
        </Fact>
        <Fact label={t("callId")}>
          <code className="font-mono text-xs">{data.callId}</code>
        </Fact>
      </Facts>
      <EventSubheading>{t("arguments")}</EventSubheading>
      <TextBlock>{prettyJson(data.args)}</TextBlock>
    </>
  );
}

/**
 * `tool.end`: the outcome and everything the result went through before the model saw it: how the
 * tool is classified, whether the untrusted-data preamble was added, whether the quarantine was on,
 * the quarantined segments ("removed: ...") and, expandable, the text the model received.
 */
export function ToolEndEvent({ data }: { data: RunEventOf<"tool.end"> }) {
  const t = useTranslations("RunTimeline");
  const segments = data.quarantinedSegments;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold text-slate-900">{data.name}</code>
        <Pill tone={data.ok ? "good" : "bad"} testId="tool-outcome">
          <span aria-hidden="true">{data.ok ? "✓" : "✕"}</span>
          {data.ok ? t("toolOk") : t("toolFailed")}
          {data.statusCode !== null ? ` · ${data.statusCode}` : ""}
        </Pill>
        {segments.count > 0 ? (
          <Pill tone="warn" testId="quarantined-count">
            <span aria-hidden="true">⚑</span>
            {t("quarantinedSegments", { count: segments.count })}
          </Pill>
        ) : null}
      </div>
      <Facts>
        <Fact label={t("classification")}>
          {t("classificationValue", { classification: selectKey(data.classification) })}
        </Fact>
        <Fact label={t("preamble")}>
          <YesNo value={data.preambleAdded} yes={t("preambleAdded")} no={t("preambleNotAdded")} />
        </Fact>
        <Fact label={t("quarantine")}>
          <YesNo value={data.quarantineEnabled} yes={t("on")} no={t("off")} />
        </Fact>
        <Fact label={t("duration")}>
          <Duration ms={data.durationMs} />
        </Fact>
      </Facts>
      {segments.previews.length > 0 ? (
        <>
          <EventSubheading>{t("quarantinedHeading")}</EventSubheading>
          <ul className="mt-1 space-y-1" data-testid="quarantined-previews">
            {segments.previews.map((preview, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: previews are an immutable ordered list.
                key={index}
                className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950"
              >
                <span className="font-medium">{t("removedPrefix")}</span>{" "}
                <q className="font-mono text-xs break-words">{preview}</q>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <details className="group mt-3 rounded border border-slate-200">
        <summary className="cursor-pointer rounded px-3 py-2 text-sm font-medium text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700">
          {t("modelReceived")}
        </summary>
        <div className="px-3 pb-3">
          <ModelText text={data.modelText} />
        </div>
      </details>
    </>
  );
}

/** `tool.order_rejected`: a terminal-on-success tool was not the last call of its round; no tool ran. */
export function ToolOrderRejectedEvent({ data }: { data: RunEventOf<"tool.order_rejected"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">{t("orderRejectedText")}</p>
      <Facts>
        <Fact label={t("calls")}>
          {data.calls.map((call, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same tool may be called twice in a round.
            <span key={index}>
              {index > 0 ? ", " : null}
              <code className="font-mono">{call}</code>
            </span>
          ))}
        </Fact>
      </Facts>
    </>
  );
}

/** `tool.annotation_invalid`: a terminal-on-success annotation that is not a JSON boolean (ignored). */
export function ToolAnnotationInvalidEvent({ data }: { data: RunEventOf<"tool.annotation_invalid"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">{t("annotationInvalidText")}</p>
      <Facts>
        <Fact label={t("tool")}>
          <code className="font-mono">{data.name}</code>
        </Fact>
        <Fact label={t("value")}>
          <code className="font-mono break-all">{data.value}</code>
        </Fact>
      </Facts>
    </>
  );
}
