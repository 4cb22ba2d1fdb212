import { applyGuardMode, type GuardMode } from "../guard-mode";
import { classifyTool, type ToolClassification } from "./classify-tool";
import { scanToolResultText } from "./scan-tool-result-text";
import { UNTRUSTED_DATA_PREAMBLE } from "./untrusted-data-preamble";

/** Input of quarantineToolResult. */
export interface QuarantineToolResultInput {
  /** The tool's name as the model called it (MCP-namespaced names are fine). */
  readonly toolName: string;
  /** The tool result text as it would enter the model context. */
  readonly text: string;
  /** The runtime switch; when false the text passes through unchanged (signposts are still appended). */
  readonly enabled: boolean;
  /** For a catalog-only `tool_execute`: the concrete tool it ran. */
  readonly concreteTarget?: string;
  /** Trusted runtime notes (truncation notes, recall hints), appended after the scan, never scanned. */
  readonly signposts?: readonly string[];
}

/** Output of quarantineToolResult; `quarantinedSegments` goes on the tool-end event and the log. */
export interface QuarantineToolResultOutput {
  /** The text to put into the model context. */
  readonly text: string;
  /** What the scan removed: how many segments, and a short whitespace-collapsed preview of each. */
  readonly quarantinedSegments: { readonly count: number; readonly previews: string[] };
  /** True when UNTRUSTED_DATA_PREAMBLE was prepended. */
  readonly preambleAdded: boolean;
  /** True when the tool is system-authored and the text was not scanned. */
  readonly exempt: boolean;
  /** The tool's classification. */
  readonly classification: ToolClassification;
}

/**
 * The single tool-result choke point: classifies the tool, scans the text (when enabled and the tool is
 * not system-authored), prepends the untrusted-data preamble for external-content tools (when enabled),
 * and appends the trusted signposts after the scan so they are never rewritten.
 *
 * Failure policy: pure and total; never throws and never fails the run. A quarantine only rewrites text.
 */
export function quarantineToolResult(input: QuarantineToolResultInput): QuarantineToolResultOutput {
  const classification = classifyTool(input.toolName, { concreteTarget: input.concreteTarget });
  const exempt = classification === "system-authored";
  let text = input.text;
  const previews: string[] = [];
  if (input.enabled && !exempt) {
    const verdict = scanToolResultText(text);
    if (verdict.type === "quarantined") {
      text = verdict.output;
      for (const segment of verdict.segments) previews.push(segment.preview);
    }
  }
  const preambleAdded = input.enabled && classification === "external-content";
  if (preambleAdded) text = UNTRUSTED_DATA_PREAMBLE + text;
  const signposts = input.signposts ?? [];
  if (signposts.length > 0)
    text = `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${signposts.join("\n")}`;
  return {
    text,
    quarantinedSegments: { count: previews.length, previews },
    preambleAdded,
    exempt,
    classification,
  };
}

/** Output of quarantineToolResultInMode: the applied output, plus what Shadow mode would have removed. */
export interface QuarantineInModeOutput extends QuarantineToolResultOutput {
  /** In Shadow: the segments the quarantine would have removed (count 0 when it found nothing); else null. */
  readonly shadowSegments: { readonly count: number; readonly previews: string[] } | null;
}

/**
 * quarantineToolResult under a guard mode (lib/guards/guard-mode.ts): On is the quarantine, Off passes the
 * text through, Shadow scans too but hands the model exactly what Off gives and reports the would-be
 * removals in `shadowSegments`. The agent loop, the guard proxy and the MCP gateway all call this.
 */
export function quarantineToolResultInMode(
  input: Omit<QuarantineToolResultInput, "enabled"> & { readonly mode: GuardMode },
): QuarantineInModeOutput {
  const { applied, shadowed } = applyGuardMode(
    input.mode,
    () => quarantineToolResult({ ...input, enabled: true }),
    () => quarantineToolResult({ ...input, enabled: false }),
  );
  return { ...applied, shadowSegments: shadowed ? shadowed.quarantinedSegments : null };
}
