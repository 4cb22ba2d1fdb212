/**
 * Agent runs and their events: the zod contracts shared by the run executor (agent runtime), the HTTP
 * API, the CLI, the console and the OpenAPI document.
 *
 * A run's events are append-only rows of `run_events` (run_id, seq, type, at, data). `data` is one of the
 * shapes of {@link runEventDataSchema}, keyed by `type`. Everything stored here is already redacted for
 * secrets (lib/redact) and size-capped by the writer; the console renders it as a timeline.
 */
import { z } from "zod";
import { SHADOWABLE_GUARDS } from "./settings";
import { nonBlankText, storableText } from "./text";

export const RUN_KINDS = ["chat", "job", "automation", "channel", "heartbeat", "proxy", "gateway"] as const;
/** Kinds a caller may start with POST /api/runs (proxy and gateway runs are opened by those front doors). */
export const STARTABLE_RUN_KINDS = ["chat", "job", "automation", "channel", "heartbeat"] as const;
/**
 * Non-interactive kinds: nobody watches them, so run finalization checks their completion
 * (docs/run-finalization.md).
 */
export const NON_INTERACTIVE_RUN_KINDS = ["job", "automation", "channel", "heartbeat"] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export const RUN_STATUSES = ["queued", "running", "succeeded", "failed", "blocked", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run's status and finalization in one word (lib/runs/run-outcome.ts says how). */
export const RUN_OUTCOMES = [
  "queued",
  "running",
  "completed",
  "completed_with_caveats",
  "incomplete",
  "blocked",
  "failed",
  "cancelled",
] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export const RUN_DELIVERIES = ["message", "silent"] as const;

/** Languages of runtime-authored texts (caveats, markers). */
export const RUN_LOCALES = ["de", "en", "it"] as const;
export type RunLocale = (typeof RUN_LOCALES)[number];

/** Longest task text accepted by POST /api/runs. */
export const RUN_TASK_MAX_LENGTH = 8_000;
/** Longest text preview stored in one event field (tool results, model text). */
export const RUN_EVENT_TEXT_LIMIT = 4_000;

/** The message of a refused blank task (the console words it itself). */
export const RUN_TASK_REQUIRED_MESSAGE = "Describe the task.";

/** Body of POST /api/runs. */
export const createRunSchema = z.strictObject({
  task: nonBlankText(RUN_TASK_MAX_LENGTH, { required: RUN_TASK_REQUIRED_MESSAGE }),
  kind: z.enum(STARTABLE_RUN_KINDS).default("job"),
  /** Language of the caveats and markers finalization adds (the console sends its own). */
  locale: z.enum(RUN_LOCALES).default("en"),
});
export type CreateRunInput = z.infer<typeof createRunSchema>;

/** Verdicts of the completion judge (run finalization). */
export const COMPLETION_VERDICTS = ["complete", "incomplete", "blocked", "uncertified"] as const;

/** Query of GET /api/runs. */
export const listRunsQuerySchema = z.strictObject({
  status: z.enum(RUN_STATUSES).optional(),
  kind: z.enum(RUN_KINDS).optional(),
  /** The completion judge's verdict. */
  verdict: z.enum(COMPLETION_VERDICTS).optional(),
  /** Runs in which this guard acted (or, with `decision=shadow`, would have acted): the panel's link. */
  guard: z.enum(SHADOWABLE_GUARDS).optional(),
  /** With `guard`: "enforced" (On) or "shadow" decisions; both when absent. */
  decision: z.enum(["enforced", "shadow"]).optional(),
  /** With `guard`: only decisions at or after this time. */
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: storableText().max(200).optional(),
});
export type ListRunsQuery = z.infer<typeof listRunsQuerySchema>;

/** Query of GET /api/runs/[id]/events: events after `after` (a seq), for polling or resuming. */
export const listRunEventsQuerySchema = z.strictObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

const quarantinedSegmentsSchema = z.object({
  count: z.int().min(0),
  previews: z.array(z.string()),
});

const toolCallSummarySchema = z.object({
  callId: z.string(),
  name: z.string(),
  /** Arguments as JSON text, redacted and capped. */
  args: z.string(),
});

/** The payload of each event type. */
export const runEventDataSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("run.queued"),
    task: z.string(),
    kind: z.enum(RUN_KINDS),
    createdBy: z.string(),
  }),
  z.object({
    type: z.literal("run.started"),
    model: z.string(),
    runtime: z.string(),
    /** The settings version applied at the start. */
    settingsVersion: z.int(),
    tools: z.array(z.string()),
    /**
     * Switches turned on for this run only, over the settings version: a demo scenario's guard under
     * the scripted demo model (lib/agent/demo demoRunFlags), so every scenario shows its guard firing.
     */
    enabledForRun: z.array(z.string()).optional(),
  }),
  /** A settings change the run picked up between two steps. */
  z.object({
    type: z.literal("run.flags_changed"),
    step: z.int(),
    settingsVersion: z.int(),
    changed: z.array(z.string()),
  }),
  z.object({
    type: z.literal("model.reply"),
    step: z.int(),
    /** What the model was asked for: a normal step, the scaffolding recovery, the budget wrap-up, or an audit clarification. */
    purpose: z.enum(["step", "recovery", "wrapup", "clarification"]),
    toolsOffered: z.int(),
    /** Visible text after the scaffolding filter (capped). */
    text: z.string(),
    reasoningChars: z.int(),
    toolCalls: z.array(toolCallSummarySchema),
    finishReason: z.string(),
    inputTokens: z.int().nullable(),
    outputTokens: z.int().nullable(),
    durationMs: z.int(),
  }),
  z.object({
    type: z.literal("scaffolding.stripped"),
    step: z.int(),
    strippedChars: z.int(),
    /** Per-pattern counts, e.g. { "lfm2-tool-call-span": 1 }. */
    patterns: z.record(z.string(), z.int()),
    /** The stripped spans, each truncated to 200 characters. */
    previews: z.array(z.string()),
  }),
  z.object({ type: z.literal("scaffolding.recovery"), step: z.int(), strippedChars: z.int() }),
  z.object({
    type: z.literal("tool.start"),
    step: z.int(),
    callId: z.string(),
    name: z.string(),
    args: z.string(),
  }),
  z.object({
    type: z.literal("tool.end"),
    step: z.int(),
    callId: z.string(),
    name: z.string(),
    ok: z.boolean(),
    statusCode: z.int().nullable(),
    classification: z.enum(["external-content", "system-authored", "internal"]),
    quarantineEnabled: z.boolean(),
    quarantinedSegments: quarantinedSegmentsSchema,
    preambleAdded: z.boolean(),
    /** The result as the model received it (after quarantine, preamble and signposts), capped. */
    modelText: z.string(),
    durationMs: z.int(),
    /**
     * The tool's own text and what the quarantine removed or would have removed, for replay. The event
     * writer moves it into `tool_result_samples` (redacted, capped): it is never stored in the event.
     */
    replay: z.object({ sourceText: z.string(), previews: z.array(z.string()) }).optional(),
  }),
  /**
   * A guard in Shadow mode (lib/guards/guard-mode.ts) ran and would have acted; the run went on as if it
   * were off. `count`: segments it would have removed (quarantine), characters it would have stripped
   * (scaffolding), 1 for a verdict (audit gate, completion judge). `previews`: what it would have removed,
   * or the verdict's detail.
   */
  z.object({
    type: z.literal("guard.shadow"),
    guard: z.enum(SHADOWABLE_GUARDS),
    step: z.int().optional(),
    callId: z.string().optional(),
    name: z.string().optional(),
    count: z.int().min(0),
    previews: z.array(z.string()),
    /** The audit gate's or the judge's verdict. */
    verdict: z.string().optional(),
  }),
  /** A terminal-on-success tool broke the order rule: no tool ran, every call got the 409 envelope. */
  z.object({
    type: z.literal("tool.order_rejected"),
    step: z.int(),
    calls: z.array(z.string()),
  }),
  /** A terminal-on-success annotation that is not a JSON boolean (logged once per tool, ignored). */
  z.object({ type: z.literal("tool.annotation_invalid"), name: z.string(), value: z.string() }),
  z.object({
    type: z.literal("audit.verdict"),
    step: z.int(),
    verdict: z.enum(["ok", "clarify", "terminate"]),
    /** The clarify questions or the terminate reason (capped). */
    detail: z.string(),
    /** 0 for the first check, i for the check after clarification i. */
    clarification: z.int(),
    /** True when the verdict was not read from a reply (no tag / audit error), i.e. fail-closed handling. */
    failClosed: z.boolean(),
    durationMs: z.int(),
  }),
  z.object({
    type: z.literal("audit.clarification"),
    step: z.int(),
    index: z.int(),
    max: z.int(),
    questions: z.string(),
    answer: z.string(),
  }),
  z.object({
    type: z.literal("audit.terminated"),
    step: z.int(),
    reason: z.string(),
    haltId: z.string().nullable(),
  }),
  z.object({ type: z.literal("budget.wrapup"), step: z.int(), maxToolSteps: z.int() }),
  z.object({
    type: z.literal("run.intervention"),
    /** e.g. `managed_tool_terminal_on_success:<tool>` (cllama's intervention names). */
    name: z.string(),
    step: z.int(),
  }),
  // --- run finalization (non-interactive runs; docs/run-finalization.md) ---
  /** The todo gate after the initial run: open plan items, and whether the one continuation was spent on them. */
  z.object({
    type: z.literal("run.todo_gate"),
    open: z.int(),
    total: z.int(),
    continued: z.boolean(),
  }),
  /** The single bounded continuation: why, and the instruction sent. */
  z.object({
    type: z.literal("run.continuation"),
    reason: z.enum(["todo", "judge"]),
    instruction: z.string(),
  }),
  z.object({
    type: z.literal("run.completion_judged"),
    mode: z.enum(["caveat", "continue"]),
    verdict: z.enum(["complete", "incomplete", "blocked", "uncertified"]),
    obligationCount: z.int(),
    obligations: z.array(z.object({ text: z.string(), status: z.string(), evidence: z.array(z.string()) })),
    /** Why the verdict is uncertified (invalid JSON, unsupported evidence IDs, provider error, breaker open). */
    reason: z.string().nullable(),
    /** 1 for the first judgement, 2 for the re-judge after a continuation. */
    attempt: z.int(),
    continuationUsed: z.boolean(),
    breaker: z.enum(["closed", "open", "half-open"]),
    durationMs: z.int(),
  }),
  z.object({
    type: z.literal("run.completion_judge_skipped"),
    mode: z.enum(["off", "shadow", "caveat", "continue"]),
    /** "mode off", "interactive run", "steered", "no tool executed", "no textual answer", "breaker open". */
    reason: z.string(),
  }),
  /** What finalization appended (or, for a silent run, would have appended) to the answer. */
  z.object({
    type: z.literal("run.caveats"),
    caveats: z.array(z.string()),
    /** True when a silent-delivery sentinel kept them out of the delivered text. */
    suppressed: z.boolean(),
    uncertified: z.boolean(),
  }),
  z.object({
    type: z.literal("run.delivery"),
    delivery: z.enum(RUN_DELIVERIES),
    /** The sentinel that made the run silent (NO_MESSAGE, NO_REPLY, AUTOMATION_SILENT, WATCH, RESOLVE). */
    sentinel: z.string().nullable(),
  }),
  // --- guard proxy and MCP gateway ---
  /** One request through the guard proxy (OpenAI or Anthropic protocol). */
  z.object({
    type: z.literal("proxy.request"),
    step: z.int(),
    protocol: z.enum(["openai", "anthropic"]),
    stream: z.boolean(),
    model: z.string(),
    messages: z.int(),
    tools: z.int(),
    /** Tool-result messages of the incoming conversation that passed the quarantine. */
    toolResultsScanned: z.int(),
    quarantinedSegments: quarantinedSegmentsSchema,
  }),
  /** An upstream (model provider or MCP server) failed; what the caller got back. */
  z.object({
    type: z.literal("upstream.error"),
    step: z.int(),
    source: z.string(),
    status: z.int().nullable(),
    message: z.string(),
  }),
  /** An MCP client session opened through the gateway. */
  z.object({
    type: z.literal("gateway.session"),
    client: z.string(),
    servers: z.array(z.object({ name: z.string(), status: z.string(), tools: z.int() })),
  }),
  /** A gateway tool whose description is instruction-shaped or changed after first sight. */
  z.object({
    type: z.literal("gateway.tool_flagged"),
    name: z.string(),
    server: z.string(),
    reason: z.string(),
    previews: z.array(z.string()),
  }),
  /** The runtime holding the run stopped renewing its lease; a reaper re-queued or failed the run. */
  z.object({
    type: z.literal("run.lease_lapsed"),
    /** The runtime instance whose lease lapsed. */
    runtime: z.string(),
    action: z.enum(["requeued", "failed"]),
    /** Side-effecting tools the run had called (the reason it was failed rather than re-queued). */
    sideEffectTools: z.array(z.string()),
  }),
  z.object({
    type: z.literal("run.finished"),
    status: z.enum(RUN_STATUSES),
    finalText: z.string(),
    toolSteps: z.int(),
    toolBudgetExhausted: z.boolean(),
    scaffoldStripped: z.int(),
    error: z.string().nullable(),
    durationMs: z.int(),
  }),
]);
export type RunEventData = z.infer<typeof runEventDataSchema>;
export type RunEventType = RunEventData["type"];
export type RunEventOf<T extends RunEventType> = Extract<RunEventData, { type: T }>;

/** One stored event as the API returns it. */
export const runEventSchema = z.object({
  runId: z.uuid(),
  seq: z.int().min(1),
  type: z.string(),
  at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type RunEvent = z.infer<typeof runEventSchema>;

/** A run as the API returns it. */
export const runSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  /** Status and finalization in one word (lib/runs/run-outcome.ts): what the list and the run page show. */
  outcome: z.enum(RUN_OUTCOMES),
  task: z.string(),
  model: z.string().nullable(),
  createdBy: z.string(),
  sessionId: z.uuid(),
  steered: z.boolean(),
  finalText: z.string().nullable(),
  delivery: z.enum(RUN_DELIVERIES),
  toolBudgetExhausted: z.boolean(),
  toolSteps: z.int(),
  completionVerdict: z.string().nullable(),
  /** Localized caveats appended to the delivered answer by finalization. */
  caveats: z.array(z.string()),
  continuationUsed: z.boolean(),
  locale: z.enum(RUN_LOCALES),
  error: z.string().nullable(),
  /** Counters for the list: what the guards did (interventions include caveats and continuations). */
  guardCounts: z.object({
    quarantinedSegments: z.int(),
    scaffoldStripped: z.int(),
    auditVerdicts: z.int(),
    interventions: z.int(),
  }),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Run = z.infer<typeof runSchema>;

export const runListSchema = z.object({
  runs: z.array(runSchema),
  nextCursor: z.string().nullable(),
});
export type RunList = z.infer<typeof runListSchema>;
