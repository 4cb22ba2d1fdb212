import { scanToolResultText } from "./scan-tool-result-text";

/** For tests: the rule that fired first on `text`, or "clean". */
export function ruleOf(text: string): string {
  const verdict = scanToolResultText(text);
  return verdict.type === "clean" ? "clean" : verdict.segments[0]!.rule;
}
