/**
 * Classifies a tool by its name as mutating (it changes something outside the conversation), read-shaped,
 * or unknown, for the failed-side-effect check. Works on any naming style: snake_case, camelCase,
 * kebab-case, dotted (`calendar.events.insert`) and MCP-namespaced names (`mcp__<server>__<tool>`, where
 * only the tool part counts, so a server called "deploy" does not make its readers mutating).
 *
 * Rules, first match wins (the verb usually leads; a trailing status/preview/info noun marks a reader):
 *   1. the first token is a read verb (get, list, search, read, inspect, preview, status, …) -> read;
 *   2. the first token is a mutation verb (set, start, stop, send, create, …) -> mutation;
 *   3. the last token is a read-shaped noun (status, preview, info, details, logs, …) -> read;
 *   4. any token is a mutation verb -> mutation;
 *   5. any token is a read verb -> read;
 *   6. otherwise unknown (never reported as a failed side effect).
 */

/** Verbs (and shell / package-manager words) of actions that change state outside the conversation. */
export const MUTATION_VOCABULARY: ReadonlySet<string> = new Set([
  // the original specification's list (docs/design.md#run-finalization)
  "set",
  "start",
  "stop",
  "cancel",
  "retry",
  "enable",
  "disable",
  "revoke",
  "share",
  "install",
  "execute",
  "exec",
  "run",
  "connect",
  "sync",
  "generate",
  "send",
  "create",
  "update",
  "delete",
  // shell operations
  "shell",
  "bash",
  "sh",
  "zsh",
  "powershell",
  "cmd",
  "terminal",
  "command",
  "spawn",
  // package operations
  "npm",
  "pnpm",
  "yarn",
  "pip",
  "pipx",
  "apt",
  "brew",
  "cargo",
  "package",
  "uninstall",
  "upgrade",
  // other common mutations
  "add",
  "remove",
  "write",
  "edit",
  "modify",
  "patch",
  "put",
  "post",
  "publish",
  "deploy",
  "rollback",
  "approve",
  "reject",
  "restart",
  "reboot",
  "kill",
  "terminate",
  "destroy",
  "purge",
  "drop",
  "clear",
  "reset",
  "rotate",
  "move",
  "rename",
  "copy",
  "upload",
  "submit",
  "schedule",
  "reply",
  "forward",
  "notify",
  "invite",
  "archive",
  "merge",
  "push",
  "commit",
  "assign",
  "close",
  "mark",
  "transfer",
  "pay",
  "charge",
  "refund",
  "book",
  "grant",
  "apply",
  "trigger",
  "insert",
  "upsert",
  "save",
  "suspend",
  "resume",
  "pause",
  "disconnect",
  "unshare",
  "subscribe",
  "unsubscribe",
  "import",
  "provision",
  "scale",
  "broadcast",
]);

/** Verbs of confidently read-shaped tools. */
export const READ_VOCABULARY: ReadonlySet<string> = new Set([
  "get",
  "list",
  "search",
  "status",
  "preview",
  "inspect",
  "read",
  "fetch",
  "find",
  "query",
  "lookup",
  "describe",
  "show",
  "view",
  "browse",
  "count",
  "check",
  "info",
  "whoami",
  "ls",
  "cat",
  "grep",
  "diff",
  "explain",
  "validate",
  "estimate",
  "download",
]);

/** Nouns that, as the LAST token, make a name read-shaped (`workflow_run_status`, `container_logs`). */
export const READ_SUFFIXES: ReadonlySet<string> = new Set([
  "status",
  "preview",
  "info",
  "details",
  "list",
  "logs",
  "history",
  "metadata",
  "schema",
  "search",
]);

/** Tokens of a send-shaped mutation: its evidence is listed as `send-NN` for the judge. */
const SEND_VOCABULARY: ReadonlySet<string> = new Set([
  "send",
  "post",
  "reply",
  "forward",
  "publish",
  "notify",
  "broadcast",
]);

export type ToolAction = "mutation" | "read" | "unknown";

/** The tool part of a name: `mcp__server__tool_name` -> `tool_name`; other names unchanged. */
export function toolPartOfName(name: string): string {
  const match = /^mcp__[^_]+(?:_[^_]+)*?__(.+)$/.exec(name);
  return match ? match[1]! : name;
}

/**
 * Lower-case word tokens of a tool name: splits on `_`, `-`, `.`, `/`, `:`, spaces and camelCase
 * boundaries (`chat_postMessage` -> chat, post, message; `HTTPRequest` -> http, request).
 */
export function tokenizeToolName(name: string): string[] {
  return toolPartOfName(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((token) => token.length > 0)
    .map((token) => token.toLowerCase());
}

/** Mutating, read-shaped or unknown (see the module comment for the rules). */
export function classifyToolAction(name: string): ToolAction {
  const tokens = tokenizeToolName(name);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (first === undefined || last === undefined) return "unknown";
  if (READ_VOCABULARY.has(first)) return "read";
  if (MUTATION_VOCABULARY.has(first)) return "mutation";
  if (READ_SUFFIXES.has(last)) return "read";
  if (tokens.some((token) => MUTATION_VOCABULARY.has(token))) return "mutation";
  if (tokens.some((token) => READ_VOCABULARY.has(token))) return "read";
  return "unknown";
}

/** True for a mutating tool that delivers something to someone (send, post, reply, publish, notify, …). */
export function isOutboundSendTool(name: string): boolean {
  return (
    classifyToolAction(name) === "mutation" &&
    tokenizeToolName(name).some((token) => SEND_VOCABULARY.has(token))
  );
}
