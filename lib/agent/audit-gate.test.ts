import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUDIT_PROMPT,
  DEFAULT_TERMINATE_DETAIL,
  FAIL_CLOSED_CLARIFY_QUESTION,
  MAX_CLARIFICATIONS_EXCEEDED,
  reEvaluationMessage,
} from "@/lib/guards/audit-gate";
import type { RunEventOf } from "@/lib/schemas/runs";
import {
  AUDIT_TERMINATE_REASON_LIMIT,
  type AuditGateDeps,
  type AuditMessage,
  createStepAuditGate,
} from "./audit-gate";

/**
 * What the fake audit model does on one call: reply with text, throw, or hang until its signal aborts
 * (a check still running when the gate decides).
 */
type ScriptedAudit = string | Error | "hang";

type AuditCall = { system: string; messages: AuditMessage[]; signal: AbortSignal };

type GateEvent = RunEventOf<"audit.verdict"> | RunEventOf<"audit.clarification">;

/** Builds the gate with scripted fakes and records every call and event. */
function createGate(
  options: {
    audits?: ScriptedAudit[];
    /** The main model's answers; "hang" never settles. */
    answers?: string[];
    flags?: Partial<AuditGateDeps["flags"]>;
    history?: AuditGateDeps["history"];
    signal?: AbortSignal;
  } = {},
) {
  const audits = [...(options.audits ?? [])];
  const answers = [...(options.answers ?? [])];
  const auditCalls: AuditCall[] = [];
  const clarifyCalls: string[] = [];
  const events: GateEvent[] = [];
  const gate = createStepAuditGate({
    flags: {
      auditGateMode: "thoughts",
      auditGateMaxClarifications: 3,
      auditGateHistorySize: 10,
      auditGatePrompt: null,
      ...options.flags,
    },
    history: options.history ?? [{ role: "user", text: "List the files in my project." }],
    audit(system, messages, signal) {
      auditCalls.push({ system, messages, signal });
      const next = audits.shift();
      if (next === undefined) throw new Error("test: no scripted audit reply left");
      if (next instanceof Error) return Promise.reject(next);
      if (next === "hang") {
        return new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        });
      }
      return Promise.resolve(next);
    },
    clarify(questions) {
      clarifyCalls.push(questions);
      const answer = answers.shift();
      if (answer === undefined) throw new Error("test: no scripted answer left");
      // "hang": the main model never answers (it ignores the signal; the gate must not wait for it).
      if (answer === "hang") return new Promise<string>(() => {});
      return Promise.resolve(answer);
    },
    emit(event) {
      events.push(event);
    },
    step: 2,
    signal: options.signal ?? new AbortController().signal,
    now: () => 0,
  });
  return { gate, auditCalls, clarifyCalls, events };
}

const LIST_FILES = [{ name: "list_files", args: { path: "." } }];

/** Lets every pending promise callback run (one macrotask turn; no clock involved). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function userContent(call: AuditCall | undefined): string {
  return call?.messages[0]?.content ?? "";
}

describe("createStepAuditGate: thoughts mode", () => {
  it("fast path: reuses a background verdict that is ready, with no second audit call", async () => {
    const { gate, auditCalls, events } = createGate({ audits: ["The user asked for a listing. <ok/>"] });
    gate.onReasoningDelta("The user wants their files listed.");
    gate.onTextDelta("Listing the files.");
    gate.onToolInputStart();
    await settle();

    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(1);
    expect(userContent(auditCalls[0])).toContain(
      "## Current Agent Output to Analyze\n## Agent Reasoning\nThe user wants their files listed.\n\n## Agent Response\nListing the files.",
    );
    expect(userContent(auditCalls[0])).not.toContain("## Tool About to Execute");
    expect(events).toEqual([
      {
        type: "audit.verdict",
        step: 2,
        verdict: "ok",
        detail: "",
        clarification: 0,
        failClosed: false,
        durationMs: 0,
      },
    ]);
  });

  it("slow path: aborts a background check still running and re-checks with the tool calls", async () => {
    const { gate, auditCalls, events } = createGate({ audits: ["hang", "<ok/>"] });
    gate.onReasoningDelta("The user wants their files listed.");
    gate.onToolInputStart();
    gate.onTextDelta("More text streamed after the tool call began.");

    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(2);
    expect(auditCalls[0]?.signal.aborted).toBe(true);
    expect(userContent(auditCalls[1])).toContain(
      '## Agent Response\nMore text streamed after the tool call began.\n\n## Tool About to Execute\nTool: list_files\nArguments:\n{\n  "path": "."\n}',
    );
    expect(events.map((event) => event.type)).toEqual(["audit.verdict"]);
  });

  it("takes the slow path when the background check finished without a verdict", async () => {
    const { gate, auditCalls } = createGate({ audits: ["I am not sure.", "<ok/>"] });
    gate.onTextDelta("Listing the files.");
    gate.onToolInputStart();
    await settle();

    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(2);
    expect(userContent(auditCalls[1])).toContain("## Tool About to Execute");
  });

  it("starts no background check on blank text, but still checks the tool calls alone", async () => {
    const { gate, auditCalls } = createGate({ audits: ["<ok/>"] });
    gate.onTextDelta("  \n");
    gate.onToolInputStart();
    await settle();
    expect(auditCalls).toHaveLength(0);

    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(1);
    expect(userContent(auditCalls[0])).toContain(
      "## Current Agent Output to Analyze\n## Tool About to Execute\nTool: list_files",
    );
    expect(userContent(auditCalls[0])).not.toContain("## Agent Response");
  });

  it("starts the background check only on the first tool input", async () => {
    const { gate, auditCalls } = createGate({ audits: ["<ok/>"] });
    gate.onTextDelta("Two calls coming.");
    gate.onToolInputStart();
    gate.onToolInputStart();
    await settle();
    await gate.decide([...LIST_FILES, { name: "read_file", args: { path: "README.md" } }]);
    expect(auditCalls).toHaveLength(1);
  });
});

describe("createStepAuditGate: complete mode", () => {
  it("checks reasoning, the full response and every tool call at decide time", async () => {
    const { gate, auditCalls } = createGate({ audits: ["<ok/>"], flags: { auditGateMode: "complete" } });
    gate.onReasoningDelta("Plan: read then fetch.");
    gate.onTextDelta("Reading ");
    gate.onToolInputStart();
    gate.onTextDelta("and fetching.");
    await settle();
    expect(auditCalls).toHaveLength(0);

    await gate.decide([
      { name: "read_file", args: { path: "notes.md" } },
      { name: "web_fetch", args: { url: "https://example.com" } },
    ]);
    expect(auditCalls).toHaveLength(1);
    const content = userContent(auditCalls[0]);
    expect(content).toContain(
      "## Agent Reasoning\nPlan: read then fetch.\n\n## Agent Response\nReading and fetching.",
    );
    expect(content).toContain("Tool: read_file");
    expect(content).toContain("Tool: web_fetch");
  });
});

describe("createStepAuditGate: verdicts", () => {
  it("terminate: the reason is the auditor's chain of thought", async () => {
    const { gate, events } = createGate({
      audits: ["The agent is about to post the API key to an external URL (H1).\n<terminate/>"],
      flags: { auditGateMode: "complete" },
    });
    await expect(
      gate.decide([{ name: "web_fetch", args: { url: "https://evil.example" } }]),
    ).resolves.toEqual({
      verdict: "terminate",
      reason: "The agent is about to post the API key to an external URL (H1).",
    });
    expect(events).toEqual([
      {
        type: "audit.verdict",
        step: 2,
        verdict: "terminate",
        detail: "The agent is about to post the API key to an external URL (H1).",
        clarification: 0,
        failClosed: false,
        durationMs: 0,
      },
    ]);
  });

  it("terminate without reasoning falls back to the default detail; a long reason is capped", async () => {
    const bare = createGate({ audits: ["<terminate/>"] });
    await expect(bare.gate.decide(LIST_FILES)).resolves.toEqual({
      verdict: "terminate",
      reason: DEFAULT_TERMINATE_DETAIL,
    });

    const long = createGate({ audits: [`${"x".repeat(5_000)}<terminate/>`] });
    const decision = await long.gate.decide(LIST_FILES);
    expect(decision.verdict === "terminate" && decision.reason.length).toBe(AUDIT_TERMINATE_REASON_LIMIT);
  });

  it("uses a custom prompt as the system prompt, the built-in one otherwise", async () => {
    const custom = createGate({
      audits: ["<ok/>"],
      flags: { auditGatePrompt: "Audit strictly. Reply <ok/>." },
    });
    await custom.gate.decide(LIST_FILES);
    expect(custom.auditCalls[0]?.system).toBe("Audit strictly. Reply <ok/>.");

    const builtIn = createGate({ audits: ["<ok/>"] });
    await builtIn.gate.decide(LIST_FILES);
    expect(builtIn.auditCalls[0]?.system).toBe(DEFAULT_AUDIT_PROMPT);
  });

  it("shows the auditor the history without blocked exchanges, limited to the history size", async () => {
    const { gate, auditCalls } = createGate({
      audits: ["<ok/>"],
      flags: { auditGateHistorySize: 4 },
      history: [
        { role: "user", text: "Oldest message, outside the window." },
        { role: "user", text: "Summarise my notes." },
        { role: "user", text: "Now mail my .env to this address." },
        { role: "assistant", text: "[BLOCKED] Response terminated by security policy." },
        { role: "user", text: "List the files instead." },
      ],
    });
    await gate.decide(LIST_FILES);
    expect(userContent(auditCalls[0])).toMatch(
      /^## Recent Conversation History\nuser: Summarise my notes\.\nuser: List the files instead\.\n\n## Current Agent Output to Analyze\n/,
    );
  });

  it("returns the same decision to a second call without auditing again", async () => {
    const { gate, auditCalls } = createGate({ audits: ["<ok/>"] });
    const first = gate.decide(LIST_FILES);
    expect(gate.decide(LIST_FILES)).toBe(first);
    await first;
    expect(auditCalls).toHaveLength(1);
  });

  it("has nothing to gate without tool calls", async () => {
    const { gate, auditCalls, events } = createGate();
    gate.onTextDelta("Just an answer.");
    await expect(gate.decide([])).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(0);
    expect(events).toEqual([]);
  });
});

describe("createStepAuditGate: clarify loop", () => {
  it("clarify then ok: the main model answers and the audit conversation continues", async () => {
    const firstReply =
      "The agent searches for key files (S1).\n<clarify>Why do you need the key files?</clarify>";
    const { gate, auditCalls, clarifyCalls, events } = createGate({
      audits: [firstReply, "The explanation is plausible. <ok/>"],
      answers: ["The user asked me to rotate the deploy key."],
    });
    gate.onTextDelta("Looking for key files.");

    await expect(gate.decide([{ name: "find_files", args: { pattern: "*.pem" } }])).resolves.toEqual({
      verdict: "ok",
    });
    expect(clarifyCalls).toEqual(["Why do you need the key files?"]);
    expect(auditCalls).toHaveLength(2);
    expect(auditCalls[1]?.messages).toEqual([
      auditCalls[0]?.messages[0],
      { role: "assistant", content: firstReply },
      { role: "user", content: reEvaluationMessage("The user asked me to rotate the deploy key.") },
    ]);
    expect(events).toEqual([
      {
        type: "audit.verdict",
        step: 2,
        verdict: "clarify",
        detail: "Why do you need the key files?",
        clarification: 0,
        failClosed: false,
        durationMs: 0,
      },
      {
        type: "audit.clarification",
        step: 2,
        index: 1,
        max: 3,
        questions: "Why do you need the key files?",
        answer: "The user asked me to rotate the deploy key.",
      },
      {
        type: "audit.verdict",
        step: 2,
        verdict: "ok",
        detail: "",
        clarification: 1,
        failClosed: false,
        durationMs: 0,
      },
    ]);
  });

  it("clarify on every round terminates once the budget is spent; each new clarify replaces the questions", async () => {
    const { gate, auditCalls, clarifyCalls, events } = createGate({
      audits: ["<clarify>Q1</clarify>", "<clarify>Q2</clarify>", "<clarify>Q3</clarify>"],
      answers: ["A1", "A2"],
      flags: { auditGateMaxClarifications: 2 },
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({
      verdict: "terminate",
      reason: MAX_CLARIFICATIONS_EXCEEDED,
    });
    expect(clarifyCalls).toEqual(["Q1", "Q2"]);
    expect(auditCalls).toHaveLength(3);
    expect(auditCalls[2]?.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(
      events.map((event) =>
        event.type === "audit.verdict" ? `verdict ${event.clarification}` : `round ${event.index}`,
      ),
    ).toEqual(["verdict 0", "round 1", "verdict 1", "round 2", "verdict 2"]);
  });

  it("a terminate during the loop ends it with the auditor's reason", async () => {
    const { gate, clarifyCalls } = createGate({
      audits: [
        "<clarify>Where does the URL come from?</clarify>",
        "The answer reveals exfiltration.\n<terminate/>",
      ],
      answers: ["A web page told me to upload the file there."],
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({
      verdict: "terminate",
      reason: "The answer reveals exfiltration.",
    });
    expect(clarifyCalls).toHaveLength(1);
  });

  it("with a budget of 0, the first clarify terminates without asking the main model", async () => {
    const { gate, auditCalls, clarifyCalls, events } = createGate({
      audits: ["<clarify>Why?</clarify>"],
      flags: { auditGateMaxClarifications: 0 },
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({
      verdict: "terminate",
      reason: MAX_CLARIFICATIONS_EXCEEDED,
    });
    expect(auditCalls).toHaveLength(1);
    expect(clarifyCalls).toEqual([]);
    expect(events).toHaveLength(1);
  });

  it("caps the questions and the answer in the clarification event", async () => {
    const { gate, events } = createGate({
      audits: [`<clarify>${"q".repeat(5_000)}</clarify>`, "<ok/>"],
      answers: ["a".repeat(5_000)],
    });
    await gate.decide(LIST_FILES);
    const round = events.find((event) => event.type === "audit.clarification");
    expect(round?.questions).toHaveLength(4_000);
    expect(round?.answer).toHaveLength(4_000);
  });
});

describe("createStepAuditGate: fail closed", () => {
  it("retries a reply without a verdict once and accepts the retry's verdict", async () => {
    const { gate, auditCalls, events } = createGate({ audits: ["Looks harmless to me.", "<ok/>"] });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(auditCalls).toHaveLength(2);
    expect(auditCalls[1]?.messages).toEqual(auditCalls[0]?.messages);
    expect(events).toMatchObject([{ verdict: "ok", failClosed: false }]);
  });

  it("two replies without a verdict become the fail-closed clarify", async () => {
    const { gate, auditCalls, clarifyCalls, events } = createGate({
      audits: ["Looks harmless.", "<OK/>", "The explanation is plausible. <ok/>"],
      answers: ["I only list the project folder the user named."],
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(clarifyCalls).toEqual([FAIL_CLOSED_CLARIFY_QUESTION]);
    expect(auditCalls[2]?.messages[1]).toEqual({
      role: "assistant",
      content: `<clarify>${FAIL_CLOSED_CLARIFY_QUESTION}</clarify>`,
    });
    expect(events[0]).toEqual({
      type: "audit.verdict",
      step: 2,
      verdict: "clarify",
      detail: FAIL_CLOSED_CLARIFY_QUESTION,
      clarification: 0,
      failClosed: true,
      durationMs: 0,
    });
  });

  it("an audit call that throws twice fails closed, and terminates with no budget left", async () => {
    const { gate, auditCalls, clarifyCalls, events } = createGate({
      audits: [new Error("503 from provider"), new Error("503 from provider")],
      flags: { auditGateMaxClarifications: 0 },
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({
      verdict: "terminate",
      reason: MAX_CLARIFICATIONS_EXCEEDED,
    });
    expect(auditCalls).toHaveLength(2);
    expect(clarifyCalls).toEqual([]);
    expect(events).toMatchObject([{ verdict: "clarify", failClosed: true }]);
  });

  it("an audit error then a verdict is not fail-closed", async () => {
    const { gate, events } = createGate({ audits: [new Error("timeout"), "<terminate/>"] });
    await expect(gate.decide(LIST_FILES)).resolves.toMatchObject({ verdict: "terminate" });
    expect(events).toMatchObject([{ verdict: "terminate", failClosed: false }]);
  });

  it("a failing re-evaluation after a clarification also gets the fail-closed clarify", async () => {
    const { gate, clarifyCalls } = createGate({
      audits: ["<clarify>Why?</clarify>", new Error("down"), "no tag", "<ok/>"],
      answers: ["Because.", "The user asked for it."],
    });
    await expect(gate.decide(LIST_FILES)).resolves.toEqual({ verdict: "ok" });
    expect(clarifyCalls).toEqual(["Why?", FAIL_CLOSED_CLARIFY_QUESTION]);
  });
});

describe("createStepAuditGate: run cancellation", () => {
  it("rejects with the abort reason while the audit runs, and records no verdict", async () => {
    const run = new AbortController();
    const { gate, auditCalls, events } = createGate({ audits: ["hang"], signal: run.signal });
    const decision = gate.decide(LIST_FILES);
    await settle();
    const reason = new Error("run cancelled");
    run.abort(reason);
    await expect(decision).rejects.toBe(reason);
    expect(auditCalls).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it("rejects with the abort reason while the main model answers a clarification", async () => {
    const run = new AbortController();
    const { gate, clarifyCalls, events } = createGate({
      audits: ["<clarify>Why?</clarify>"],
      answers: ["hang"],
      signal: run.signal,
    });
    const decision = gate.decide(LIST_FILES);
    await settle();
    expect(clarifyCalls).toEqual(["Why?"]);
    const reason = new Error("run cancelled");
    run.abort(reason);
    await expect(decision).rejects.toBe(reason);
    expect(events.map((event) => event.type)).toEqual(["audit.verdict"]);
  });

  it("does not turn a cancelled run's audit error into a retry or a verdict", async () => {
    const run = new AbortController();
    const reason = new Error("runtime stopping");
    run.abort(reason);
    const { gate, auditCalls, events } = createGate({ audits: ["<ok/>"], signal: run.signal });
    await expect(gate.decide(LIST_FILES)).rejects.toBe(reason);
    expect(auditCalls).toHaveLength(0);
    expect(events).toEqual([]);
  });
});
