/**
 * The five guardrail tools through the official MCP SDK client, over streamable HTTP (/api/mcp behind a
 * real HTTP server) and over stdio (`npm run keel -- mcp`), with the contract's usage examples
 * (docs/halt-conditions.md#usage-examples) giving the documented results.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { stopProcessHaltConfigCache } from "@/lib/halts/service";
import { serveRoutes } from "../fixtures/route-server";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agent: TestAgent;
let server: { url: string; close(): Promise<void> };
let baseUrl: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agent = await createTestAgent(testDatabase.database);
  // A real HTTP server in front of the route handler, as Next serves it.
  server = await serveRoutes({ "/api/mcp": { POST: mcpRoute.POST } });
  baseUrl = server.url;
});
afterAll(async () => {
  await server.close();
  await stopProcessHaltConfigCache();
  await testDatabase.drop();
});

async function connect(kind: "http" | "stdio"): Promise<Client> {
  const client = new Client({ name: "keel-test", version: "1.0.0" });
  const token = agent.headers.authorization!.slice("Bearer ".length);
  const transport =
    kind === "http"
      ? new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        })
      : new StdioClientTransport({
          command: process.execPath,
          args: ["--import", "tsx", path.resolve("scripts/keel.ts"), "mcp"],
          env: {
            ...(process.env as Record<string, string>),
            DATABASE_URL: testDatabase.url,
            KEEL_AGENT_KEY: token,
          },
          stderr: "pipe",
        });
  await client.connect(transport);
  return client;
}

/** The JSON a tool returned (structured content, or the text block). */
function toolResult(result: Awaited<ReturnType<Client["callTool"]>>): any {
  if (result.structuredContent) return result.structuredContent;
  const text =
    (result.content as { type: string; text?: string }[]).find((block) => block.type === "text")?.text ??
    "null";
  return JSON.parse(text);
}

const pick = (
  reasons: { halt_type: string; condition_name: string; severity: string; description: string }[],
) =>
  reasons.map(({ halt_type, condition_name, severity, description }) => ({
    halt_type,
    condition_name,
    severity,
    description,
  }));

describe.each(["http", "stdio"] as const)("MCP over %s with the official SDK client", (kind) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(kind);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it("lists the five tools with input schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "guardrail_acknowledge_halt",
      "guardrail_check_halt_conditions",
      "guardrail_get_session_halts",
      "guardrail_record_halt",
      "guardrail_update_halt_config",
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
  });

  it("runs the halt contract's usage examples 1-3 and lists the session's halts, with the documented results", async () => {
    const { session_token } = await agent.openSession();
    const example1 = toolResult(
      await client.callTool({
        name: "guardrail_check_halt_conditions",
        arguments: {
          session_token,
          current_context: {
            operation: "modify authentication logic",
            target_files: ["src/auth.js"],
            files_read: ["src/app.js"],
            attempt_number: 1,
          },
          proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
        },
      }),
    );
    expect(example1.should_halt).toBe(true);
    expect(pick(example1.halt_reasons)).toEqual([
      {
        halt_type: "code_safety",
        condition_name: "modifying_unread_code",
        severity: "critical",
        description: "Attempting to modify src/auth.js which has not been read",
      },
      {
        halt_type: "code_safety",
        condition_name: "no_rollback_plan",
        severity: "high",
        description: "No rollback plan provided for changes",
      },
    ]);

    const second = await agent.openSession();
    const example2 = toolResult(
      await client.callTool({
        name: "guardrail_check_halt_conditions",
        arguments: {
          session_token: second.session_token,
          task_id: "task_fix_bug_42",
          current_context: {
            operation: "fix null pointer exception",
            attempt_number: 3,
            previous_errors: [
              "TypeError: Cannot read property 'x' of null",
              "TypeError: Cannot read property 'x' of undefined",
            ],
          },
        },
      }),
    );
    expect(pick(example2.halt_reasons).map((reason) => reason.condition_name)).toEqual([
      "three_strikes",
      "repeated_errors",
    ]);
    expect(example2.recommended_action).toBe("HALT and escalate to user. Recommend fresh session.");

    const listed = toolResult(
      await client.callTool({ name: "guardrail_get_session_halts", arguments: { session_token } }),
    );
    expect(listed.total_count).toBe(2);
    expect(listed.unacknowledged_count).toBe(2);

    const recorded = toolResult(
      await client.callTool({
        name: "guardrail_record_halt",
        arguments: {
          session_token,
          halt_type: "scope",
          severity: "high",
          description: "Operation exceeds the agreed scope",
        },
      }),
    );
    expect(recorded.requires_acknowledgment).toBe(true);

    let resumable = false;
    for (const haltId of [
      ...example1.halt_reasons.map((reason: { halt_id: string }) => reason.halt_id),
      recorded.halt_id,
    ]) {
      const example3 = toolResult(
        await client.callTool({
          name: "guardrail_acknowledge_halt",
          arguments: {
            session_token,
            halt_id: haltId,
            resolution: "resolved",
            resolution_notes: "User confirmed they read the file in another session",
          },
        }),
      );
      expect(example3.confirmed).toBe(true);
      resumable = example3.session_can_resume;
    }
    expect(resumable).toBe(true);
  });

  it("returns errors as tool results: bad arguments, and the admin-only config tool for an agent key", async () => {
    const bad = await client.callTool({
      name: "guardrail_record_halt",
      arguments: { session_token: "x", halt_type: "nonsense" },
    });
    expect(bad.isError).toBe(true);
    const config = await client.callTool({
      name: "guardrail_update_halt_config",
      arguments: { condition_name: "three_strikes", enabled: false },
    });
    expect(config.isError).toBe(true);
    expect(
      (
        await testDatabase.database.haltConditionConfig.findUniqueOrThrow({
          where: { conditionName: "three_strikes" },
        })
      ).enabled,
    ).toBe(true);
  });
});
