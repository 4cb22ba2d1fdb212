"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { Duration, EventSubheading, Fact, Facts, Pill, TextBlock } from "./event-parts";
import { prettyJson } from "./run-events";

/** `model.reply`: what the model was asked for, its visible text, its tool calls, tokens and time. */
export function ModelReplyEvent({ data }: { data: RunEventOf<"model.reply"> }) {
  const t = useTranslations("RunTimeline");
  const format = useFormatter();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Pill tone={data.purpose === "step" ? "neutral" : "warn"} testId="reply-purpose">
          {t("purpose", { purpose: data.purpose })}
        </Pill>
      </div>
      <Facts>
        <Fact label={t("tokens")}>
          {t("tokensValue", {
            input: data.inputTokens === null ? "?" : format.number(data.inputTokens),
            output: data.outputTokens === null ? "?" : format.number(data.outputTokens),
          })}
        </Fact>
        <Fact label={t("duration")}>
          <Duration ms={data.durationMs} />
        </Fact>
        <Fact label={t("finishReason")}>
          <code className="font-mono text-xs">{data.finishReason}</code>
        </Fact>
        <Fact label={t("toolsOffered")}>{data.toolsOffered}</Fact>
        {data.reasoningChars > 0 ? (
          <Fact label={t("reasoning")}>{t("characters", { count: data.reasoningChars })}</Fact>
        ) : null}
      </Facts>
      <EventSubheading>{t("replyText")}</EventSubheading>
      {data.text ? (
        <TextBlock testId="reply-text">{data.text}</TextBlock>
      ) : (
        <p className="text-sm text-slate-700">{t("emptyText")}</p>
      )}
      {data.toolCalls.length > 0 ? (
        <>
          <EventSubheading>{t("toolCalls", { count: data.toolCalls.length })}</EventSubheading>
          <ul className="mt-1 space-y-2">
            {data.toolCalls.map((call) => (
              <li key={call.callId}>
                <code className="font-mono text-sm font-semibold text-slate-900">{call.name}</code>{" "}
                <span className="font-mono text-xs text-slate-600">{call.callId}</span>
                <TextBlock>{prettyJson(call.args)}</TextBlock>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** `scaffolding.stripped`: chat-template scaffolding removed from the visible text, per pattern. */
export function ScaffoldingStrippedEvent({ data }: { data: RunEventOf<"scaffolding.stripped"> }) {
  const t = useTranslations("RunTimeline");
  const patterns = Object.entries(data.patterns);
  return (
    <>
      <p className="text-sm text-slate-800">{t("strippedText", { count: data.strippedChars })}</p>
      {patterns.length > 0 ? (
        <>
          <EventSubheading>{t("patterns")}</EventSubheading>
          <ul className="mt-1 flex flex-wrap gap-2">
            {patterns.map(([pattern, count]) => (
              <li key={pattern} className="rounded border border-slate-300 bg-slate-50 px-2 py-0.5 text-xs">
                <code className="font-mono">{pattern}</code> × {count}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.previews.length > 0 ? (
        <>
          <EventSubheading>{t("strippedPreviews")}</EventSubheading>
          <ul className="mt-1 space-y-1">
            {data.previews.map((preview, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: previews are an immutable ordered list.
              <li key={index}>
                <TextBlock>{preview}</TextBlock>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** `scaffolding.recovery`: the reply was only scaffolding; the model was asked once more, without tools. */
export function ScaffoldingRecoveryEvent({ data }: { data: RunEventOf<"scaffolding.recovery"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <Facts>
      <Fact label={t("whatHappened")}>{t("recoveryText", { count: data.strippedChars })}</Fact>
    </Facts>
  );
}
