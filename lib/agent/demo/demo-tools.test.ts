import { describe, expect, it } from "vitest";
import { createDemoTools } from "./demo-tools";

const context = { runId: "run-1", callId: "call-1", signal: new AbortController().signal };

describe("createDemoTools", () => {
  const [approve] = createDemoTools();

  it("declares demo_approve_request as terminal on success", () => {
    expect(approve?.name).toBe("demo_approve_request");
    expect(approve?.annotations).toEqual({ "x-claw.terminalOnSuccess": true });
    expect(approve?.inputSchema).toMatchObject({ type: "object", required: ["request_id"] });
  });

  it("returns a DENIED receipt for the request", async () => {
    const outcome = await approve!.execute({ request_id: "REQ-1042" }, context);
    expect(outcome.envelope).toEqual({
      ok: true,
      status_code: 200,
      data: { status: "DENIED", receipt_id: "receipt-1", request_id: "REQ-1042" },
    });
  });

  it.each([{}, { request_id: "" }, { request_id: 7 }, null])(
    "rejects %j without succeeding",
    async (args) => {
      const outcome = await approve!.execute(args, context);
      expect(outcome.envelope).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
    },
  );
});
