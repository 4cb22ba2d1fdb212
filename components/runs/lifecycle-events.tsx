"use client";

import { useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { CodeNames, Duration, EventSubheading, Fact, Facts, TextBlock, YesNo } from "./event-parts";
import { readInterventionName } from "./run-events";
import { RunStatusBadge } from "./run-labels";

/** `run.queued`: who queued the run and as which kind. */
export function RunQueuedEvent({ data }: { data: RunEventOf<"run.queued"> }) {
  const t = useTranslations("RunTimeline");
  const tLabel = useTranslations("RunLabels");
  return (
    <Facts>
      <Fact label={t("queuedBy")}>{data.createdBy}</Fact>
      <Fact label={t("kind")}>{tLabel("kind", { kind: data.kind })}</Fact>
    </Facts>
  );
}

/** `run.started`: model, runtime, the settings version applied and the tools offered. */
export function RunStartedEvent({ data }: { data: RunEventOf<"run.started"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <Facts>
        <Fact label={t("model")}>
          <code className="font-mono">{data.model}</code>
        </Fact>
        <Fact label={t("runtime")}>
          <code className="font-mono text-xs">{data.runtime}</code>
        </Fact>
        <Fact label={t("settingsVersion")}>{data.settingsVersion}</Fact>
      </Facts>
      <EventSubheading>{t("tools", { count: data.tools.length })}</EventSubheading>
      {data.tools.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {data.tools.map((tool) => (
            <li
              key={tool}
              className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs"
            >
              {tool}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** `run.flags_changed`: settings the run picked up between two steps. */
export function RunFlagsChangedEvent({ data }: { data: RunEventOf<"run.flags_changed"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <Facts>
      <Fact label={t("settingsVersion")}>{data.settingsVersion}</Fact>
      <Fact label={t("changedSettings")}>
        <CodeNames names={data.changed} />
      </Fact>
    </Facts>
  );
}

/** `budget.wrapup`: the tool budget is used up; one last step without tools, with the wrap-up instruction. */
export function BudgetWrapupEvent({ data }: { data: RunEventOf<"budget.wrapup"> }) {
  const t = useTranslations("RunTimeline");
  return <p className="text-sm text-slate-800">{t("wrapupText", { max: data.maxToolSteps })}</p>;
}

/** `run.intervention`: the runtime stepped in (e.g. a terminal-on-success tool ended the run). */
export function RunInterventionEvent({ data }: { data: RunEventOf<"run.intervention"> }) {
  const t = useTranslations("RunTimeline");
  const intervention = readInterventionName(data.name);
  return (
    <>
      <p className="text-sm text-slate-800">
        {intervention.type === "terminalOnSuccess"
          ? t.rich("terminalOnSuccessText", {
              tool: intervention.tool,
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })
          : t("interventionText")}
      </p>
      <Facts>
        <Fact label={t("interventionName")}>
          <code className="font-mono text-xs break-all">{data.name}</code>
        </Fact>
      </Facts>
    </>
  );
}

/** `run.lease_lapsed`: the runtime holding the run stopped renewing its lease; the run was re-queued or failed. */
export function RunLeaseLapsedEvent({ data }: { data: RunEventOf<"run.lease_lapsed"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <p className="text-sm text-slate-800">
        {data.action === "requeued" ? t("leaseRequeuedText") : t("leaseFailedText")}
      </p>
      <Facts>
        <Fact label={t("runtime")}>
          <code className="font-mono text-xs">{data.runtime}</code>
        </Fact>
        {data.sideEffectTools.length > 0 ? (
          <Fact label={t("leaseSideEffectTools")}>
            <CodeNames names={data.sideEffectTools} />
          </Fact>
        ) : null}
      </Facts>
    </>
  );
}

/** `run.finished`: the final status with the run's totals. */
export function RunFinishedEvent({ data }: { data: RunEventOf<"run.finished"> }) {
  const t = useTranslations("RunTimeline");
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <RunStatusBadge status={data.status} />
      </div>
      <Facts>
        <Fact label={t("toolSteps")}>{data.toolSteps}</Fact>
        <Fact label={t("budgetExhausted")}>
          <YesNo value={data.toolBudgetExhausted} yes={t("budgetUsedUp")} no={t("budgetLeft")} />
        </Fact>
        <Fact label={t("scaffoldStripped")}>{t("characters", { count: data.scaffoldStripped })}</Fact>
        <Fact label={t("duration")}>
          <Duration ms={data.durationMs} />
        </Fact>
      </Facts>
      {data.error ? (
        <>
          <EventSubheading>{t("error")}</EventSubheading>
          <TextBlock>{data.error}</TextBlock>
        </>
      ) : null}
      {data.finalText ? (
        <details className="mt-3 rounded border border-slate-200">
          <summary className="cursor-pointer rounded px-3 py-2 text-sm font-medium text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700">
            {t("finalText")}
          </summary>
          <div className="px-3 pb-3">
            <TextBlock>{data.finalText}</TextBlock>
          </div>
        </details>
      ) : null}
    </>
  );
}
