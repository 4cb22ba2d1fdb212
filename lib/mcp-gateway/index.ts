/** The MCP gateway (docs/mcp-gateway.md): upstream MCP servers' tools behind Keel's quarantine. */
export { createGatewayServer, GATEWAY_SERVER_INFO, type GatewayServerDependencies } from "./gateway-server";
export { GatewaySession } from "./gateway-session";
export { buildCatalogEntries, type CatalogEntry, GatewayUpstreams } from "./gateway-upstreams";
export {
  GATEWAY_SESSION_IDLE_MS,
  GatewayUnavailableError,
  HttpGateway,
  processHttpGateway,
  stopProcessHttpGateway,
} from "./http-gateway";
export * from "./mcp-tool-pin-schemas";
export {
  type GatewayCallResult,
  quarantineCallResult,
  unscannedPartsSignpost,
} from "./quarantine-call-result";
export { processQuarantineSwitch, type QuarantineSwitch } from "./quarantine-switch";
export { scanToolDefinition } from "./scan-tool-definition";
export { canonicalJson, toolDefinitionHash } from "./tool-definition-hash";
export {
  approveToolPin,
  listToolPins,
  reconcileToolPins,
  ToolPinConflictError,
  ToolPinNotFoundError,
} from "./tool-pins";
