/**
 * The five `guardrail_*` halt tools as an MCP server. The tools take the same zod schemas as the REST
 * routes and call the same services, for one caller (the agent key, or a user token, that
 * authenticated the transport). A refused call (unknown session, another key's session, 409, missing
 * admin role) comes back as an `isError` result with the API error code and message, never a throw.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "@/lib/auth/caller";
import { actorName } from "@/lib/auth/caller";
import { roleAtLeast } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/client";
import { apiErrorBody } from "@/lib/schemas/api-error";
import {
  acknowledgeHaltInputSchema,
  acknowledgeHaltOutputSchema,
  checkHaltConditionsInputSchema,
  checkHaltConditionsOutputSchema,
  getSessionHaltsInputSchema,
  getSessionHaltsOutputSchema,
  recordHaltInputSchema,
  recordHaltOutputSchema,
  updateHaltConfigInputSchema,
  updateHaltConfigOutputSchema,
} from "@/lib/schemas/halts";
import {
  acknowledgeHalt,
  checkHaltConditions,
  getSessionHalts,
  type HaltConfigSource,
  HaltServiceError,
  recordHalt,
  updateHaltConfig,
} from "../service";

/** Names of the tools, as in the halt contract (docs/halt-conditions.md#the-halt-contract). */
export const HALT_TOOL_NAMES = [
  "guardrail_check_halt_conditions",
  "guardrail_record_halt",
  "guardrail_acknowledge_halt",
  "guardrail_get_session_halts",
  "guardrail_update_halt_config",
] as const;

function success(output: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
}

function failure(error: unknown): CallToolResult {
  if (error instanceof HaltServiceError) {
    const body = apiErrorBody(error.code, error.message, undefined, error.details.extra);
    return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
  }
  throw error;
}

async function run(action: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return success(await action());
  } catch (error) {
    return failure(error);
  }
}

/** Which services the tools use (injected so tests and the stdio CLI can pass their own). */
export type HaltToolsContext = {
  database: Database;
  caller: Caller;
  config: HaltConfigSource;
};

/** A new MCP server exposing the halt tools for `context.caller`. */
export function createHaltToolsServer(context: HaltToolsContext): McpServer {
  const { database, caller, config } = context;
  const server = new McpServer({ name: "keel-halts", version: "1.0.0" });

  server.registerTool(
    "guardrail_check_halt_conditions",
    {
      description:
        "Check every halt condition before acting. Answers should_halt, the triggered reasons, the highest severity and what to do; fails safe (halt) when the check cannot run.",
      inputSchema: checkHaltConditionsInputSchema,
      outputSchema: checkHaltConditionsOutputSchema,
    },
    (input) => run(async () => checkHaltConditions(database, caller, input, config)),
  );

  server.registerTool(
    "guardrail_record_halt",
    {
      description:
        "Record a halt event (secrets are redacted before storage); the session halts until it is acknowledged. Use condition_name task_attempt_failed with a task_id to count three strikes.",
      inputSchema: recordHaltInputSchema,
      outputSchema: recordHaltOutputSchema,
    },
    (input) => run(async () => recordHalt(database, caller, input, await config.get())),
  );

  server.registerTool(
    "guardrail_acknowledge_halt",
    {
      description:
        "Acknowledge a halt: resolved (resume), escalated (pause for a human) or dismissed (resume with warnings; a critical halt needs continue_with_caution).",
      inputSchema: acknowledgeHaltInputSchema,
      outputSchema: acknowledgeHaltOutputSchema,
    },
    (input) => run(async () => acknowledgeHalt(database, caller, input.halt_id, input)),
  );

  server.registerTool(
    "guardrail_get_session_halts",
    {
      description:
        "List a session's halt events (unacknowledged only unless include_acknowledged), with counts.",
      inputSchema: getSessionHaltsInputSchema,
      outputSchema: getSessionHaltsOutputSchema,
    },
    (input) => run(async () => getSessionHalts(database, caller, input.session_token, input)),
  );

  server.registerTool(
    "guardrail_update_halt_config",
    {
      description:
        "Admin only: change one halt condition's configuration; returns previous and current values.",
      inputSchema: updateHaltConfigInputSchema,
      outputSchema: updateHaltConfigOutputSchema,
    },
    (input) =>
      run(async () => {
        if (caller.kind !== "user" || !roleAtLeast(caller.role, "admin"))
          throw new HaltServiceError(
            "forbidden",
            "guardrail_update_halt_config needs an admin's token; agent keys cannot change the configuration.",
          );
        return updateHaltConfig(database, input, actorName(caller));
      }),
  );

  return server;
}
