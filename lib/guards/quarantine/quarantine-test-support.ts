import { expect } from "vitest";
import { QUARANTINE_MARKER } from "./quarantine-marker";
import { scanToolResultText } from "./scan-tool-result-text";

/** For tests: the rule that fired first on `text`, or "clean". */
export function ruleOf(text: string): string {
  const verdict = scanToolResultText(text);
  return verdict.type === "clean" ? "clean" : verdict.segments[0]!.rule;
}

/**
 * For tests: the original rebuilt from the scan's output by putting each removed range back in place of
 * its marker, checking on the way that everything outside the removed ranges is byte-identical.
 */
export function restoreFromScan(text: string): string {
  const verdict = scanToolResultText(text);
  if (verdict.type === "clean") return text;
  let rebuilt = "";
  let cursor = 0;
  let outputCursor = 0;
  for (const segment of verdict.segments) {
    const kept = text.slice(cursor, segment.start);
    expect(verdict.output.slice(outputCursor, outputCursor + kept.length)).toBe(kept);
    outputCursor += kept.length;
    expect(verdict.output.slice(outputCursor, outputCursor + QUARANTINE_MARKER.length)).toBe(
      QUARANTINE_MARKER,
    );
    outputCursor += QUARANTINE_MARKER.length;
    rebuilt += kept + text.slice(segment.start, segment.end);
    cursor = segment.end;
  }
  expect(verdict.output.slice(outputCursor)).toBe(text.slice(cursor));
  return rebuilt + text.slice(cursor);
}
