"use client";

import { useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { Duration, EventSubheading, Fact, Facts, Pill, TextBlock, YesNo } from "./event-parts";
import { selectKey } from "./run-events";

/**
 * Run finalization of non-interactive runs (docs/run-finalization.md): todo gate, continuation, judge,
 * caveats, delivery.
 */

/** `run.todo_gate`: open plan items after the run, and whether the one continuation was spent on them. */
export function TodoGateEvent({ data }: { data: RunEventOf<"run.todo_gate"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <Facts>
      <Fact label={t("todoOpen")}>{t("todoOpenValue", { open: data.open, total: data.total })}</Fact>
      <Fact label={t("continuation")}>
        <YesNo value={data.continued} yes={t("continuationSpent")} no={t("continuationNotSpent")} />
      </Fact>
    </Facts>
  );
}

/** `run.continuation`: the single bounded continuation, why, and the instruction sent. */
export function ContinuationEvent({ data }: { data: RunEventOf<"run.continuation"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">{t("continuationReason", { reason: data.reason })}</p>
      <EventSubheading>{t("instruction")}</EventSubheading>
      <TextBlock>{data.instruction}</TextBlock>
    </>
  );
}

const JUDGE_TONE = { complete: "good", incomplete: "warn", blocked: "bad", uncertified: "warn" } as const;

/** `run.completion_judged`: the judge's verdict with its obligations and their evidence. */
export function CompletionJudgedEvent({ data }: { data: RunEventOf<"run.completion_judged"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Pill tone={JUDGE_TONE[data.verdict]} testId="completion-verdict">
          {t("judgeVerdict", { verdict: data.verdict })}
        </Pill>
      </div>
      <Facts>
        <Fact label={t("judgeMode")}>{t("judgeModeValue", { mode: data.mode })}</Fact>
        <Fact label={t("judgeAttempt")}>{data.attempt}</Fact>
        <Fact label={t("continuation")}>
          <YesNo value={data.continuationUsed} yes={t("continuationSpent")} no={t("continuationNotSpent")} />
        </Fact>
        <Fact label={t("breaker")}>{t("breakerValue", { state: selectKey(data.breaker) })}</Fact>
        <Fact label={t("duration")}>
          <Duration ms={data.durationMs} />
        </Fact>
      </Facts>
      {data.reason ? (
        <>
          <EventSubheading>{t("reason")}</EventSubheading>
          <TextBlock>{data.reason}</TextBlock>
        </>
      ) : null}
      <EventSubheading>{t("obligations", { count: data.obligationCount })}</EventSubheading>
      {data.obligations.length > 0 ? (
        <ul className="mt-1 space-y-2">
          {data.obligations.map((obligation, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: obligations are an immutable ordered list.
            <li key={index} className="rounded border border-slate-200 p-2 text-sm">
              <p className="break-words text-slate-900">{obligation.text}</p>
              <Facts>
                <Fact label={t("obligationStatus")}>
                  <code className="font-mono text-xs">{obligation.status}</code>
                </Fact>
                <Fact label={t("evidence")}>
                  {obligation.evidence.length > 0 ? (
                    <code className="font-mono text-xs break-all">{obligation.evidence.join(", ")}</code>
                  ) : (
                    t("noEvidence")
                  )}
                </Fact>
              </Facts>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** `run.completion_judge_skipped`: why the judge did not run. */
export function CompletionJudgeSkippedEvent({ data }: { data: RunEventOf<"run.completion_judge_skipped"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <Facts>
      <Fact label={t("judgeMode")}>{t("judgeModeValue", { mode: data.mode })}</Fact>
      <Fact label={t("reason")}>{data.reason}</Fact>
    </Facts>
  );
}

/** `run.caveats`: what finalization appended to the answer (or kept out of a silent one). */
export function CaveatsEvent({ data }: { data: RunEventOf<"run.caveats"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("caveatsDelivered")}>
          <YesNo value={!data.suppressed} yes={t("caveatsAppended")} no={t("caveatsSuppressed")} />
        </Fact>
        <Fact label={t("uncertified")}>
          <YesNo value={data.uncertified} yes={t("uncertifiedYes")} no={t("uncertifiedNo")} />
        </Fact>
      </Facts>
      {data.caveats.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {data.caveats.map((caveat, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: caveats are an immutable ordered list.
            <li key={index}>
              <TextBlock>{caveat}</TextBlock>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** `run.delivery`: message or silent, and the sentinel that made it silent. */
export function DeliveryEvent({ data }: { data: RunEventOf<"run.delivery"> }) {
  const t = useTranslations("RunTimeline");
  const tLabel = useTranslations("RunLabels");
  return (
    <Facts>
      <Fact label={t("delivery")}>{tLabel("delivery", { delivery: data.delivery })}</Fact>
      {data.sentinel ? (
        <Fact label={t("sentinel")}>
          <code className="font-mono">{data.sentinel}</code>
        </Fact>
      ) : null}
    </Facts>
  );
}
