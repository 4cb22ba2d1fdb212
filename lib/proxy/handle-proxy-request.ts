/**
 * The guard proxy's request stage, shared by `/v1/chat/completions` (OpenAI) and `/v1/messages`
 * (Anthropic). In order:
 *   1. read the body (size cap), check the minimum shape, pick the upstream credential;
 *   2. read the switches (cached, NOTIFY-invalidated) and the managed-tools manifest;
 *   3. find or open the conversation's proxy run; re-insert earlier managed exchanges (continuity);
 *   4. quarantine the tool results of the incoming conversation (preamble for external-content tools);
 *   5. add the managed tools; then hand over to
 *      - RELAY (stream requested, no managed tools; lib/proxy/relay.ts), or
 *      - MEDIATE (buffered, or managed tools configured; lib/proxy/mediate.ts);
 *   6. every step becomes a run event; the run is settled after the response (lib/proxy/proxy-context.ts).
 * Upstream errors are passed through (status and body); proxy failures use the caller's error shape.
 */
import type { Caller } from "@/lib/auth/caller";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-json-body";
import { errorFields } from "@/lib/log/logger";
import { processRuntimeFlagsCache } from "@/lib/settings/runtime-flags-cache";
import { loadManagedTools, type ManagedToolSet, ManagedToolsManifestError } from "./managed-tools";
import { mediate } from "./mediate";
import { isRecord, type JsonObject, type ProxyProtocol } from "./protocols/proxy-protocol";
import { loadProxyConfig, type ProxyConfig, RUN_ID_HEADER, UPSTREAM_API_KEY_HEADER } from "./proxy-config";
import { failedOutcome, finish, log, type ProxyContext, proxyErrorResponse } from "./proxy-context";
import { ProxyError } from "./proxy-error";
import { acquireProxyRun, hashJson, injectExchanges, type ProxyRunHandle } from "./proxy-runs";
import { relay } from "./relay";

export { PROXY_RESPONSE_HEADER, proxyErrorResponse } from "./proxy-context";

async function readBody(request: Request, maxBytes: number): Promise<JsonObject> {
  let parsed: unknown;
  try {
    parsed = await readJsonBody(request, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === "payload_too_large")
        throw new ProxyError("request_too_large", `The request body is larger than ${maxBytes} bytes.`);
      throw new ProxyError("invalid_request", error.message, { status: error.status });
    }
    throw error;
  }
  if (!isRecord(parsed)) throw new ProxyError("invalid_request", "The request body must be a JSON object.");
  return parsed;
}

function callerIdentity(caller: Caller, actor: string) {
  return caller.kind === "agent"
    ? { id: caller.keyId, apiKeyId: caller.keyId, actor, agentName: caller.agentName }
    : { id: caller.userId, apiKeyId: null, actor, agentName: `user:${caller.username}` };
}

/** The upstream credential: the caller's own (when allowed) or Keel's. */
function upstreamApiKey(protocol: ProxyProtocol, request: Request, config: ProxyConfig): string {
  const callerKey = request.headers.get(UPSTREAM_API_KEY_HEADER)?.trim() || null;
  if (callerKey && !config.allowCallerKeys)
    throw new ProxyError("permission", `${UPSTREAM_API_KEY_HEADER} is not accepted by this Keel instance.`);
  const apiKey = callerKey ?? protocol.keelApiKey(config);
  if (!apiKey)
    throw new ProxyError(
      "not_configured",
      `No upstream credential: Keel has none configured for the ${protocol.name} upstream; send your own in ${UPSTREAM_API_KEY_HEADER}.`,
    );
  return apiKey;
}

function managedTools(config: ProxyConfig): ManagedToolSet {
  try {
    return loadManagedTools(config.toolsManifestPath);
  } catch (error) {
    if (error instanceof ManagedToolsManifestError) {
      log.error("the managed-tools manifest is unusable", errorFields(error));
      throw new ProxyError("not_configured", "The guard proxy's managed-tools manifest is not usable.");
    }
    throw error;
  }
}

/** Steps 3 to 5 of the file comment: the run, continuity, incoming quarantine, managed tools. */
function prepareConversation(
  protocol: ProxyProtocol,
  body: JsonObject,
  run: ProxyRunHandle,
  managed: ManagedToolSet,
  quarantineEnabled: boolean,
): { stream: boolean; callerLength: number; callerHash: string | null } {
  if (run.opened)
    for (const invalid of managed.invalidAnnotations)
      run.emit({ type: "tool.annotation_invalid", name: invalid.name, value: invalid.value });
  const messages = body.messages as JsonObject[];
  const callerLength = messages.length;
  const exchanges = run.exchanges();
  const callerHash = managed.tools.length > 0 || exchanges.length > 0 ? hashJson(messages) : null;
  if (exchanges.length > 0) injectExchanges(messages, exchanges, protocol.dropEmptyAssistantAt);
  const scan = protocol.quarantineIncoming(body, quarantineEnabled);
  if (scan.quarantinedSegments.count > 0)
    log.warn("incoming tool results quarantined", {
      runId: run.id,
      segments: scan.quarantinedSegments.count,
    });
  const stream = protocol.isStream(body);
  run.emit({
    type: "proxy.request",
    step: run.nextStep(),
    protocol: protocol.name,
    stream,
    model: protocol.model(body),
    messages: messages.length,
    tools: protocol.toolCount(body) + managed.tools.length,
    toolResultsScanned: scan.scanned,
    quarantinedSegments: scan.quarantinedSegments,
  });
  protocol.addTools(body, managed.tools);
  return { stream, callerLength, callerHash };
}

/** Handles one proxied request (the caller is already authenticated). */
export async function handleProxyRequest(
  protocol: ProxyProtocol,
  request: Request,
  caller: Caller,
  actor: string,
): Promise<Response> {
  const started = performance.now();
  const config = loadProxyConfig();
  let run: ProxyRunHandle | undefined;
  try {
    const body = await readBody(request, config.maxBodyBytes);
    protocol.validateRequest(body);
    const apiKey = upstreamApiKey(protocol, request, config);
    const managed = managedTools(config);
    const database = getPrisma();
    const { flags } = await processRuntimeFlagsCache(database).get();
    const model = protocol.model(body);
    const seed = protocol.conversationSeed(body);
    run = await acquireProxyRun(database, {
      protocol: protocol.name,
      caller: callerIdentity(caller, actor),
      pinnedRunId: request.headers.get(RUN_ID_HEADER)?.trim() || null,
      seed,
      conversationStart: protocol.isConversationStart(body),
      model,
      task: `${protocol.name} proxy: ${seed.split("\u0000")[1] ?? ""}`.slice(0, 500),
    });
    const prepared = prepareConversation(protocol, body, run, managed, flags.toolResultQuarantineEnabled);
    const context: ProxyContext = {
      protocol,
      config,
      flags,
      managed,
      run,
      request,
      body,
      apiKey,
      model,
      stream: prepared.stream,
      includeUsage: protocol.includeUsage(body),
      started,
      callerLength: prepared.callerLength,
      callerHash: prepared.callerHash,
    };
    if (prepared.stream && managed.tools.length === 0) return await relay(context);
    return await mediate(context);
  } catch (error) {
    const proxyError =
      error instanceof ProxyError
        ? error
        : new ProxyError("internal", "The guard proxy failed; it has been logged.");
    if (!(error instanceof ProxyError)) log.error("guard proxy request failed", errorFields(error));
    if (run) finish({ run, started }, failedOutcome(proxyError.message, 0, 0), proxyError);
    return proxyErrorResponse(protocol, proxyError, run);
  }
}
