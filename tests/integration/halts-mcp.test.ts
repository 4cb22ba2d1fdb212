/** The halt tools over MCP (stateless streamable HTTP at /api/mcp), calling the same services as REST. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { stopProcessHaltConfigCache } from "@/lib/halts/service";
import { createTestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agentA: TestAgent;
let agentB: TestAgent;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agentA = await createTestAgent(testDatabase.database);
  agentB = await createTestAgent(testDatabase.database);
});
afterAll(async () => {
  await stopProcessHaltConfigCache();
  await testDatabase.drop();
});

let nextId = 1;
async function rpc(headers: Record<string, string>, method: string, params: unknown) {
  const response = await callRoute(mcpRoute.POST, {
    method: "POST",
    path: "/api/mcp",
    headers: { ...headers, accept: "application/json, text/event-stream" },
    json: { jsonrpc: "2.0", id: nextId++, method, params },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
const callTool = (headers: Record<string, string>, name: string, args: unknown) =>
  rpc(headers, "tools/call", { name, arguments: args });

describe("POST /api/mcp", () => {
  it("lists the five guardrail tools with JSON Schemas", async () => {
    const body = await rpc(agentA.headers, "tools/list", {});
    const tools = body.result.tools as {
      name: string;
      inputSchema: { properties: Record<string, unknown> };
    }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "guardrail_acknowledge_halt",
      "guardrail_check_halt_conditions",
      "guardrail_get_session_halts",
      "guardrail_record_halt",
      "guardrail_update_halt_config",
    ]);
    expect(
      Object.keys(tools.find((tool) => tool.name === "guardrail_record_halt")!.inputSchema.properties),
    ).toContain("session_token");
  });

  it("check, record, get and acknowledge through the tools, with the same results as REST", async () => {
    const { session_token } = await agentA.openSession();
    const check = await callTool(agentA.headers, "guardrail_check_halt_conditions", {
      session_token,
      current_context: {
        operation: "modify authentication logic",
        target_files: ["src/auth.js"],
        files_read: ["src/app.js"],
      },
      proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
    });
    expect(check.result.isError).toBeFalsy();
    expect(check.result.structuredContent.should_halt).toBe(true);
    expect(check.result.structuredContent.halt_reasons[0].condition_name).toBe("modifying_unread_code");

    const record = await callTool(agentA.headers, "guardrail_record_halt", {
      session_token,
      halt_type: "uncertainty",
      severity: "high",
      description: "Not sure which database is production",
    });
    const haltId = record.result.structuredContent.halt_id;
    expect(haltId).toMatch(/^[0-9a-f-]{36}$/);

    const halts = await callTool(agentA.headers, "guardrail_get_session_halts", { session_token });
    expect(halts.result.structuredContent.total_count).toBe(3);

    const ack = await callTool(agentA.headers, "guardrail_acknowledge_halt", {
      session_token,
      halt_id: haltId,
      resolution: "resolved",
    });
    expect(ack.result.structuredContent).toMatchObject({ confirmed: true, halt_id: haltId });
    const again = await callTool(agentA.headers, "guardrail_acknowledge_halt", {
      session_token,
      halt_id: haltId,
      resolution: "resolved",
    });
    expect(again.result.isError).toBe(true);
    expect(JSON.parse(again.result.content[0].text).error.code).toBe("conflict");
  });

  it("another key's session is refused; invalid arguments are an error result; agents cannot change the config", async () => {
    const { session_token } = await agentA.openSession();
    const foreign = await callTool(agentB.headers, "guardrail_get_session_halts", { session_token });
    expect(foreign.result.isError).toBe(true);
    expect(JSON.parse(foreign.result.content[0].text).error.code).toBe("forbidden");
    const invalid = await callTool(agentA.headers, "guardrail_record_halt", {
      session_token,
      halt_type: "vibes",
    });
    expect(invalid.result.isError).toBe(true);
    const config = await callTool(agentA.headers, "guardrail_update_halt_config", {
      condition_name: "three_strikes",
      enabled: false,
    });
    expect(config.result.isError).toBe(true);
    const admin = await createTestUser(testDatabase.database, "admin");
    const asAdmin = await callTool(await admin.tokenHeaders(), "guardrail_update_halt_config", {
      condition_name: "unknown_commands",
      threshold: { allowed_commands: ["terraform"] },
    });
    expect(asAdmin.result.structuredContent).toMatchObject({
      updated: true,
      current_values: { threshold: { allowed_commands: ["terraform"] } },
    });
  });
});
