/**
 * Run events as trace data: every event a run (or a guard-proxy request) records becomes a span event
 * `keel.<type>` with its ids, counts and fixed words as `keel.*` attributes (guard decisions: quarantine,
 * scaffolding strip and recovery, wrap-up, audit-gate verdict, terminal-on-success, judge verdict,
 * caveats); `tool.start` / `tool.end` open and close an `execute_tool <name>` span. Text fields (answers,
 * previews, questions, reasons, caveat texts, arguments) are never copied.
 */
import type { Attributes, Span } from "@opentelemetry/api";
import type { RunEventData } from "@/lib/schemas/runs";
import {
  addSpanEvent,
  SpanKind,
  SpanStatusCode,
  setSpanAttributes,
  startSpan,
  tracingActive,
} from "./tracing";

/** The keel.* attributes of one run event (never free text). */
export function runEventAttributes(event: RunEventData): Attributes {
  switch (event.type) {
    case "run.started":
      return {
        "keel.run.settings_version": event.settingsVersion,
        "keel.run.tool_count": event.tools.length,
      };
    case "run.flags_changed":
      return {
        "keel.step": event.step,
        "keel.run.settings_version": event.settingsVersion,
        "keel.flags.changed": event.changed,
      };
    case "model.reply":
      return {
        "keel.step": event.step,
        "keel.model.purpose": event.purpose,
        "keel.model.tools_offered": event.toolsOffered,
        "keel.model.tool_call_count": event.toolCalls.length,
        "gen_ai.response.finish_reasons": [event.finishReason],
        ...(event.inputTokens === null ? {} : { "gen_ai.usage.input_tokens": event.inputTokens }),
        ...(event.outputTokens === null ? {} : { "gen_ai.usage.output_tokens": event.outputTokens }),
        "keel.duration_ms": event.durationMs,
      };
    case "scaffolding.stripped":
      return {
        "keel.guard": "scaffolding",
        "keel.step": event.step,
        "keel.scaffolding.stripped_chars": event.strippedChars,
        "keel.scaffolding.patterns": Object.keys(event.patterns),
      };
    case "scaffolding.recovery":
      return {
        "keel.guard": "scaffolding",
        "keel.step": event.step,
        "keel.scaffolding.stripped_chars": event.strippedChars,
      };
    case "tool.end":
      return {
        "keel.step": event.step,
        "gen_ai.tool.name": event.name,
        "gen_ai.tool.call.id": event.callId,
        "keel.tool.ok": event.ok,
        ...(event.statusCode === null ? {} : { "keel.tool.status_code": event.statusCode }),
        "keel.tool.classification": event.classification,
        "keel.quarantine.enabled": event.quarantineEnabled,
        "keel.quarantine.segment_count": event.quarantinedSegments.count,
        "keel.quarantine.preamble_added": event.preambleAdded,
      };
    case "tool.order_rejected":
      return {
        "keel.guard": "terminal_on_success",
        "keel.step": event.step,
        "keel.terminal.verdict": "order_rejected",
        "keel.tool.names": event.calls,
      };
    case "tool.annotation_invalid":
      return { "keel.guard": "terminal_on_success", "gen_ai.tool.name": event.name };
    case "audit.verdict":
      return {
        "keel.guard": "audit_gate",
        "keel.step": event.step,
        "keel.audit.verdict": event.verdict,
        "keel.audit.clarification": event.clarification,
        "keel.audit.fail_closed": event.failClosed,
        "keel.duration_ms": event.durationMs,
      };
    case "audit.clarification":
      return {
        "keel.guard": "audit_gate",
        "keel.step": event.step,
        "keel.audit.clarification": event.index,
        "keel.audit.clarification_max": event.max,
      };
    case "audit.terminated":
      return {
        "keel.guard": "audit_gate",
        "keel.step": event.step,
        "keel.audit.verdict": "terminate",
        ...(event.haltId ? { "keel.halt.id": event.haltId } : {}),
      };
    case "budget.wrapup":
      return {
        "keel.guard": "wrapup",
        "keel.step": event.step,
        "keel.budget.max_tool_steps": event.maxToolSteps,
      };
    case "run.intervention":
      return {
        "keel.guard": event.name.startsWith("managed_tool_terminal") ? "terminal_on_success" : "intervention",
        "keel.step": event.step,
        "keel.intervention": event.name,
      };
    case "run.todo_gate":
      return {
        "keel.guard": "todo_gate",
        "keel.todo.open": event.open,
        "keel.todo.total": event.total,
        "keel.todo.continued": event.continued,
      };
    case "run.continuation":
      return { "keel.continuation.reason": event.reason };
    case "run.completion_judged":
      return {
        "keel.guard": "completion_judge",
        "keel.judge.mode": event.mode,
        "keel.judge.verdict": event.verdict,
        "keel.judge.obligation_count": event.obligationCount,
        "keel.judge.attempt": event.attempt,
        "keel.judge.breaker": event.breaker,
        "keel.judge.continuation_used": event.continuationUsed,
        "keel.duration_ms": event.durationMs,
      };
    case "run.completion_judge_skipped":
      return {
        "keel.guard": "completion_judge",
        "keel.judge.mode": event.mode,
        "keel.judge.skipped_reason": event.reason,
      };
    case "run.caveats":
      return {
        "keel.guard": "caveats",
        "keel.caveats.count": event.caveats.length,
        "keel.caveats.suppressed": event.suppressed,
        "keel.caveats.uncertified": event.uncertified,
      };
    case "run.delivery":
      return {
        "keel.run.delivery": event.delivery,
        ...(event.sentinel ? { "keel.run.sentinel": event.sentinel } : {}),
      };
    case "proxy.request":
      return {
        "keel.step": event.step,
        "keel.proxy.protocol": event.protocol,
        "keel.proxy.stream": event.stream,
        "gen_ai.request.model": event.model,
        "keel.proxy.messages": event.messages,
        "keel.proxy.tools": event.tools,
        "keel.quarantine.tool_results_scanned": event.toolResultsScanned,
        "keel.quarantine.segment_count": event.quarantinedSegments.count,
      };
    case "upstream.error":
      return {
        "keel.step": event.step,
        "keel.upstream.source": event.source,
        ...(event.status === null ? {} : { "keel.upstream.status": event.status }),
      };
    case "gateway.session":
      return { "keel.gateway.servers": event.servers.map((server) => server.name) };
    case "gateway.tool_flagged":
      return {
        "keel.guard": "tool_definition",
        "gen_ai.tool.name": event.name,
        "keel.gateway.server": event.server,
      };
    case "run.lease_lapsed":
      return { "keel.run.lease_action": event.action };
    case "run.finished":
      return {
        "keel.run.status": event.status,
        "keel.run.tool_steps": event.toolSteps,
        "keel.run.tool_budget_exhausted": event.toolBudgetExhausted,
        "keel.run.scaffold_stripped": event.scaffoldStripped,
        "keel.duration_ms": event.durationMs,
      };
    default:
      return {};
  }
}

/** Records one event on the active span (the run or proxy request span). */
export function traceRunEvent(event: RunEventData): void {
  if (!tracingActive()) return;
  addSpanEvent(`keel.${event.type}`, runEventAttributes(event));
  if (event.type === "proxy.request") setSpanAttributes(runEventAttributes(event));
}

/**
 * Wraps a run's `emit` so each event is traced as well as stored: a span event on the run span, and an
 * `execute_tool` span per tool call (opened at tool.start, ended at tool.end; a child of the active span,
 * or a root without one). Returns `emit` itself while tracing is off.
 */
export function tracedEmit<T>(emit: (event: RunEventData) => T, runSpan: Span | undefined) {
  if (!tracingActive()) return emit;
  const toolSpans = new Map<string, Span>();
  return (event: RunEventData): T => {
    if (event.type === "tool.start") {
      const span = startSpan(`execute_tool ${event.name}`, {
        kind: SpanKind.INTERNAL,
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": event.name,
          "gen_ai.tool.call.id": event.callId,
          "keel.step": event.step,
        },
      });
      if (span) toolSpans.set(event.callId, span);
    } else if (event.type === "tool.end") {
      const span = toolSpans.get(event.callId);
      toolSpans.delete(event.callId);
      if (span) {
        span.setAttributes(runEventAttributes(event));
        if (event.quarantinedSegments.count > 0)
          span.addEvent("keel.guard.quarantine", {
            "keel.guard": "quarantine",
            "keel.quarantine.segment_count": event.quarantinedSegments.count,
          });
        if (!event.ok) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      runSpan?.addEvent(`keel.${event.type}`, runEventAttributes(event));
    } else {
      runSpan?.addEvent(`keel.${event.type}`, runEventAttributes(event));
      if (event.type === "run.finished") runSpan?.setAttributes(runEventAttributes(event));
    }
    return emit(event);
  };
}
