/**
 * The halt contract's three usage examples (docs/halt-conditions.md#usage-examples) through REST, with a real
 * session token and the recorded halt's id in place of the example's placeholders ("sess_abc123",
 * "halt_789xyz").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopProcessHaltConfigCache } from "@/lib/halts/service";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agent: TestAgent;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agent = await createTestAgent(testDatabase.database);
});
afterAll(async () => {
  await stopProcessHaltConfigCache();
  await testDatabase.drop();
});

const pick = (
  reasons: { halt_type: string; condition_name: string; severity: string; description: string }[],
) =>
  reasons.map(({ halt_type, condition_name, severity, description }) => ({
    halt_type,
    condition_name,
    severity,
    description,
  }));

describe("halt contract usage examples (docs/halt-conditions.md#usage-examples)", () => {
  let example1HaltId = "";
  let sessionToken = "";

  it("example 1 (code safety): modifying an unread file without rollback plan halts with the two documented reasons", async () => {
    sessionToken = (await agent.openSession()).session_token;
    const response = await agent.check({
      session_token: sessionToken,
      current_context: {
        operation: "modify authentication logic",
        target_files: ["src/auth.js"],
        files_read: ["src/app.js"],
        attempt_number: 1,
      },
      proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.should_halt).toBe(true);
    expect(response.body.highest_severity).toBe("critical");
    expect(pick(response.body.halt_reasons)).toEqual([
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
    // Auto-recorded: critical always, high by default.
    for (const reason of response.body.halt_reasons) {
      expect(reason.auto_recorded).toBe(true);
      expect(reason.halt_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(response.body.context_annotations).toEqual({ files_not_read: ["src/auth.js"] });
    example1HaltId = response.body.halt_reasons[0].halt_id;
  });

  it("example 2 (three strikes): the third attempt halts with three_strikes and repeated_errors", async () => {
    const { session_token } = await agent.openSession();
    const response = await agent.check({
      session_token,
      task_id: "task_fix_bug_42",
      current_context: {
        operation: "fix null pointer exception",
        attempt_number: 3,
        previous_errors: [
          "TypeError: Cannot read property 'x' of null",
          "TypeError: Cannot read property 'x' of undefined",
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.should_halt).toBe(true);
    expect(pick(response.body.halt_reasons)).toEqual([
      {
        halt_type: "execution",
        condition_name: "three_strikes",
        severity: "high",
        description: "Task has failed 3 times. Context may be contaminated.",
      },
      {
        halt_type: "execution",
        condition_name: "repeated_errors",
        severity: "medium",
        description: "Similar errors across attempts suggest fundamental misunderstanding",
      },
    ]);
    expect(response.body.recommended_action).toBe("HALT and escalate to user. Recommend fresh session.");
  });

  it("example 3 (acknowledgement): resolving a session's recorded halt confirms it and the session can resume", async () => {
    const session = await agent.openSession();
    const recorded = await agent.record({
      session_token: session.session_token,
      halt_type: "code_safety",
      condition_name: "modifying_unread_code",
      severity: "critical",
      description: "Attempting to modify src/auth.js which has not been read",
      context: { file_paths: ["src/auth.js"] },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ requires_acknowledgment: true, escalation_triggered: true });
    const response = await agent.acknowledge(recorded.body.halt_id, {
      session_token: session.session_token,
      halt_id: recorded.body.halt_id,
      resolution: "resolved",
      resolution_notes: "User confirmed they read the file in another session",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      confirmed: true,
      halt_id: recorded.body.halt_id,
      acknowledged_at: expect.any(String),
      session_can_resume: true,
    });
  });

  it("example 3 on example 1's session: the session resumes only once both recorded halts are acknowledged", async () => {
    const response = await agent.acknowledge(example1HaltId, {
      session_token: sessionToken,
      halt_id: example1HaltId,
      resolution: "resolved",
      resolution_notes: "User confirmed they read the file in another session",
    });
    expect(response.status).toBe(200);
    expect(response.body.confirmed).toBe(true);
    expect(response.body.halt_id).toBe(example1HaltId);
    // The session still has example 1's no_rollback_plan halt open: it resumes only when that is acknowledged too.
    expect(response.body.session_can_resume).toBe(false);
    const others = await testDatabase.database.haltEvent.findMany({
      where: { session: { sessionToken }, acknowledged: false },
    });
    expect(others.map((event) => event.conditionName)).toEqual(["no_rollback_plan"]);
    const last = await agent.acknowledge(others[0]!.id, {
      session_token: sessionToken,
      resolution: "resolved",
    });
    expect(last.body).toMatchObject({ confirmed: true, session_can_resume: true });
    const session = await testDatabase.database.agentSession.findUniqueOrThrow({ where: { sessionToken } });
    expect(session.state).toBe("active");
  });
});
