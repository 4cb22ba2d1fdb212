import type { ToolEnvelope } from "@/lib/tools/agent-tool";

/**
 * Whether an annotated tool's result ends the run: a 2xx `status_code` AND `ok === true` (cllama). The
 * domain payload is deliberately not read: `{ ok: true, status_code: 200, data: { status: "DENIED" } }` is an
 * authoritative receipt and terminates, so the model cannot narrate a different outcome afterwards. A
 * failure (`ok: false`, or a non-2xx status such as 409) does not terminate: the model keeps its recovery
 * round to explain or correct it. The caller checks the annotation; this only judges the envelope.
 */
export function isTerminalSuccess(envelope: ToolEnvelope): boolean {
  const status = envelope.status_code;
  return envelope.ok === true && typeof status === "number" && status >= 200 && status < 300;
}
