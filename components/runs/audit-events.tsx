"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import type { RunEventOf } from "@/lib/schemas/runs";
import { Duration, EventSubheading, Fact, Facts, Pill, TextBlock } from "./event-parts";

const VERDICT_TONE = { ok: "good", clarify: "warn", terminate: "bad" } as const;
const VERDICT_SYMBOL = { ok: "✓", clarify: "?", terminate: "■" } as const;

/** `audit.verdict`: ok / clarify / terminate with its detail; marks a fail-closed verdict. */
export function AuditVerdictEvent({ data }: { data: RunEventOf<"audit.verdict"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Pill tone={VERDICT_TONE[data.verdict]} testId="audit-verdict">
          <span aria-hidden="true">{VERDICT_SYMBOL[data.verdict]}</span>
          {t("verdict", { verdict: data.verdict })}
        </Pill>
        {data.failClosed ? (
          <Pill tone="bad" testId="fail-closed">
            <span aria-hidden="true">⚠</span>
            {t("failClosed")}
          </Pill>
        ) : null}
      </div>
      {data.failClosed ? <p className="mt-2 text-sm text-slate-800">{t("failClosedText")}</p> : null}
      <Facts>
        <Fact label={t("auditCheck")}>
          {data.clarification === 0
            ? t("firstCheck")
            : t("afterClarification", { index: data.clarification })}
        </Fact>
        <Fact label={t("duration")}>
          <Duration ms={data.durationMs} />
        </Fact>
      </Facts>
      {data.detail ? (
        <>
          <EventSubheading>
            {data.verdict === "terminate"
              ? t("reason")
              : data.verdict === "clarify"
                ? t("questions")
                : t("detail")}
          </EventSubheading>
          <TextBlock>{data.detail}</TextBlock>
        </>
      ) : null}
    </>
  );
}

/** `audit.clarification`: the auditor's questions and the model's answer (i of max). */
export function AuditClarificationEvent({ data }: { data: RunEventOf<"audit.clarification"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">{t("clarificationOf", { index: data.index, max: data.max })}</p>
      <EventSubheading>{t("questions")}</EventSubheading>
      <TextBlock>{data.questions}</TextBlock>
      <EventSubheading>{t("answer")}</EventSubheading>
      {data.answer ? (
        <TextBlock>{data.answer}</TextBlock>
      ) : (
        <p className="text-sm text-slate-700">{t("emptyText")}</p>
      )}
    </>
  );
}

/** `audit.terminated`: the audit gate stopped the run; links to the security halt it recorded. */
export function AuditTerminatedEvent({ data }: { data: RunEventOf<"audit.terminated"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">{t("terminatedText")}</p>
      <EventSubheading>{t("reason")}</EventSubheading>
      <TextBlock>{data.reason}</TextBlock>
      {data.haltId ? (
        <p className="mt-2 text-sm">
          <Link
            href={`/halts/${data.haltId}`}
            className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
            data-testid="halt-link"
          >
            {t("openHalt")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
