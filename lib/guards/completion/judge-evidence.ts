/**
 * The evidence summary the completion judge decides from (docs/run-finalization.md#3-completion-judge): one
 * line per tool result with a stable ID, the tool name, ok/error status and a short preview. Tool results get
 * `tool-01`, `tool-02`, …; deliveries (send-shaped tools: send, post, reply, publish, notify, …) get
 * `send-01`, …. IDs are numbered over the whole run, so leaving old items out never renumbers the rest.
 *
 * Bounded: each preview is at most JUDGE_EVIDENCE_PREVIEW_CHARS characters (whitespace collapsed), at
 * most JUDGE_EVIDENCE_MAX_ITEMS items are listed (the most recent; a line says how many were left out),
 * and the whole text stays under JUDGE_EVIDENCE_MAX_CHARS.
 */

export const JUDGE_EVIDENCE_PREVIEW_CHARS = 200;
export const JUDGE_EVIDENCE_MAX_ITEMS = 40;
export const JUDGE_EVIDENCE_MAX_CHARS = 12_000;

/** One tool output as the judge sees it. */
export interface JudgeEvidenceInput {
  name: string;
  ok: boolean;
  statusCode?: number | null;
  errorCode?: string | null;
  /** The result text (the runtime passes the quarantined text without the untrusted-data preamble). */
  preview: string;
}

export interface JudgeEvidenceItem {
  id: string;
  name: string;
  ok: boolean;
  line: string;
}

export interface JudgeEvidence {
  /** The summary, one line per listed item ("(no tool evidence)" when there is none). */
  text: string;
  /** Every ID the judge may cite: only the listed ones. */
  ids: ReadonlySet<string>;
  items: JudgeEvidenceItem[];
  /** Items left out to keep the summary bounded. */
  omitted: number;
}

function evidenceId(prefix: "tool" | "send", index: number): string {
  return `${prefix}-${String(index + 1).padStart(2, "0")}`;
}

function previewOf(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > JUDGE_EVIDENCE_PREVIEW_CHARS
    ? `${collapsed.slice(0, JUDGE_EVIDENCE_PREVIEW_CHARS - 1)}…`
    : collapsed;
}

function lineOf(id: string, input: JudgeEvidenceInput): string {
  const status = input.ok
    ? `ok${input.statusCode ? ` ${input.statusCode}` : ""}`
    : `error${input.statusCode ? ` ${input.statusCode}` : ""}${input.errorCode ? ` ${input.errorCode}` : ""}`;
  const preview = previewOf(input.preview);
  return `${id} ${input.name} [${status}]${preview ? `: ${preview}` : ""}`;
}

/** The evidence summary with its citable IDs (tool outputs first, then deliveries). */
export function buildJudgeEvidence(
  toolOutputs: readonly JudgeEvidenceInput[],
  outboundSends: readonly JudgeEvidenceInput[] = [],
): JudgeEvidence {
  const all: JudgeEvidenceItem[] = [
    ...toolOutputs.map((input, index) => ({ id: evidenceId("tool", index), input })),
    ...outboundSends.map((input, index) => ({ id: evidenceId("send", index), input })),
  ].map(({ id, input }) => ({ id, name: input.name, ok: input.ok, line: lineOf(id, input) }));
  // Keep the most recent tool outputs and every delivery (deliveries are few and matter most).
  const sends = all.filter((item) => item.id.startsWith("send-")).slice(-JUDGE_EVIDENCE_MAX_ITEMS);
  const toolRoom = Math.max(0, JUDGE_EVIDENCE_MAX_ITEMS - sends.length);
  const tools = all.filter((item) => item.id.startsWith("tool-"));
  let listed = [...(toolRoom > 0 ? tools.slice(-toolRoom) : []), ...sends];
  const budget = JUDGE_EVIDENCE_MAX_CHARS - 100;
  while (listed.length > 1 && listed.reduce((size, item) => size + item.line.length + 1, 0) > budget)
    listed = listed.slice(1);
  const omitted = all.length - listed.length;
  const lines = listed.map((item) => item.line);
  if (omitted > 0) lines.unshift(`(${omitted} earlier tool results left out)`);
  return {
    text: lines.length > 0 ? lines.join("\n") : "(no tool evidence)",
    ids: new Set(listed.map((item) => item.id)),
    items: listed,
    omitted,
  };
}

/** The summary text alone (the name the original specification gives it). */
export function buildJudgeEvidenceText(
  toolOutputs: readonly JudgeEvidenceInput[],
  outboundSends: readonly JudgeEvidenceInput[] = [],
): string {
  return buildJudgeEvidence(toolOutputs, outboundSends).text;
}
