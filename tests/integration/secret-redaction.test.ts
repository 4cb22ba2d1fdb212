/**
 * No secret lands in a row or a response: every secret format (tests/fixtures/secret-formats.ts) is
 * written into every stored free-text field (halts, halt checks, acknowledgements, runs and their
 * events, the settings row and its audit, MCP gateway pins, runs and events), then every row of every
 * table in the database is read back as text over SQL and searched for it, as is every response.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as runsRoute from "@/app/api/runs/route";
import { reconcileToolPins } from "@/lib/mcp-gateway/tool-pins";
import { openDirectRun } from "@/lib/runs/direct-runs";
import { type SecretFormat, secretFormats } from "@/tests/fixtures/secret-formats";
import { createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agent: TestAgent;
let operator: TestUser;
const FORMATS = secretFormats();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agent = await createTestAgent(testDatabase.database, ["halts:read", "halts:write", "runs:write"]);
  operator = await createTestUser(testDatabase.database, "operator");
});
afterAll(async () => {
  await testDatabase.drop();
});

/** `text` for a field of at most `max` characters (every format's sentence fits; checked here). */
function sized(format: SecretFormat, max: number): string {
  if (format.text.length > max) throw new Error(`${format.name} does not fit ${max} characters`);
  return format.text;
}

/** Every table of the public schema, each row as text (JSON columns included). */
async function databaseText(): Promise<string> {
  const client = new pg.Client({ connectionString: testDatabase.url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select t::text as row from ${name} t`);
      parts.push(...rows.rows.map((row) => `${name}: ${row.row}`));
    }
    return parts.join("\n");
  } finally {
    await client.end();
  }
}

/** Where `secret` occurs in `text`, with some context (for a readable failure). */
function leaks(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let index = text.indexOf(secret); index !== -1; index = text.indexOf(secret, index + 1))
    found.push(text.slice(Math.max(0, index - 120), index + secret.length + 20));
  return found;
}

describe("every secret format in every stored free-text field", () => {
  const responses: { format: SecretFormat; route: string; body: string }[] = [];

  it.each(FORMATS.map((format) => [format.name, format] as const))(
    "%s: written through every route that stores free text",
    async (_name, format) => {
      const text = format.text;
      const respond = (route: string, response: { status: number; body: unknown }) => {
        responses.push({ format, route, body: JSON.stringify(response.body) });
        return response;
      };

      // A halt: task_id, description, every context list, previous_error.
      const session = await agent.openSession();
      const recorded = respond(
        "POST /api/halts",
        await agent.record({
          session_token: session.session_token,
          task_id: sized(format, 256),
          halt_type: "execution",
          severity: "high",
          description: `Stopped: ${text}`,
          context: {
            file_paths: [`/srv/app/${sized(format, 200)}`, text],
            commands: [`deploy ${text}`],
            error_messages: [`failed: ${text}`],
          },
          previous_error: `earlier: ${text}`,
        }),
      );
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);

      // Its acknowledgement: resolution_notes and acknowledged_by.
      const acknowledged = respond(
        "POST /api/halts/{id}/acknowledge",
        await agent.acknowledge((recorded.body as { halt_id: string }).halt_id, {
          session_token: session.session_token,
          halt_id: (recorded.body as { halt_id: string }).halt_id,
          resolution: "resolved",
          resolution_notes: `resolved: ${text}`,
          acknowledged_by: sized(format, 200),
        }),
      );
      expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);

      // A check: every text field of the context and the proposed change (auto-records the halt).
      const checkSession = await agent.openSession();
      const checked = respond(
        "POST /api/halts/check",
        await agent.check({
          session_token: checkSession.session_token,
          task_id: sized(format, 256),
          current_context: {
            operation: `run ${text}`,
            target_files: [text],
            files_read: [`/etc/${sized(format, 200)}`],
            attempt_number: 1,
            previous_errors: [`error ${text}`],
            commands: [`curl ${text}`],
            scope_boundary: `only ${text}`,
            user_instructions: [`use ${text}`],
            output: `printing ${text}`,
            services: [{ name: sized(format, 200), environment: "production", endpoint: text }],
          },
          proposed_changes: {
            files_to_modify: [text],
            has_tests: true,
            has_rollback_plan: true,
            diff: `+ ${text}`,
          },
        }),
      );
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      // Keel's own tokens are exposed secrets like any other.
      expect(
        (checked.body as { halt_reasons: { condition_name: string }[] }).halt_reasons.map(
          (reason) => reason.condition_name,
        ),
      ).toContain("secrets_exposure");

      // A run: its task and its run.queued event.
      const run = respond(
        "POST /api/runs",
        await callRoute(runsRoute.POST, {
          method: "POST",
          path: "/api/runs",
          headers: await operator.tokenHeaders(),
          json: { task: `Please ${text}`, kind: "job" },
        }),
      );
      expect(run.status, JSON.stringify(run.body)).toBe(201);

      // The settings row and its audit trail: the audit prompt.
      const settings = respond(
        "PUT /api/app-settings",
        await callRoute(settingsRoute.PUT, {
          method: "PUT",
          path: "/api/app-settings",
          headers: await operator.tokenHeaders(),
          json: { auditGatePrompt: `Audit carefully. ${text}` },
        }),
      );
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      // MCP gateway records: a tool pin (description, schema) and a gateway run with its events.
      await reconcileToolPins(testDatabase.database, `upstream-${format.secret.length}`, [
        {
          tool: `tool_${FORMATS.indexOf(format)}`,
          description: `Looks up ${text}`,
          inputSchema: { type: "object", properties: { q: { type: "string", default: text } } },
          instructionShaped: false,
        },
      ]);
      const gatewayRun = await openDirectRun(testDatabase.database, {
        kind: "gateway",
        task: `MCP gateway session (http) for ${text}`,
        createdBy: "agent:test",
        apiKeyId: null,
        agentName: "test",
        model: null,
      });
      await gatewayRun.writer.write({
        type: "gateway.session",
        client: text,
        servers: [{ name: sized(format, 200), status: "connected", tools: 1 }],
      });
    },
  );

  it("left no secret in any row of any table, nor in any response", async () => {
    expect(responses.length).toBe(FORMATS.length * 5);
    const dump = await databaseText();
    const found: Record<string, string[]> = {};
    for (const format of FORMATS) {
      const inRows = leaks(dump, format.secret);
      const inResponses = responses
        .filter((response) => response.body.includes(format.secret))
        .map((response) => `${response.route}: ${leaks(response.body, format.secret)[0]}`);
      if (inRows.length + inResponses.length > 0) found[format.name] = [...inRows, ...inResponses];
    }
    expect(found).toEqual({});
    // The dump is not vacuous: the surrounding text is there.
    expect(dump).toContain("Audit carefully.");
    expect(dump).toContain("resolved: ");
    expect(dump).toContain("Looks up ");
  });
});
