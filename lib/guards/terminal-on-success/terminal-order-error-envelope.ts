import type { ToolErrorEnvelope } from "@/lib/tools/agent-tool";

/** The error code of a round rejected by the terminal-on-success order rule (cllama). */
export const TERMINAL_ORDER_ERROR_CODE = "terminal_on_success_order";

/** The model-facing message of that error, verbatim from cllama. */
export const TERMINAL_ORDER_ERROR_MESSAGE =
  "A terminal-on-success managed tool must be the final tool call in the round. No tools were executed. Re-emit calls in a safe order.";

/**
 * The tool result every call of an out-of-order round receives (cllama's envelope, HTTP-style 409). No
 * tool of the round ran; the model gets another round to re-emit the calls in a safe order. Returns a new
 * object on each call, so a caller may attach it to several calls without sharing state.
 */
export function terminalOrderErrorEnvelope(): ToolErrorEnvelope {
  return {
    ok: false,
    status_code: 409,
    error: {
      code: TERMINAL_ORDER_ERROR_CODE,
      message: TERMINAL_ORDER_ERROR_MESSAGE,
      details: { tools_executed: false, required_order: "terminal_on_success_last" },
    },
  };
}
