/**
 * The shape every tool the agent loop can call has, whether it comes from the built-in catalog or from a
 * configured MCP server. The loop declares tools to the model without `execute` (AI SDK) and runs them
 * itself through `executeToolBatch`, the single place tool results enter the model context.
 *
 * Results use cllama's managed-tool envelope (docs/design.md#tool-envelope):
 *   success: { ok: true, status_code, data? }
 *   error:   { ok: false, status_code?, error: { code, message, details? } }
 * The model sees the envelope as JSON text (after quarantine). Tools never throw for expected failures;
 * an unexpected throw is turned into an `internal_error` envelope by executeToolBatch.
 */

/** The JSON Schema (draft 2020-12 / 7 subset) of a tool's arguments: always an object schema. */
export type ToolInputJsonSchema = {
  type: "object";
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean | Record<string, unknown>;
  [key: string]: unknown;
};

export interface ToolSuccessEnvelope {
  ok: true;
  status_code: number;
  data?: unknown;
}

export interface ToolErrorEnvelope {
  ok: false;
  status_code?: number;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export type ToolEnvelope = ToolSuccessEnvelope | ToolErrorEnvelope;

/** What a tool returns to executeToolBatch. */
export interface ToolOutcome {
  envelope: ToolEnvelope;
  /**
   * The text of the result as the model should read it, before quarantine. Defaults to the envelope as
   * JSON. Tools whose payload is prose (web pages, mail bodies) set this so the quarantine sees lines as
   * they are rather than JSON-escaped.
   */
  text?: string;
  /** Trusted runtime notes (e.g. "[truncated at 64 KB]"), appended after the quarantine scan. */
  signposts?: string[];
  /** For a catalog-only `tool_execute`-style wrapper: the concrete tool it ran (for classification). */
  concreteTarget?: string;
}

/** Per-call context handed to a tool. */
export interface ToolCallContext {
  runId: string;
  callId: string;
  /** Aborted when the run is cancelled or the runtime stops. */
  signal: AbortSignal;
}

export interface AgentTool {
  /** As the model sees it; MCP tools are namespaced `mcp__<server>__<tool>`. */
  name: string;
  description: string;
  inputSchema: ToolInputJsonSchema;
  /**
   * Tool annotations as declared (MCP `annotations`, catalog metadata). Keel reads
   * `x-claw.terminalOnSuccess` (must be a JSON boolean; anything else is ignored and reported once).
   */
  annotations?: Record<string, unknown>;
  /** Where the tool comes from, for the run timeline and logs: "catalog" or "mcp:<server>". */
  source: string;
  execute(args: unknown, context: ToolCallContext): Promise<ToolOutcome>;
}

/** Builds an error outcome. */
export function toolError(
  code: string,
  message: string,
  statusCode?: number,
  details?: Record<string, unknown>,
): ToolOutcome {
  return {
    envelope: {
      ok: false,
      ...(statusCode === undefined ? {} : { status_code: statusCode }),
      error: { code, message, ...(details ? { details } : {}) },
    },
  };
}

/** Builds a success outcome. */
export function toolSuccess(data?: unknown, statusCode = 200): ToolOutcome {
  return { envelope: { ok: true, status_code: statusCode, ...(data === undefined ? {} : { data }) } };
}
