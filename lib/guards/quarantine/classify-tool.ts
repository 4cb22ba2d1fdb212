/** How a tool's results are treated by the quarantine. */
export type ToolClassification = "external-content" | "system-authored" | "internal";

/** Options for classifyTool. */
export interface ClassifyToolOptions {
  /** For a catalog-only `tool_execute` call: the concrete tool it runs. */
  readonly concreteTarget?: string;
}

// Results the runtime writes itself (recall of an earlier result, argument validation errors): they carry
// no outside text, and rewriting them would corrupt the runtime's own messages.
const SYSTEM_AUTHORED_TOOLS = new Set([
  "tool_result_recall",
  "recall_tool_result",
  "recall",
  "invalid_argument",
  "invalid_arguments",
  "invalid_tool_arguments",
  "invalid_tool_call",
  "tool_argument_error",
]);

// Tools whose results are text written by third parties: web, mail, documents, feeds, live chat.
const EXTERNAL_CONTENT_TOOLS = new Set([
  "web_search",
  "web_fetch",
  "fetch",
  "fetch_url",
  "browse",
  "browser_use",
  "browser",
  "http_get",
  "http_request",
  "read_url",
  "open_url",
  "email_read",
  "read_email",
  "mail_read",
  "emails_read",
  "read_file",
  "read_document",
  "document_read",
  "read_pdf",
  "pdf_read",
  "read_table",
  "read_sheet",
  "feed_read",
  "rss_read",
  "read_feed",
  "live_chat_read",
  "chat_read",
  "team_chat_read",
  "canvas_read",
  "scrape",
  "crawl",
  "search",
]);

const EXTERNAL_CONTENT_PATTERNS: readonly RegExp[] = [
  /^web[_-]/, // web_search, web_fetch, web_browse, ...
  /[_-]fetch[_-]?url$/, // page_fetch_url, mcp tool x_fetch_url
  /(?:^|[_-])(?:fetch|scrape|crawl|browse|browser|http)(?:[_-]|$)/,
  /(?:^|[_-])(?:e?mails?|inbox|gmail|outlook|imap)(?:[_-]|$)/,
  /(?:^|[_-])(?:documents?|docs?|pdf|docx|files?|sheets?|spreadsheets?|tables?|canvas|drive|notion|confluence)[_-](?:read|get|open|extract|fetch|view|search|list)/,
  /(?:^|[_-])(?:read|get|open|extract|view)[_-](?:documents?|docs?|pdf|docx|files?|sheets?|spreadsheets?|tables?|page|url|canvas)/,
  /(?:^|[_-])(?:feeds?|rss|atom|news)(?:[_-]|$)/,
  /(?:^|[_-])(?:live[_-]?chat|chat[_-](?:read|history|messages)|slack|discord|teams|channel[_-](?:read|history|messages))/,
];

/** Strips MCP namespacing (`mcp__<server>__<tool>`) and lower-cases the name. */
function baseToolName(toolName: string): string {
  const lower = toolName.trim().toLowerCase();
  if (lower.startsWith("mcp__")) {
    const separator = lower.indexOf("__", 5);
    return separator >= 0 ? lower.slice(separator + 2) : lower.slice(5);
  }
  return lower;
}

/**
 * Classifies a tool by the provenance of its results.
 *
 * - `system-authored`: results written by the runtime (recall, invalid-argument errors); never scanned.
 * - `external-content`: results carrying third-party text (web, mail, documents, feeds, live chat);
 *   scanned and prefixed with the untrusted-data preamble.
 * - `internal`: everything else; scanned, no preamble.
 *
 * Handles MCP namespacing (`mcp__gw__web_search` is `web_search`). A catalog-only `tool_execute` is
 * classified by `options.concreteTarget`; without a target it is treated as external content, because
 * an unknown wrapped tool must not lose the preamble (fail towards more caution). Never throws.
 */
export function classifyTool(toolName: string, options: ClassifyToolOptions = {}): ToolClassification {
  const name = baseToolName(toolName);
  if (name === "tool_execute") {
    const target = options.concreteTarget?.trim();
    if (!target || baseToolName(target) === "tool_execute") return "external-content";
    return classifyTool(target);
  }
  if (SYSTEM_AUTHORED_TOOLS.has(name) || /(?:^|_)recall(?:_|$)/.test(name) || /invalid[_-]?arg/.test(name)) {
    return "system-authored";
  }
  if (EXTERNAL_CONTENT_TOOLS.has(name)) return "external-content";
  for (const pattern of EXTERNAL_CONTENT_PATTERNS) if (pattern.test(name)) return "external-content";
  return "internal";
}
