"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { RunEvent, RunEventData, RunEventType } from "@/lib/schemas/runs";
import { AuditClarificationEvent, AuditTerminatedEvent, AuditVerdictEvent } from "./audit-events";
import {
  CaveatsEvent,
  CompletionJudgedEvent,
  CompletionJudgeSkippedEvent,
  ContinuationEvent,
  DeliveryEvent,
  TodoGateEvent,
} from "./finalization-events";
import {
  GatewaySessionEvent,
  GatewayToolFlaggedEvent,
  ProxyRequestEvent,
  UpstreamErrorEvent,
} from "./gateway-events";
import { GenericEvent } from "./generic-event";
import { GuardShadowEvent } from "./guard-shadow-event";
import {
  BudgetWrapupEvent,
  RunFinishedEvent,
  RunFlagsChangedEvent,
  RunInterventionEvent,
  RunLeaseLapsedEvent,
  RunQueuedEvent,
  RunStartedEvent,
} from "./lifecycle-events";
import { ModelReplyEvent, ScaffoldingRecoveryEvent, ScaffoldingStrippedEvent } from "./model-events";
import { eventStep, isGuardEvent, readTimelineEvent, type TimelineEvent } from "./run-events";
import {
  ToolAnnotationInvalidEvent,
  ToolEndEvent,
  ToolOrderRejectedEvent,
  ToolStartEvent,
} from "./tool-events";

/**
 * The message key of each event type's title. A type the schema gains later without an entry here gets
 * the generic title (and, without a case below, the generic JSON view) instead of breaking the page.
 */
const TITLE_KEYS = {
  "run.queued": "titleRunQueued",
  "run.started": "titleRunStarted",
  "run.flags_changed": "titleRunFlagsChanged",
  "model.reply": "titleModelReply",
  "scaffolding.stripped": "titleScaffoldingStripped",
  "scaffolding.recovery": "titleScaffoldingRecovery",
  "tool.start": "titleToolStart",
  "tool.end": "titleToolEnd",
  "guard.shadow": "titleGuardShadow",
  "tool.order_rejected": "titleToolOrderRejected",
  "tool.annotation_invalid": "titleToolAnnotationInvalid",
  "audit.verdict": "titleAuditVerdict",
  "audit.clarification": "titleAuditClarification",
  "audit.terminated": "titleAuditTerminated",
  "budget.wrapup": "titleBudgetWrapup",
  "run.intervention": "titleRunIntervention",
  "run.todo_gate": "titleTodoGate",
  "run.continuation": "titleContinuation",
  "run.completion_judged": "titleCompletionJudged",
  "run.completion_judge_skipped": "titleCompletionJudgeSkipped",
  "run.caveats": "titleCaveats",
  "run.delivery": "titleDelivery",
  "proxy.request": "titleProxyRequest",
  "upstream.error": "titleUpstreamError",
  "gateway.session": "titleGatewaySession",
  "gateway.tool_flagged": "titleGatewayToolFlagged",
  "run.lease_lapsed": "titleRunLeaseLapsed",
  "run.finished": "titleRunFinished",
} as const satisfies Partial<Record<RunEventType, string>>;

type TitleKey = (typeof TITLE_KEYS)[keyof typeof TITLE_KEYS];

function titleKeyOf(type: string): TitleKey | undefined {
  return Object.hasOwn(TITLE_KEYS, type) ? (TITLE_KEYS as Record<string, TitleKey>)[type] : undefined;
}

/** The view of one known event's payload. */
function KnownEventBody({ data }: { data: RunEventData }): ReactNode {
  switch (data.type) {
    case "run.queued":
      return <RunQueuedEvent data={data} />;
    case "run.started":
      return <RunStartedEvent data={data} />;
    case "run.flags_changed":
      return <RunFlagsChangedEvent data={data} />;
    case "model.reply":
      return <ModelReplyEvent data={data} />;
    case "scaffolding.stripped":
      return <ScaffoldingStrippedEvent data={data} />;
    case "scaffolding.recovery":
      return <ScaffoldingRecoveryEvent data={data} />;
    case "tool.start":
      return <ToolStartEvent data={data} />;
    case "tool.end":
      return <ToolEndEvent data={data} />;
    case "guard.shadow":
      return <GuardShadowEvent data={data} />;
    case "tool.order_rejected":
      return <ToolOrderRejectedEvent data={data} />;
    case "tool.annotation_invalid":
      return <ToolAnnotationInvalidEvent data={data} />;
    case "audit.verdict":
      return <AuditVerdictEvent data={data} />;
    case "audit.clarification":
      return <AuditClarificationEvent data={data} />;
    case "audit.terminated":
      return <AuditTerminatedEvent data={data} />;
    case "budget.wrapup":
      return <BudgetWrapupEvent data={data} />;
    case "run.intervention":
      return <RunInterventionEvent data={data} />;
    case "run.todo_gate":
      return <TodoGateEvent data={data} />;
    case "run.continuation":
      return <ContinuationEvent data={data} />;
    case "run.completion_judged":
      return <CompletionJudgedEvent data={data} />;
    case "run.completion_judge_skipped":
      return <CompletionJudgeSkippedEvent data={data} />;
    case "run.caveats":
      return <CaveatsEvent data={data} />;
    case "run.delivery":
      return <DeliveryEvent data={data} />;
    case "proxy.request":
      return <ProxyRequestEvent data={data} />;
    case "upstream.error":
      return <UpstreamErrorEvent data={data} />;
    case "gateway.session":
      return <GatewaySessionEvent data={data} />;
    case "gateway.tool_flagged":
      return <GatewayToolFlaggedEvent data={data} />;
    case "run.lease_lapsed":
      return <RunLeaseLapsedEvent data={data} />;
    case "run.finished":
      return <RunFinishedEvent data={data} />;
    default:
      // A type added to the schema without a view yet: shown as JSON by the caller.
      return <GenericEvent type={(data as { type: string }).type} data={data as Record<string, unknown>} />;
  }
}

/** One row: title, raw type, step, guard marker, time and sequence number, then the type's own view. */
function TimelineRow({ event }: { event: TimelineEvent }) {
  const t = useTranslations("RunTimeline");
  const format = useFormatter();
  const type = event.kind === "known" ? event.data.type : event.type;
  const step = eventStep(event);
  const guard = isGuardEvent(event);
  const titleKey = event.kind === "known" ? titleKeyOf(type) : undefined;
  const at = new Date(event.at);
  const validTime = !Number.isNaN(at.getTime());
  return (
    <li
      data-testid="run-event"
      data-type={type}
      data-seq={event.seq}
      data-guard={guard || undefined}
      className={`rounded-md border bg-white p-3 sm:p-4 ${
        guard ? "border-amber-300 border-l-4 border-l-amber-500" : "border-slate-200"
      }`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900">{titleKey ? t(titleKey) : t("titleUnknown")}</h3>
        <code className="font-mono text-xs text-slate-600">{type}</code>
        {step !== null ? <span className="text-xs text-slate-700">{t("step", { step })}</span> : null}
        {guard ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
            <span aria-hidden="true">⚑</span>
            {t("guardMarker")}
          </span>
        ) : null}
        <span className="text-xs text-slate-600 sm:ml-auto">
          {validTime ? (
            <time dateTime={event.at}>
              {format.dateTime(at, { timeStyle: "medium", timeZone: "UTC" })} UTC
            </time>
          ) : null}
          <span className="ml-2">{t("seq", { seq: event.seq })}</span>
        </span>
      </div>
      <div className="mt-2 space-y-2">
        {event.kind === "known" ? (
          <KnownEventBody data={event.data} />
        ) : (
          <GenericEvent type={event.type} data={event.data} />
        )}
      </div>
    </li>
  );
}

/**
 * The run's timeline: every stored event in order as a readable row, so an operator sees what each
 * guard did. Event types without a view (newer runtimes) show their type and JSON; nothing throws.
 */
export function RunTimeline({ events }: { events: readonly RunEvent[] }) {
  const t = useTranslations("RunTimeline");
  if (events.length === 0) return <p className="text-slate-700">{t("noEvents")}</p>;
  return (
    <ol className="space-y-3" data-testid="run-timeline">
      {events.map((event) => (
        <TimelineRow key={event.seq} event={readTimelineEvent(event)} />
      ))}
    </ol>
  );
}
