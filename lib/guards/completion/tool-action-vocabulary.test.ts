import { describe, expect, it } from "vitest";
import {
  classifyToolAction,
  isOutboundSendTool,
  type ToolAction,
  tokenizeToolName,
  toolPartOfName,
} from "./tool-action-vocabulary";

describe("tokenizeToolName", () => {
  it.each([
    ["emails_send_draft", ["emails", "send", "draft"]],
    ["chat_postMessage", ["chat", "post", "message"]],
    ["createIssue", ["create", "issue"]],
    ["HTTPRequest", ["http", "request"]],
    ["revoke-api-key", ["revoke", "api", "key"]],
    ["calendar.events.insert", ["calendar", "events", "insert"]],
    ["mcp__github__create_issue", ["create", "issue"]],
    ["mcp__my_server__list_files", ["list", "files"]],
    ["mcp__gw__web_search", ["web", "search"]],
    ["ns:tool/runJob", ["ns", "tool", "run", "job"]],
    ["", []],
  ])("%s -> %j", (name, tokens) => {
    expect(tokenizeToolName(name)).toEqual(tokens);
  });

  it("takes only the tool part of an MCP name", () => {
    expect(toolPartOfName("mcp__deploy__get_status")).toBe("get_status");
    expect(toolPartOfName("web_fetch")).toBe("web_fetch");
    expect(toolPartOfName("mcp__broken")).toBe("mcp__broken");
  });
});

/** A realistic corpus: built-ins, common MCP servers, vendor APIs, shell and package tools. */
const CORPUS: [string, ToolAction][] = [
  // the original specification's vocabulary, verb first
  ["set_reminder", "mutation"],
  ["start_vm", "mutation"],
  ["stopVM", "mutation"],
  ["cancel_job", "mutation"],
  ["retryDeployment", "mutation"],
  ["enable_feature_flag", "mutation"],
  ["disableUser", "mutation"],
  ["revoke-api-key", "mutation"],
  ["share_document", "mutation"],
  ["install_plugin", "mutation"],
  ["execute_sql", "mutation"],
  ["run_workflow", "mutation"],
  ["connect_database", "mutation"],
  ["sync_repo", "mutation"],
  ["generate_report", "mutation"],
  ["generateImage", "mutation"],
  ["send_email", "mutation"],
  ["create_invoice", "mutation"],
  ["update_status", "mutation"],
  ["delete_branch", "mutation"],
  // verb in the middle or at the end
  ["emails_send_draft", "mutation"],
  ["gmail_send", "mutation"],
  ["calendar.events.insert", "mutation"],
  ["docker_run", "mutation"],
  ["kubectl_apply", "mutation"],
  ["stripe_refund_charge", "mutation"],
  ["demo_send_report", "mutation"],
  ["demo_approve_request", "mutation"],
  ["agent_todo_update", "mutation"],
  // shell and package operations
  ["shell", "mutation"],
  ["bash", "mutation"],
  ["run_shell_command", "mutation"],
  ["exec_command", "mutation"],
  ["terminal", "mutation"],
  ["npm_install", "mutation"],
  ["pip_install", "mutation"],
  ["apt-get-install", "mutation"],
  ["brew_upgrade", "mutation"],
  ["uninstall_package", "mutation"],
  // MCP-namespaced
  ["mcp__github__create_issue", "mutation"],
  ["mcp__github__merge_pull_request", "mutation"],
  ["mcp__slack__chat_postMessage", "mutation"],
  ["mcp__slack__slack_post_message", "mutation"],
  ["mcp__filesystem__write_file", "mutation"],
  ["mcp__filesystem__move_file", "mutation"],
  ["mcp__notion__notion-create-pages", "mutation"],
  ["mcp__linear__updateIssue", "mutation"],
  ["mcp__jira__transition_issue", "unknown"],
  ["mcp__github__get_issue", "read"],
  ["mcp__github__list_pull_requests", "read"],
  ["mcp__github__search_code", "read"],
  ["mcp__gw__web_search", "read"],
  ["mcp__filesystem__read_text_file", "read"],
  ["mcp__deploy__get_status", "read"],
  ["mcp__notion__notion-search", "read"],
  ["mcp__playwright__browser_navigate", "unknown"],
  // read-shaped names
  ["get_run_status", "read"],
  ["workflow_run_status", "read"],
  ["deployment_preview", "read"],
  ["preview_email", "read"],
  ["inspect_container", "read"],
  ["container_logs", "read"],
  ["list_files", "read"],
  ["search_tickets", "read"],
  ["read_file", "read"],
  ["fs.readFile", "read"],
  ["kubectl_get_pods", "read"],
  ["calendar.events.list", "read"],
  ["web_fetch", "read"],
  ["status", "read"],
  ["describe_instances", "read"],
  ["user_info", "read"],
  // neither
  ["http_request", "unknown"],
  ["weather", "unknown"],
  ["calculator", "unknown"],
  ["", "unknown"],
];

describe("classifyToolAction over a realistic tool-name corpus", () => {
  it.each(CORPUS)("%s -> %s", (name, action) => {
    expect(classifyToolAction(name)).toBe(action);
  });

  it("the server part of an MCP name never decides", () => {
    expect(classifyToolAction("mcp__deploy__list_apps")).toBe("read");
    expect(classifyToolAction("mcp__reader__create_note")).toBe("mutation");
  });
});

describe("isOutboundSendTool", () => {
  it.each([
    ["emails_send_draft", true],
    ["mcp__slack__chat_postMessage", true],
    ["reply_to_ticket", true],
    ["notify_oncall", true],
    ["publish_release", true],
    ["create_issue", false],
    ["preview_email", false],
    ["get_post", false],
    ["web_fetch", false],
  ])("%s -> %s", (name, send) => {
    expect(isOutboundSendTool(name)).toBe(send);
  });
});
