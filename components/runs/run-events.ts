import {
  type RunEvent,
  type RunEventData,
  type RunEventType,
  type RunStatus,
  runEventDataSchema,
} from "@/lib/schemas/runs";

/**
 * Pure helpers of the run timeline: reading a stored event into a known shape (or "unknown", never a
 * throw), merging pages of events, and splitting the texts the guards rewrote.
 */

/** A stored event whose payload matched its type's schema, or one to show generically. */
export type TimelineEvent =
  | { kind: "known"; seq: number; at: string; data: RunEventData }
  | { kind: "unknown"; seq: number; at: string; type: string; data: Record<string, unknown> };

/**
 * Reads one stored event. A type this console does not know, or a known type whose payload does not
 * fit (an older or newer writer), becomes `unknown` so the timeline shows it as JSON instead of failing.
 */
export function readTimelineEvent(event: RunEvent): TimelineEvent {
  const parsed = runEventDataSchema.safeParse({ ...event.data, type: event.type });
  if (parsed.success) return { kind: "known", seq: event.seq, at: event.at, data: parsed.data };
  return { kind: "unknown", seq: event.seq, at: event.at, type: event.type, data: event.data };
}

/** The events of both lists, each seq once (the later copy wins), ordered by seq. */
export function mergeRunEvents(existing: readonly RunEvent[], incoming: readonly RunEvent[]): RunEvent[] {
  const bySeq = new Map<number, RunEvent>();
  for (const event of existing) bySeq.set(event.seq, event);
  for (const event of incoming) bySeq.set(event.seq, event);
  return [...bySeq.values()].sort((left, right) => left.seq - right.seq);
}

/** The highest seq of the list (0 when empty): what `?after=` asks for next. */
export function lastSeq(events: readonly RunEvent[]): number {
  return events.reduce((highest, event) => Math.max(highest, event.seq), 0);
}

const FINISHED: ReadonlySet<RunStatus> = new Set(["succeeded", "failed", "blocked", "cancelled"]);

/** True once a run can no longer change status (it may still gain late events). */
export function isRunFinished(status: RunStatus): boolean {
  return FINISHED.has(status);
}

/** The types that record a guard acting (shown with the guard marker in the timeline). */
const GUARD_TYPES: ReadonlySet<string> = new Set<RunEventType>([
  "scaffolding.stripped",
  "scaffolding.recovery",
  "guard.shadow",
  "tool.order_rejected",
  "tool.annotation_invalid",
  "audit.verdict",
  "audit.clarification",
  "audit.terminated",
  "budget.wrapup",
  "run.intervention",
  "run.completion_judged",
  "run.caveats",
  "gateway.tool_flagged",
]);

/** True when the event shows a guard at work (a quarantining `tool.end` counts too). */
export function isGuardEvent(event: TimelineEvent): boolean {
  if (event.kind === "unknown") return false;
  if (event.data.type === "tool.end" || event.data.type === "proxy.request")
    return event.data.quarantinedSegments.count > 0;
  if (event.data.type === "run.todo_gate") return event.data.continued;
  return GUARD_TYPES.has(event.data.type);
}

/** The `step` of a known event that has one. */
export function eventStep(event: TimelineEvent): number | null {
  if (event.kind === "unknown") {
    const step = event.data.step;
    return typeof step === "number" && Number.isInteger(step) ? step : null;
  }
  return "step" in event.data ? (event.data.step ?? null) : null;
}

/** The text the quarantine puts where it removed an instruction-shaped sentence or line. */
export const REMOVED_MARKER = "[instruction-shaped content removed]";

export type TextPart = { type: "text"; text: string } | { type: "removed"; text: string };

/** Splits a tool result as the model received it into plain text and the quarantine's markers. */
export function splitRemovedMarkers(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (;;) {
    const index = text.indexOf(REMOVED_MARKER, from);
    if (index === -1) break;
    if (index > from) parts.push({ type: "text", text: text.slice(from, index) });
    parts.push({ type: "removed", text: REMOVED_MARKER });
    from = index + REMOVED_MARKER.length;
  }
  if (from < text.length) parts.push({ type: "text", text: text.slice(from) });
  return parts;
}

/** An intervention name split into what happened and the tool it concerns, when it names one. */
export type InterventionName =
  | { type: "terminalOnSuccess"; tool: string }
  | { type: "other"; name: string; detail: string | null };

/** Reads `managed_tool_terminal_on_success:<tool>` and other `<name>[:<detail>]` intervention names. */
export function readInterventionName(name: string): InterventionName {
  const separator = name.indexOf(":");
  const head = separator === -1 ? name : name.slice(0, separator);
  const detail = separator === -1 ? null : name.slice(separator + 1);
  if (head === "managed_tool_terminal_on_success" && detail)
    return { type: "terminalOnSuccess", tool: detail };
  return { type: "other", name: head, detail: detail || null };
}

/** JSON text pretty-printed with two spaces; text that is not JSON comes back unchanged. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A value as indented JSON for the generic event view (never throws, e.g. on a cycle). */
export function toDisplayJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Text cut to `max` characters with an ellipsis (for one-line previews such as the list's task). */
export function truncateText(text: string, max: number): string {
  const singleLine = text.replace(/\s+/g, " ").trim();
  return singleLine.length <= max ? singleLine : `${singleLine.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** A duration in the unit the timeline shows it in: milliseconds below one second, else seconds (one decimal). */
export function durationParts(ms: number): { unit: "ms" | "s"; value: number } {
  if (!Number.isFinite(ms) || ms < 0) return { unit: "ms", value: 0 };
  if (ms < 1_000) return { unit: "ms", value: Math.round(ms) };
  return { unit: "s", value: Math.round(ms / 100) / 10 };
}

/** A value as an ICU `select` key: ICU option keys cannot hold "-", so "external-content" becomes "external_content". */
export function selectKey(value: string): string {
  return value.replace(/[^\w]/g, "_");
}
