import { describe, expect, it } from "vitest";
import { detectFailedSideEffects, type ToolEvidence } from "./detect-failed-side-effects";

const ok = (name: string): ToolEvidence => ({ name, ok: true, statusCode: 200 });
const failed = (name: string, errorCode = "upstream_unavailable", statusCode = 502): ToolEvidence => ({
  name,
  ok: false,
  statusCode,
  errorCode,
});

describe("detectFailedSideEffects", () => {
  it("reports a failed mutating tool with its code and status", () => {
    expect(detectFailedSideEffects([ok("web_fetch"), failed("emails_send_draft")])).toEqual([
      { name: "emails_send_draft", errorCode: "upstream_unavailable", statusCode: 502 },
    ]);
  });

  it("ignores failed read-shaped and unknown tools", () => {
    expect(
      detectFailedSideEffects([
        failed("web_fetch", "network_error"),
        failed("mcp__github__get_issue"),
        failed("workflow_run_status"),
        failed("calculator"),
      ]),
    ).toEqual([]);
  });

  it("ignores the run's own plan tool", () => {
    expect(detectFailedSideEffects([failed("agent_todo_update", "invalid_arguments", 400)])).toEqual([]);
  });

  it("reports each tool once, in the order of first failure, MCP names included", () => {
    const names = detectFailedSideEffects([
      failed("mcp__slack__chat_postMessage"),
      failed("run_shell_command", "exit_code", 500),
      failed("mcp__slack__chat_postMessage"),
      ok("mcp__slack__chat_postMessage"),
    ]).map((item) => item.name);
    expect(names).toEqual(["mcp__slack__chat_postMessage", "run_shell_command"]);
  });

  it("a real execution failure counts even when a later call of the same tool succeeded", () => {
    expect(detectFailedSideEffects([failed("send_email"), ok("send_email")])).toHaveLength(1);
  });

  it.each(["invalid_arguments", "unknown_tool", "terminal_on_success_order"])(
    "a pre-execution rejection (%s) counts only when the tool never succeeded later",
    (code) => {
      expect(detectFailedSideEffects([failed("send_email", code, 400), ok("send_email")])).toEqual([]);
      expect(detectFailedSideEffects([failed("send_email", code, 400), ok("web_fetch")])).toEqual([
        { name: "send_email", errorCode: code, statusCode: 400 },
      ]);
    },
  );

  it("handles a failure without code or status", () => {
    expect(detectFailedSideEffects([{ name: "npm_install", ok: false }])).toEqual([
      { name: "npm_install", errorCode: null, statusCode: null },
    ]);
  });
});
