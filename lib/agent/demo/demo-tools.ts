/**
 * Tools that exist only for the demo scenarios. `demo_approve_request` is annotated terminal-on-success,
 * so a successful call ends the run (docs/design.md#terminal-on-success) and the model never sees its
 * result. `demo_send_report` always fails with 502, so the failed-side-effect caveat of run finalization
 * shows (docs/run-finalization.md#4-caveats).
 */
import { type AgentTool, toolError, toolSuccess } from "@/lib/tools/agent-tool";

/** The annotation that marks a tool terminal-on-success. */
export const TERMINAL_ON_SUCCESS_ANNOTATION = "x-claw.terminalOnSuccess";

/** Name of the demo approval tool. */
export const DEMO_APPROVE_REQUEST_TOOL = "demo_approve_request";

/** Name of the demo report tool (a mutating tool whose every call fails). */
export const DEMO_SEND_REPORT_TOOL = "demo_send_report";

/** The error message of every `demo_send_report` call. */
export const DEMO_SEND_REPORT_ERROR =
  "The report service is unavailable (502 Bad Gateway). Nothing was sent.";

/**
 * The demo tool set: `demo_approve_request({ request_id })` records a (demo) decision and returns
 * `{ status: "DENIED", receipt_id: "receipt-1", request_id }`; a missing or empty `request_id` is an
 * `invalid_arguments` error (not terminal, since only a success ends the run).
 * `demo_send_report({ recipients, subject })` always answers `upstream_unavailable` with status 502.
 */
export function createDemoTools(): AgentTool[] {
  return [
    {
      name: DEMO_APPROVE_REQUEST_TOOL,
      description:
        "Demo only: submit an access request for approval. Returns the decision and a receipt. The run ends after a successful call.",
      inputSchema: {
        type: "object",
        properties: { request_id: { type: "string", description: "The request id, e.g. REQ-1042." } },
        required: ["request_id"],
        additionalProperties: false,
      },
      annotations: { [TERMINAL_ON_SUCCESS_ANNOTATION]: true },
      source: "catalog",
      async execute(args) {
        const requestId = (args as { request_id?: unknown } | null)?.request_id;
        if (typeof requestId !== "string" || requestId === "")
          return toolError("invalid_arguments", "request_id must be a non-empty string.", 400);
        return toolSuccess({ status: "DENIED", receipt_id: "receipt-1", request_id: requestId });
      },
    },
    {
      name: DEMO_SEND_REPORT_TOOL,
      description:
        "Demo only: send a status report to a list of recipients. (The demo report service is down.)",
      inputSchema: {
        type: "object",
        properties: {
          recipients: { type: "string", description: "Who gets the report, e.g. team." },
          subject: { type: "string", description: "The report's subject line." },
        },
        required: ["recipients", "subject"],
        additionalProperties: false,
      },
      source: "catalog",
      async execute() {
        return toolError("upstream_unavailable", DEMO_SEND_REPORT_ERROR, 502);
      },
    },
  ];
}
