/**
 * The table of HTTP routes the OpenAPI document describes. Request and response bodies are the same zod
 * schemas the handlers use, so the document cannot drift from what the server accepts.
 */

import { z } from "zod";
import {
  approveMcpToolPinSchema,
  mcpToolPinListSchema,
  mcpToolPinSchema,
} from "@/lib/mcp-gateway/mcp-tool-pin-schemas";
import { activityOutputSchema, activityQuerySchema } from "@/lib/schemas/activity";
import { apiErrorBodySchema } from "@/lib/schemas/api-error";
import {
  apiKeySchema,
  changePasswordRequestSchema,
  createAgentKeyRequestSchema,
  createdTokenSchema,
  createTokenRequestSchema,
  createUserRequestSchema,
  publicUserSchema,
  sessionInfoSchema,
  signInRequestSchema,
  updateUserRequestSchema,
} from "@/lib/schemas/auth";
import {
  acknowledgeHaltOutputSchema,
  acknowledgeHaltRequestSchema,
  agentSessionSchema,
  checkHaltConditionsInputSchema,
  checkHaltConditionsOutputSchema,
  getSessionHaltsOutputSchema,
  haltAlreadyAcknowledgedSchema,
  haltConfigListSchema,
  haltEventSchema,
  listHaltsOutputSchema,
  listHaltsQuerySchema,
  openSessionInputSchema,
  openSessionOutputSchema,
  recordHaltInputSchema,
  recordHaltOutputSchema,
  sessionHaltsQuerySchema,
  updateHaltConfigOutputSchema,
  updateHaltConfigRequestSchema,
} from "@/lib/schemas/halts";
import {
  createRunSchema,
  listRunEventsQuerySchema,
  listRunsQuerySchema,
  RUN_LOCALES,
  RUN_STATUSES,
  runEventSchema,
  runListSchema,
  runSchema,
} from "@/lib/schemas/runs";
import {
  appSettingsSchema,
  appSettingsUpdateSchema,
  runtimeStatusSchema,
  settingsChangeSchema,
  settingsChangesQuerySchema,
} from "@/lib/schemas/settings";

export type HttpMethod = "get" | "put" | "post" | "patch" | "delete";
export type RouteAccess = "public" | "viewer" | "operator" | "admin" | "agent";

export interface ApiRouteDescription {
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  tag: string;
  query?: z.ZodObject;
  headers?: { name: string; description: string; required?: boolean }[];
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

/** The error body of every non-2xx answer (the contract in lib/schemas/api-error.ts). */
export const errorBodySchema = apiErrorBodySchema;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  latencyMs: z.number().optional(),
});

export const API_ROUTES: ApiRouteDescription[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness and database reachability",
    access: "public",
    tag: "system",
    responses: {
      200: { description: "Up", schema: healthSchema },
      503: { description: "Database down", schema: healthSchema },
    },
  },
  {
    method: "get",
    path: "/api/app-settings",
    summary: "Read the runtime switches",
    access: "viewer",
    tag: "settings",
    responses: {
      200: { description: "The settings row; ETag carries the version", schema: appSettingsSchema },
    },
  },
  {
    method: "put",
    path: "/api/app-settings",
    summary: "Change some runtime switches (partial update, one audit row per changed field, NOTIFY)",
    access: "operator",
    tag: "settings",
    headers: [{ name: "If-Match", description: 'The version you read, e.g. "7"; a stale version gets 409' }],
    body: appSettingsUpdateSchema,
    responses: {
      200: { description: "The updated settings", schema: appSettingsSchema },
      400: { description: "Invalid body or If-Match; nothing changed" },
      409: { description: "Stale version; `current` holds the fresh settings" },
      413: { description: "Body over 64 KB" },
      415: { description: "Not JSON" },
    },
  },
  {
    method: "get",
    path: "/api/app-settings/changes",
    summary: "The settings audit log, newest first",
    access: "viewer",
    tag: "settings",
    query: settingsChangesQuerySchema,
    responses: {
      200: {
        description: "A page of changes",
        schema: z.object({ changes: z.array(settingsChangeSchema), nextCursor: z.string().nullable() }),
      },
    },
  },
  {
    method: "get",
    path: "/api/runtime/status",
    summary: "Agent runtimes and the settings version each has applied",
    access: "viewer",
    tag: "settings",
    responses: { 200: { description: "Runtime status", schema: runtimeStatusSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    tag: "system",
    responses: { 200: { description: "OpenAPI 3.1 document" } },
  },
  {
    method: "post",
    path: "/api/auth/sign-in",
    summary: "Sign in with user name and password; sets the httpOnly session cookie",
    access: "public",
    tag: "auth",
    body: signInRequestSchema,
    responses: {
      200: { description: "Signed in", schema: z.object({ user: publicUserSchema }) },
      401: { description: "Wrong user name or password (one message for both)" },
      429: { description: "Too many failed attempts for this account or address; see Retry-After" },
    },
  },
  {
    method: "post",
    path: "/api/auth/sign-out",
    summary: "End this browser session",
    access: "viewer",
    tag: "auth",
    responses: { 204: { description: "Signed out; the cookie is cleared" } },
  },
  {
    method: "get",
    path: "/api/auth/session",
    summary: "Who is signed in",
    access: "viewer",
    tag: "auth",
    responses: { 200: { description: "The signed-in user", schema: sessionInfoSchema } },
  },
  {
    method: "post",
    path: "/api/account/password",
    summary: "Change your own password (ends your sessions)",
    access: "viewer",
    tag: "auth",
    body: changePasswordRequestSchema,
    responses: {
      204: { description: "Changed" },
      400: { description: "Current password wrong or new one invalid" },
    },
  },
  {
    method: "get",
    path: "/api/users",
    summary: "List users",
    access: "admin",
    tag: "users",
    responses: { 200: { description: "Users", schema: z.object({ users: z.array(publicUserSchema) }) } },
  },
  {
    method: "post",
    path: "/api/users",
    summary: "Create a user",
    access: "admin",
    tag: "users",
    body: createUserRequestSchema,
    responses: {
      201: { description: "Created", schema: publicUserSchema },
      409: { description: "The user name exists" },
    },
  },
  {
    method: "patch",
    path: "/api/users/{id}",
    summary: "Change a user's role, disable or enable them, or set a new password (all or nothing)",
    access: "admin",
    tag: "users",
    body: updateUserRequestSchema,
    responses: {
      200: { description: "Updated", schema: publicUserSchema },
      404: { description: "No such user" },
      409: { description: "Would leave no enabled admin" },
    },
  },
  {
    method: "get",
    path: "/api/tokens",
    summary: "Your personal access tokens",
    access: "viewer",
    tag: "tokens",
    responses: {
      200: { description: "Tokens (never the secret)", schema: z.object({ tokens: z.array(apiKeySchema) }) },
    },
  },
  {
    method: "post",
    path: "/api/tokens",
    summary: "Create a personal access token (returned once)",
    access: "viewer",
    tag: "tokens",
    body: createTokenRequestSchema,
    responses: { 201: { description: "Created; `token` is shown only now", schema: createdTokenSchema } },
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    summary: "Revoke one of your personal access tokens",
    access: "viewer",
    tag: "tokens",
    responses: {
      200: { description: "Revoked", schema: apiKeySchema },
      404: { description: "Not yours or no such token" },
    },
  },
  {
    method: "get",
    path: "/api/agent-keys",
    summary: "List agent API keys",
    access: "admin",
    tag: "tokens",
    responses: {
      200: {
        description: "Agent keys (never the secret)",
        schema: z.object({ keys: z.array(apiKeySchema) }),
      },
    },
  },
  {
    method: "post",
    path: "/api/agent-keys",
    summary: "Create an agent API key with scopes (returned once)",
    access: "admin",
    tag: "tokens",
    body: createAgentKeyRequestSchema,
    responses: { 201: { description: "Created; `token` is shown only now", schema: createdTokenSchema } },
  },
  {
    method: "delete",
    path: "/api/agent-keys/{id}",
    summary: "Revoke an agent API key",
    access: "admin",
    tag: "tokens",
    responses: { 200: { description: "Revoked", schema: apiKeySchema }, 404: { description: "No such key" } },
  },
  {
    method: "post",
    path: "/api/sessions",
    summary: "Open an agent session (agent key with halts:write); `session_token` is returned once",
    access: "agent",
    tag: "halts",
    body: openSessionInputSchema,
    responses: { 201: { description: "Opened", schema: openSessionOutputSchema } },
  },
  {
    method: "post",
    path: "/api/halts/check",
    summary:
      "guardrail_check_halt_conditions (agent key with halts:write): evaluate every enabled condition, auto-record per docs/halt-conditions.md#recording-a-halt; fails safe (should_halt, critical)",
    access: "agent",
    tag: "halts",
    body: checkHaltConditionsInputSchema,
    responses: {
      200: { description: "The verdict", schema: checkHaltConditionsOutputSchema },
      400: { description: "Invalid input" },
      403: { description: "The session belongs to another agent key" },
      404: { description: "Unknown session" },
      503: {
        description:
          "Database unreachable, or no answer within the 1.5 s budget (KEEL_HALT_CHECK_BUDGET_MS): the error plus the fail-safe verdict (should_halt true, critical). A 500 carries the fail-safe verdict too",
      },
    },
  },
  {
    method: "post",
    path: "/api/halts",
    summary:
      "guardrail_record_halt (agent key with halts:write): store a halt (secrets redacted), halt the session, escalate critical ones; `task_attempt_failed` counts three strikes",
    access: "agent",
    tag: "halts",
    body: recordHaltInputSchema,
    responses: {
      201: { description: "Recorded", schema: recordHaltOutputSchema },
      400: { description: "Invalid input; nothing recorded" },
      403: { description: "The session belongs to another agent key" },
      404: { description: "Unknown session" },
    },
  },
  {
    method: "get",
    path: "/api/halts",
    summary:
      "List halt events, newest first: filters, keyset pagination, total and unacknowledged counts (viewer, or agent key with halts:read: its own sessions only)",
    access: "viewer",
    tag: "halts",
    query: listHaltsQuerySchema,
    responses: { 200: { description: "A page of events", schema: listHaltsOutputSchema } },
  },
  {
    method: "get",
    path: "/api/halts/{id}",
    summary: "One halt event (viewer, or the owning agent key with halts:read)",
    access: "viewer",
    tag: "halts",
    responses: {
      200: { description: "The event", schema: haltEventSchema },
      403: { description: "Another agent key's event" },
      404: { description: "No such event" },
    },
  },
  {
    method: "post",
    path: "/api/halts/{id}/acknowledge",
    summary:
      "guardrail_acknowledge_halt (operator, or the owning agent key with halts:write): resolve, escalate or dismiss; exactly one acknowledgement wins",
    access: "operator",
    tag: "halts",
    body: acknowledgeHaltRequestSchema,
    responses: {
      200: { description: "Acknowledged", schema: acknowledgeHaltOutputSchema },
      400: { description: "Invalid input, or a critical dismissal without continue_with_caution" },
      403: { description: "Another agent key's event" },
      404: { description: "No such event in this session" },
      409: {
        description: "Already acknowledged; `acknowledgement` says by whom and when",
        schema: z.object({
          error: errorBodySchema.shape.error,
          acknowledgement: haltAlreadyAcknowledgedSchema,
        }),
      },
    },
  },
  {
    method: "get",
    path: "/api/halt-config",
    summary: "The halt conditions' configuration",
    access: "viewer",
    tag: "halts",
    responses: { 200: { description: "Every condition", schema: haltConfigListSchema } },
  },
  {
    method: "patch",
    path: "/api/halt-config",
    summary:
      "guardrail_update_halt_config: change one condition (admin); every process reloads at once (NOTIFY), at the latest after 60 s",
    access: "admin",
    tag: "halts",
    body: updateHaltConfigRequestSchema,
    responses: {
      200: { description: "Previous and current values", schema: updateHaltConfigOutputSchema },
      400: { description: "Invalid input (threshold checked per condition); nothing changed" },
    },
  },
  {
    method: "get",
    path: "/api/sessions/{id}/halts",
    summary:
      "guardrail_get_session_halts for a session id or token (viewer, or the owning agent key with halts:read)",
    access: "viewer",
    tag: "halts",
    query: sessionHaltsQuerySchema,
    responses: {
      200: { description: "The session's events", schema: getSessionHaltsOutputSchema },
      403: { description: "Another agent key's session" },
      404: { description: "Unknown session" },
    },
  },
  {
    method: "get",
    path: "/api/sessions/{id}",
    summary:
      "One agent session by id or token: state and agent (viewer, or the owning agent key with halts:read)",
    access: "viewer",
    tag: "halts",
    responses: {
      200: { description: "The session (never its token)", schema: agentSessionSchema },
      403: { description: "Another agent key's session" },
      404: { description: "Unknown session" },
    },
  },
  {
    method: "get",
    path: "/api/events",
    summary:
      "Server-sent events for the live console (viewer): `ready` at once, then `halt` (recorded / acknowledged), `settings` (changed), `run` (a run event was stored: `{ runId, seq, type, status? }`) and `resync` (re-read after a reconnect); a heartbeat comment every 15 s",
    access: "viewer",
    tag: "console",
    responses: { 200: { description: "An endless text/event-stream" } },
  },
  {
    method: "post",
    path: "/api/mcp",
    summary:
      "MCP over streamable HTTP (stateless; JSON-RPC in, JSON out) with the five guardrail_* halt tools (agent key with halts:write, or an admin token for guardrail_update_halt_config)",
    access: "agent",
    tag: "halts",
    headers: [
      { name: "Accept", description: "Must list application/json and text/event-stream", required: true },
    ],
    responses: {
      200: { description: "JSON-RPC response" },
      406: { description: "Accept header without application/json and text/event-stream" },
    },
  },
  {
    method: "get",
    path: "/api/runs",
    summary:
      "Agent runs, newest first: status and kind filters, keyset pagination, guard counters (viewer, or agent key with runs:write: its own runs)",
    access: "viewer",
    tag: "runs",
    query: listRunsQuerySchema,
    responses: {
      200: { description: "A page of runs", schema: runListSchema },
      400: { description: "Invalid query or cursor" },
    },
  },
  {
    method: "post",
    path: "/api/runs",
    summary:
      "Queue a run: the agent runtime executes the task through the guarded loop (operator, or agent key with runs:write)",
    access: "operator",
    tag: "runs",
    body: createRunSchema,
    responses: {
      201: { description: "Queued", schema: runSchema },
      400: { description: "Invalid input; nothing queued" },
      503: { description: "The run queue is unavailable; nothing queued" },
    },
  },
  {
    method: "post",
    path: "/api/runs/demo",
    summary:
      "Run demo scenarios: one run per demo scenario so every guard fires once (operator; only while a runtime serves the scripted demo model)",
    access: "operator",
    tag: "runs",
    query: z.strictObject({ locale: z.enum(RUN_LOCALES).default("en") }),
    responses: {
      201: { description: "Queued runs", schema: z.object({ runs: z.array(runSchema) }) },
      409: { description: "No live runtime serves the demo model" },
      503: { description: "The run queue is unavailable; nothing queued" },
    },
  },
  {
    method: "get",
    path: "/api/runs/{id}",
    summary: "One run (viewer, or the agent key that created it)",
    access: "viewer",
    tag: "runs",
    responses: {
      200: { description: "The run", schema: runSchema },
      404: { description: "Unknown run (or another agent key's)" },
    },
  },
  {
    method: "get",
    path: "/api/runs/{id}/events",
    summary:
      "A run's timeline after a sequence number, oldest first: what each guard did (viewer, or the agent key that created the run)",
    access: "viewer",
    tag: "runs",
    query: listRunEventsQuerySchema,
    responses: {
      200: {
        description: "Events and the run's status",
        schema: z.object({ events: z.array(runEventSchema), status: z.enum(RUN_STATUSES) }),
      },
      404: { description: "Unknown run (or another agent key's)" },
    },
  },
  {
    method: "get",
    path: "/api/activity",
    summary:
      "The overview's activity over 24 h, 7 days or 30 days in buckets: halts by severity, guard interventions (quarantined tool results, scaffolding strips, wrap-up turns, audit gate stops, runs with caveats, judge continuations) and the time to acknowledge (median and 90th percentile, from a log-scale histogram: within about 9%) (viewer)",
    access: "viewer",
    tag: "console",
    query: activityQuerySchema,
    responses: {
      200: { description: "The activity", schema: activityOutputSchema },
      400: { description: "Unknown range" },
    },
  },
  {
    method: "get",
    path: "/api/metrics",
    summary:
      "Prometheus text format (text/plain; version=0.0.4): runs by kind and status, completion verdicts, uncertified runs, continuations, silent deliveries, quarantined segments, scaffolding strips, judge breaker state, settings versions, and this instance's latency histograms (request duration per route, halt checks, quarantine scans, guard-proxy added latency, model calls and tokens by provider; docs/observability.md) (Bearer KEEL_METRICS_TOKEN, or a signed-in viewer)",
    access: "viewer",
    tag: "console",
    responses: {
      200: { description: "The metrics, in the Prometheus text exposition format" },
      401: { description: "No or wrong scrape token, and no signed-in viewer" },
      403: { description: "Agent keys cannot read metrics" },
    },
  },
  {
    method: "post",
    path: "/api/mcp-gateway",
    summary:
      "MCP gateway over streamable HTTP: the upstream MCP servers of KEEL_MCP_GATEWAY_CONFIG with every tool result quarantined and tool descriptions pinned (agent key with runs:write, or an admin); `initialize` answers with an Mcp-Session-Id (one gateway run per session)",
    access: "agent",
    tag: "mcp-gateway",
    headers: [
      { name: "Accept", description: "Must list application/json and text/event-stream", required: true },
      { name: "Mcp-Session-Id", description: "The session from the `initialize` answer" },
    ],
    responses: {
      200: { description: "JSON-RPC response" },
      202: { description: "A notification was accepted" },
      503: { description: "KEEL_MCP_GATEWAY_CONFIG is unset or invalid" },
    },
  },
  {
    method: "delete",
    path: "/api/mcp-gateway",
    summary: "End an MCP gateway session and settle its run (agent key with runs:write, or an admin)",
    access: "agent",
    tag: "mcp-gateway",
    headers: [{ name: "Mcp-Session-Id", description: "The session to end", required: true }],
    responses: { 204: { description: "Ended" }, 404: { description: "No such open session" } },
  },
  {
    method: "get",
    path: "/api/mcp-gateway/tools",
    summary:
      "MCP gateway tool pins: every upstream tool seen, its definition hash and whether it is trusted, flagged or approved (viewer)",
    access: "viewer",
    tag: "mcp-gateway",
    responses: { 200: { description: "The pins and counts", schema: mcpToolPinListSchema } },
  },
  {
    method: "post",
    path: "/api/mcp-gateway/tools/{id}/approve",
    summary:
      "Approve a flagged MCP tool's current definition (operator); send the definitionHash you reviewed to refuse a definition that changed meanwhile",
    access: "operator",
    tag: "mcp-gateway",
    body: approveMcpToolPinSchema,
    responses: {
      200: { description: "The approved pin", schema: mcpToolPinSchema },
      404: { description: "Unknown pin" },
      409: { description: "Not flagged, or the definition changed since it was reviewed" },
    },
  },
  {
    method: "post",
    path: "/v1/chat/completions",
    summary:
      "Guard proxy, OpenAI Chat Completions protocol (buffered or SSE): quarantines tool results in the conversation, strips leaked scaffolding with one recovery, mediates managed tools (x-claw.terminalOnSuccess); errors in OpenAI's shape (agent key with runs:write, or an admin token)",
    access: "agent",
    tag: "guard-proxy",
    headers: [
      { name: "x-upstream-api-key", description: "Optional: the caller's own provider key" },
      { name: "x-keel-run-id", description: "Optional: the run this request belongs to" },
    ],
    responses: {
      200: { description: "chat.completion JSON, or text/event-stream chunks ending in [DONE]" },
      413: { description: "Request body too large" },
      502: { description: "Upstream unreachable or malformed" },
      503: { description: "No upstream credential, or a bad managed-tools manifest" },
      504: { description: "Upstream timeout" },
    },
  },
  {
    method: "post",
    path: "/v1/messages",
    summary:
      "Guard proxy, Anthropic Messages protocol (buffered or SSE), same guards; the key may come as `x-api-key: keel_...`; errors in Anthropic's shape (agent key with runs:write, or an admin token)",
    access: "agent",
    tag: "guard-proxy",
    headers: [
      { name: "x-api-key", description: "A Keel key (keel_...) instead of Authorization: Bearer" },
      { name: "x-upstream-api-key", description: "Optional: the caller's own provider key" },
      { name: "x-keel-run-id", description: "Optional: the run this request belongs to" },
    ],
    responses: {
      200: { description: "message JSON, or the Anthropic SSE events" },
      413: { description: "Request body too large" },
      502: { description: "Upstream unreachable or malformed" },
      503: { description: "No upstream credential, or a bad managed-tools manifest" },
      504: { description: "Upstream timeout" },
    },
  },
];
