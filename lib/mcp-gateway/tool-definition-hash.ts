/**
 * The pin of an upstream tool: sha256 over its description and the canonical JSON (keys sorted at every
 * level) of its input schema, so a reordered but identical schema keeps its hash and any change to the
 * words the model reads, or to the arguments it is asked for, yields a new one. Pure.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

/** Hex sha256 of `description` and the canonical input schema. */
export function toolDefinitionHash(description: string, inputSchema: unknown): string {
  return createHash("sha256")
    .update(description)
    .update("\u0000")
    .update(canonicalJson(inputSchema))
    .digest("hex");
}
