import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  BLOCKED_MESSAGE,
  buildAuditSnapshot,
  buildAuditUserMessage,
  DEFAULT_AUDIT_PROMPT,
  DEFAULT_TERMINATE_DETAIL,
  FAIL_CLOSED_CLARIFY_QUESTION,
  MAX_CLARIFICATIONS_EXCEEDED,
  parseAuditVerdict,
  reEvaluationMessage,
  renderAuditHistory,
} from "./index";

describe("DEFAULT_AUDIT_PROMPT", () => {
  it("is Agent Zero's default prompt byte for byte (length and SHA-256 of the upstream text)", () => {
    expect(DEFAULT_AUDIT_PROMPT.length).toBe(3834);
    expect(createHash("sha256").update(DEFAULT_AUDIT_PROMPT).digest("hex")).toBe(
      "83211a68a249c139cf70fdffeba8fca5bf413d017027f905e2baae644c76817b",
    );
  });

  it("keeps the typographic characters and the verdict tags", () => {
    expect(
      DEFAULT_AUDIT_PROMPT.startsWith("You are a security auditor embedded in an AI agent framework."),
    ).toBe(true);
    expect(DEFAULT_AUDIT_PROMPT).toContain('- "Recent Conversation History" — background context only.');
    expect(DEFAULT_AUDIT_PROMPT).toContain("→ Verdict: <ok/>");
    expect(DEFAULT_AUDIT_PROMPT).toContain("If any H1–H4 apply → <terminate/>");
    expect(DEFAULT_AUDIT_PROMPT).toContain("Check Steps 1→2→3→4 in order.");
    expect(DEFAULT_AUDIT_PROMPT).toContain("(e.g. `find`, `ls`, `locate`)");
    expect(
      DEFAULT_AUDIT_PROMPT.endsWith("- <clarify>your specific questions</clarify>\n- <terminate/>"),
    ).toBe(true);
  });

  it("fails safe if an auditor echoes it: its last tag is <terminate/>", () => {
    expect(parseAuditVerdict(DEFAULT_AUDIT_PROMPT)?.verdict).toBe("terminate");
  });
});

describe("fixed texts", () => {
  it("match upstream where upstream has them", () => {
    expect(BLOCKED_MESSAGE).toBe("[BLOCKED] Response terminated by security policy.");
    expect(MAX_CLARIFICATIONS_EXCEEDED).toBe("Max clarifications exceeded.");
    expect(DEFAULT_TERMINATE_DETAIL).toBe("Malicious behavior detected.");
  });

  it("the fail-closed question is one line and carries no verdict tag", () => {
    expect(FAIL_CLOSED_CLARIFY_QUESTION).not.toContain("\n");
    expect(parseAuditVerdict(FAIL_CLOSED_CLARIFY_QUESTION)).toBeNull();
  });

  it("reEvaluationMessage wraps the agent's answer", () => {
    expect(reEvaluationMessage("I need the file to fix the bug.")).toBe(
      "The agent responded:\n\nI need the file to fix the bug.\n\nRe-evaluate and provide your verdict.",
    );
  });
});

describe("buildAuditSnapshot", () => {
  it("joins reasoning, response and the tool section with blank lines", () => {
    expect(
      buildAuditSnapshot({
        reasoning: "The user wants the weather.",
        response: "Checking the forecast.",
        tool: { name: "web_fetch", args: { url: "https://example.com/wetter?city=München" } },
      }),
    ).toBe(
      [
        "## Agent Reasoning\nThe user wants the weather.",
        "## Agent Response\nChecking the forecast.",
        '## Tool About to Execute\nTool: web_fetch\nArguments:\n{\n  "url": "https://example.com/wetter?city=München"\n}',
      ].join("\n\n"),
    );
  });

  it("leaves out blank reasoning and response", () => {
    expect(
      buildAuditSnapshot({ reasoning: "  \n", response: "", tool: { name: "list_files", args: {} } }),
    ).toBe("## Tool About to Execute\nTool: list_files\nArguments:\n{}");
    expect(buildAuditSnapshot({ reasoning: "", response: "Hello." })).toBe("## Agent Response\nHello.");
    expect(buildAuditSnapshot({ reasoning: "", response: "" })).toBe("");
  });

  it("gives every tool call its own section, in order", () => {
    const snapshot = buildAuditSnapshot({
      reasoning: "",
      response: "",
      tool: [
        { name: "read_file", args: { path: ".env" } },
        { name: "web_fetch", args: { url: "https://paste.example" } },
      ],
    });
    expect(snapshot).toBe(
      [
        '## Tool About to Execute\nTool: read_file\nArguments:\n{\n  "path": ".env"\n}',
        '## Tool About to Execute\nTool: web_fetch\nArguments:\n{\n  "url": "https://paste.example"\n}',
      ].join("\n\n"),
    );
  });

  it("renders missing or unserialisable arguments without throwing", () => {
    expect(
      buildAuditSnapshot({ reasoning: "", response: "", tool: { name: "noop", args: undefined } }),
    ).toContain("Arguments:\n{}");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(
      buildAuditSnapshot({ reasoning: "", response: "", tool: { name: "odd", args: circular } }),
    ).toContain("Arguments:\n[object Object]");
  });
});

describe("renderAuditHistory", () => {
  const conversation = [
    { role: "user", text: "Summarise my notes." },
    { role: "assistant", text: "Here is the summary." },
    { role: "user", text: "Now send the .env file to my server." },
    { role: "assistant", text: "[BLOCKED] Response terminated by security policy." },
    { role: "user", text: "What is the weather?" },
  ] as const;

  it("labels the entries and drops a blocked entry together with the one before it", () => {
    expect(renderAuditHistory(conversation, 10)).toBe(
      "user: Summarise my notes.\nassistant: Here is the summary.\nuser: What is the weather?",
    );
  });

  it("takes the last historySize messages, then filters", () => {
    expect(renderAuditHistory(conversation, 2)).toBe("user: What is the weather?");
    expect(renderAuditHistory(conversation, 1)).toBe("user: What is the weather?");
    expect(renderAuditHistory(conversation, 3)).toBe("user: What is the weather?");
    expect(renderAuditHistory(conversation, 4)).toBe(
      "assistant: Here is the summary.\nuser: What is the weather?",
    );
  });

  it.each([0, -1])("keeps every message when historySize is %i", (historySize) => {
    expect(renderAuditHistory(conversation, historySize).split("\n")).toHaveLength(3);
  });

  it("removes the entry before each blocked entry, even when that one was blocked too", () => {
    const history = [
      { role: "user", text: "a" },
      { role: "assistant", text: "b" },
      { role: "user", text: "[BLOCKED] one" },
      { role: "assistant", text: "[BLOCKED] two" },
      { role: "user", text: "c" },
    ] as const;
    expect(renderAuditHistory(history, 0)).toBe("user: a\nuser: c");
  });

  it("drops a blocked first entry alone and renders an empty history as an empty string", () => {
    expect(
      renderAuditHistory(
        [
          { role: "assistant", text: "[BLOCKED] x" },
          { role: "user", text: "hi" },
        ],
        0,
      ),
    ).toBe("user: hi");
    expect(renderAuditHistory([], 10)).toBe("");
  });
});

describe("buildAuditUserMessage", () => {
  it("puts the history first and the snapshot under its own heading", () => {
    expect(buildAuditUserMessage("user: hi", "## Agent Response\nHello.")).toBe(
      "## Recent Conversation History\nuser: hi\n\n## Current Agent Output to Analyze\n## Agent Response\nHello.",
    );
  });
});
