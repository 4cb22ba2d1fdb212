/** MCP servers from configuration, as AgentTools (see mcp-config.ts and connect-mcp-servers.ts). */
export {
  type ConnectMcpServersOptions,
  connectMcpServers,
  MCP_DEFAULT_CALL_TIMEOUT_MS,
  MCP_DEFAULT_CONNECT_TIMEOUT_MS,
  type McpConnection,
  type McpServerStatus,
} from "./connect-mcp-servers";
export {
  loadMcpConfig,
  loadMcpConfigFromEnv,
  type McpConfig,
  McpConfigError,
  type McpHttpServerConfig,
  type McpServerConfig,
  type McpStdioServerConfig,
  parseMcpConfig,
} from "./mcp-config";
export { namespacedToolName } from "./mcp-tool-name";
export {
  McpUpstream,
  McpUpstreamError,
  type McpUpstreamFailure,
  type McpUpstreamOptions,
  type McpUpstreamStatus,
  type UpstreamCallResult,
} from "./mcp-upstream";
