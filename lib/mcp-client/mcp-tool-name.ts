/**
 * Model-facing names of MCP tools: `mcp__<server>__<tool>`, restricted to `[A-Za-z0-9_-]` and at most
 * 64 characters (the strictest provider limit). A name that is too long is cut and gets `_` plus 8 hex
 * characters of a hash of the original server and tool name; a name that collides with one already used
 * gets the same suffix, so every name stays unique and stable across restarts. Pure.
 */
import { createHash } from "node:crypto";

/** Longest tool name any provider accepts. */
export const MAX_TOOL_NAME_LENGTH = 64;

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

function withSuffix(base: string, suffix: string): string {
  return `${base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length - 1)}_${suffix}`;
}

/**
 * The namespaced name for `tool` of `server`, not in `used` (which it is added to). `server` is already
 * a valid server name (mcp-config.ts).
 */
export function namespacedToolName(server: string, tool: string, used: Set<string>): string {
  const sanitized = `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const original = `${server}\u0000${tool}`;
  let name = sanitized.length > MAX_TOOL_NAME_LENGTH ? withSuffix(sanitized, shortHash(original)) : sanitized;
  for (let attempt = 1; used.has(name); attempt++)
    name = withSuffix(sanitized, shortHash(`${original}\u0000${attempt}`));
  used.add(name);
  return name;
}
