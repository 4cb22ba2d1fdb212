import { describe, expect, it } from "vitest";
import {
  buildJudgeEvidence,
  buildJudgeEvidenceText,
  JUDGE_EVIDENCE_MAX_CHARS,
  JUDGE_EVIDENCE_MAX_ITEMS,
  JUDGE_EVIDENCE_PREVIEW_CHARS,
  type JudgeEvidenceInput,
} from "./judge-evidence";

const item = (name: string, ok = true, preview = "done"): JudgeEvidenceInput => ({
  name,
  ok,
  statusCode: ok ? 200 : 502,
  errorCode: ok ? null : "upstream_unavailable",
  preview,
});

describe("buildJudgeEvidence", () => {
  it("gives stable tool-NN and send-NN IDs with name, status and preview", () => {
    const evidence = buildJudgeEvidence(
      [item("web_fetch", true, "Release notes\n  for 2.4"), item("create_issue", false, "Service down")],
      [item("emails_send_draft")],
    );
    expect(evidence.text).toBe(
      [
        "tool-01 web_fetch [ok 200]: Release notes for 2.4",
        "tool-02 create_issue [error 502 upstream_unavailable]: Service down",
        "send-01 emails_send_draft [ok 200]: done",
      ].join("\n"),
    );
    expect([...evidence.ids]).toEqual(["tool-01", "tool-02", "send-01"]);
    expect(evidence.omitted).toBe(0);
  });

  it("says so when there is no evidence", () => {
    const evidence = buildJudgeEvidence([], []);
    expect(evidence.text).toBe("(no tool evidence)");
    expect(evidence.ids.size).toBe(0);
  });

  it("cuts each preview", () => {
    const [line] = buildJudgeEvidence([item("web_fetch", true, "x".repeat(5_000))]).items;
    expect(line!.line.length).toBeLessThan(JUDGE_EVIDENCE_PREVIEW_CHARS + 40);
    expect(line!.line.endsWith("…")).toBe(true);
  });

  it("stays bounded and keeps the most recent items without renumbering them", () => {
    const outputs = Array.from({ length: 150 }, (_, index) => item(`tool_${index}`, true, "y".repeat(400)));
    const evidence = buildJudgeEvidence(outputs, [item("send_email")]);
    expect(evidence.text.length).toBeLessThanOrEqual(JUDGE_EVIDENCE_MAX_CHARS);
    expect(evidence.items.length).toBeLessThanOrEqual(JUDGE_EVIDENCE_MAX_ITEMS);
    expect(evidence.ids.has("tool-150")).toBe(true);
    expect(evidence.ids.has("send-01")).toBe(true);
    expect(evidence.ids.has("tool-01")).toBe(false);
    expect(evidence.text).toMatch(/^\(\d+ earlier tool results left out\)\n/);
    expect(evidence.items.find((entry) => entry.id === "tool-150")?.name).toBe("tool_149");
  });

  it("buildJudgeEvidenceText is the text alone", () => {
    expect(buildJudgeEvidenceText([item("web_fetch")])).toBe("tool-01 web_fetch [ok 200]: done");
  });
});
