/**
 * Turns zod issues into one readable line per problem (`items[2].status: Invalid option ...`), for error
 * envelopes the model reads and for configuration errors an operator reads. Pure; never throws.
 */
import type { z } from "zod";

/** How many issues are spelled out before the rest is summarised as "(and N more)". */
const MAX_LISTED_ISSUES = 10;

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text === "" ? String(segment) : `.${String(segment)}`;
  }
  return text === "" ? "(root)" : text;
}

/** `path: message` for each issue, joined by "; " (at most 10, then a count of the rest). */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const rest = issues.length - listed.length;
  return rest > 0 ? `${listed.join("; ")}; (and ${rest} more)` : listed.join("; ");
}
