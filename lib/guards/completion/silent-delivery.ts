/**
 * Silent-delivery sentinels (docs/run-finalization.md#1-silent-delivery-read-first-immutable). They are read
 * from the model's final answer BEFORE finalization adds anything, and the intent they express is immutable:
 * no note, summary, warning or caveat can turn a silent run into a post.
 *
 * Grammar (after trimming surrounding whitespace):
 *   - any non-interactive run: the whole answer is exactly `NO_MESSAGE`, `NO_REPLY` or
 *     `AUTOMATION_SILENT` (upper case), optionally wrapped once in backticks (`` `NO_REPLY` ``, fenced
 *     ``` blocks included) or in `**…**`, optionally followed by one `.`;
 *   - heartbeat runs also: a directive whose FIRST non-empty line starts with `WATCH` or `RESOLVE`
 *     (upper case) followed by the end of the line, `:` or whitespace, e.g. `WATCH`, `WATCH: disk at 81%`,
 *     `RESOLVE disk alert cleared`; later lines belong to the directive (notes for the next heartbeat).
 * Anything else is a message. Lower-case words ("watch out", "no reply needed") are never sentinels.
 */
import type { RunKind } from "@/lib/schemas/runs";

export const SILENT_SENTINELS = ["NO_MESSAGE", "NO_REPLY", "AUTOMATION_SILENT"] as const;
export const HEARTBEAT_DIRECTIVES = ["WATCH", "RESOLVE"] as const;

export type SilentSentinel = (typeof SILENT_SENTINELS)[number] | (typeof HEARTBEAT_DIRECTIVES)[number];

export type DeliveryIntent = { type: "message" } | { type: "silent"; sentinel: SilentSentinel };

const SENTINEL_SET: ReadonlySet<string> = new Set(SILENT_SENTINELS);

function unwrap(text: string): string {
  let inner = text.trim();
  const fenced = /^```[a-z]*\n?([\s\S]*?)\n?```$/.exec(inner);
  if (fenced) inner = fenced[1]!.trim();
  else if (inner.length > 2 && inner.startsWith("`") && inner.endsWith("`"))
    inner = inner.slice(1, -1).trim();
  else if (inner.length > 4 && inner.startsWith("**") && inner.endsWith("**"))
    inner = inner.slice(2, -2).trim();
  return inner.endsWith(".") ? inner.slice(0, -1) : inner;
}

/** What the final answer asks for: a message, or silence with the sentinel that said so. */
export function detectSilentDelivery(text: string, kind: RunKind): DeliveryIntent {
  const whole = unwrap(text);
  if (SENTINEL_SET.has(whole)) return { type: "silent", sentinel: whole as SilentSentinel };
  if (kind === "heartbeat") {
    const firstLine =
      text
        .split("\n")
        .find((line) => line.trim().length > 0)
        ?.trim() ?? "";
    const directive = /^(WATCH|RESOLVE)(?:$|[:\s])/.exec(firstLine);
    if (directive) return { type: "silent", sentinel: directive[1] as SilentSentinel };
  }
  return { type: "message" };
}
