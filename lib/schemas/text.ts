/**
 * The shared string schemas for request fields. Every string a client sends goes through `storableText`:
 * PostgreSQL cannot store a NUL character (text and jsonb refuse it) nor an unpaired UTF-16 surrogate
 * (not valid UTF-8), so both are refused with a 400 naming the field instead of failing deep in the
 * database. `nonBlankText` is the required free-text variant: it refuses blank input and trims AFTER
 * its checks, so the generated JSON Schema (maxLength and patterns) describes exactly what is accepted.
 * Browser-safe (zod only).
 */
import { z } from "zod";

/** No NUL, no lone surrogate (the `u` flag makes a valid surrogate pair one code point, not `Cs`). */
export const STORABLE_TEXT_PATTERN = /^[^\0\p{Cs}]*$/u;
export const STORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

/** True when PostgreSQL can store `value` as text. */
export function isStorableText(value: string): boolean {
  return STORABLE_TEXT_PATTERN.test(value);
}

/** A string PostgreSQL can store; `error` is the message when the value is not a string. */
export function storableText(error?: string) {
  return z.string(error ? { error } : undefined).regex(STORABLE_TEXT_PATTERN, STORABLE_TEXT_MESSAGE);
}

/**
 * Required free text: at most `max` characters as sent, at least one non-whitespace character, then
 * trimmed. (A `.trim().min(1)` schema would refuse `" "` although its JSON Schema allows it.)
 */
export function nonBlankText(max: number, messages: { type?: string; required?: string; max?: string } = {}) {
  return storableText(messages.type)
    .max(max, messages.max)
    .regex(/\S/, messages.required ?? "must not be blank")
    .trim();
}

/**
 * Refuses, anywhere inside a JSON value (keys too), text PostgreSQL cannot store; for `z.unknown()`
 * parts such as free JSON objects, which no string schema reaches. Adds one issue at the first bad path.
 */
export function refuseUnstorableJson(value: unknown, context: z.RefinementCtx): void {
  const path = findUnstorable(value, [], 0);
  if (path) context.addIssue({ code: "custom", path, message: STORABLE_TEXT_MESSAGE });
}

function findUnstorable(
  value: unknown,
  path: (string | number)[],
  depth: number,
): (string | number)[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (value === null || typeof value !== "object" || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorable(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
