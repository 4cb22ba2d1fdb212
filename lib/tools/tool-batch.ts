/**
 * executeToolBatch: the single choke point where tool results enter the model context
 * (docs/design.md#tool-batch). For each call of a round, in order:
 *   1. emit `tool.start`;
 *   2. run the tool (unknown tools and invalid arguments become error results written by the runtime;
 *      a tool that throws becomes an `internal_error` result: tool errors are tool results, never run
 *      failures);
 *   3. classify and quarantine the result text (lib/guards/quarantine: scan when the switch is on,
 *      untrusted-data preamble for external-content tools, trusted signposts appended after the scan;
 *      runtime-authored results are exempt);
 *   4. emit `tool.end` with `quarantinedSegments` and the text exactly as the model will read it.
 * Nothing else in the runtime turns a tool result into model input.
 */
import { createLogger, errorFields } from "@/lib/log/logger";
import type { RunEventData } from "@/lib/schemas/runs";
import { observedQuarantine } from "@/lib/telemetry/quarantine";
import type { AgentTool, ToolEnvelope, ToolOutcome } from "./agent-tool";

const log = createLogger({ component: "tool-batch" });

/** One tool call of a round, as the loop read it from the model. */
export interface PendingToolCall {
  callId: string;
  name: string;
  args: unknown;
  /** Set when the provider could not parse the arguments or the tool does not exist (AI SDK `invalid`). */
  invalidReason?: string;
}

/** One result, ready for the model context. */
export interface ToolCallResult {
  callId: string;
  name: string;
  envelope: ToolEnvelope;
  /** The text the model reads (after quarantine, preamble and signposts). */
  modelText: string;
  /** The result is an error (Anthropic `is_error`, AI SDK `error-text`). */
  isError: boolean;
  quarantinedSegments: { count: number; previews: string[] };
}

export interface ToolBatchInput {
  calls: readonly PendingToolCall[];
  tools: ReadonlyMap<string, AgentTool>;
  /** The quarantine switch as read for this step. */
  quarantineEnabled: boolean;
  step: number;
  runId: string;
  signal: AbortSignal;
  emit(event: RunEventData): Promise<void>;
}

/** Serialises arguments for events and logs (the event writer redacts and caps). */
export function argsText(args: unknown): string {
  if (typeof args === "string") return args;
  try {
    return JSON.stringify(args) ?? "";
  } catch {
    return String(args);
  }
}

/** A result written by the runtime itself (system-authored: never scanned, no preamble). */
function runtimeResult(call: PendingToolCall, envelope: ToolEnvelope): ToolCallResult {
  return {
    callId: call.callId,
    name: call.name,
    envelope,
    modelText: JSON.stringify(envelope),
    isError: !envelope.ok,
    quarantinedSegments: { count: 0, previews: [] },
  };
}

/** The results of a round the step policy rejected: no tool ran, every call gets `envelope()`. */
export function rejectedToolResults(
  calls: readonly PendingToolCall[],
  envelope: () => ToolEnvelope,
): ToolCallResult[] {
  return calls.map((call) => runtimeResult(call, envelope()));
}

async function runTool(tool: AgentTool, call: PendingToolCall, input: ToolBatchInput): Promise<ToolOutcome> {
  try {
    return await tool.execute(call.args, { runId: input.runId, callId: call.callId, signal: input.signal });
  } catch (error) {
    if (input.signal.aborted) throw error;
    log.warn("a tool threw; returning an error result to the model", {
      tool: call.name,
      runId: input.runId,
      ...errorFields(error),
    });
    return {
      envelope: {
        ok: false,
        status_code: 500,
        error: { code: "internal_error", message: `The tool ${call.name} failed unexpectedly.` },
      },
    };
  }
}

/** Runs the round's calls in order and returns their results in the same order. */
export async function executeToolBatch(input: ToolBatchInput): Promise<ToolCallResult[]> {
  const results: ToolCallResult[] = [];
  for (const call of input.calls) {
    const started = performance.now();
    await input.emit({
      type: "tool.start",
      step: input.step,
      callId: call.callId,
      name: call.name,
      args: argsText(call.args),
    });
    const tool = input.tools.get(call.name);
    let result: ToolCallResult;
    let classification: "external-content" | "system-authored" | "internal" = "system-authored";
    let preambleAdded = false;
    if (!tool) {
      result = runtimeResult(call, {
        ok: false,
        status_code: 404,
        error: {
          code: "unknown_tool",
          message: `There is no tool named ${JSON.stringify(call.name)}. Use one of the tools you were given.`,
        },
      });
    } else if (call.invalidReason !== undefined) {
      result = runtimeResult(call, {
        ok: false,
        status_code: 400,
        error: { code: "invalid_arguments", message: call.invalidReason },
      });
    } else {
      const outcome = await runTool(tool, call, input);
      const text = outcome.text ?? JSON.stringify(outcome.envelope);
      const quarantined = observedQuarantine("keel_tools", {
        toolName: call.name,
        text,
        enabled: input.quarantineEnabled,
        ...(outcome.concreteTarget === undefined ? {} : { concreteTarget: outcome.concreteTarget }),
        ...(outcome.signposts === undefined ? {} : { signposts: outcome.signposts }),
      });
      classification = quarantined.classification;
      preambleAdded = quarantined.preambleAdded;
      result = {
        callId: call.callId,
        name: call.name,
        envelope: outcome.envelope,
        modelText: quarantined.text,
        isError: !outcome.envelope.ok,
        quarantinedSegments: quarantined.quarantinedSegments,
      };
      if (quarantined.quarantinedSegments.count > 0)
        log.warn("tool result quarantined", {
          runId: input.runId,
          tool: call.name,
          segments: quarantined.quarantinedSegments.count,
        });
    }
    results.push(result);
    await input.emit({
      type: "tool.end",
      step: input.step,
      callId: call.callId,
      name: call.name,
      ok: result.envelope.ok,
      statusCode: result.envelope.status_code ?? null,
      classification,
      quarantineEnabled: input.quarantineEnabled,
      quarantinedSegments: result.quarantinedSegments,
      preambleAdded,
      modelText: result.modelText,
      durationMs: Math.round(performance.now() - started),
    });
  }
  return results;
}
