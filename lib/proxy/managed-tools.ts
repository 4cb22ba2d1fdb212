/**
 * Managed tools: tools the PROXY executes (cllama's managed tools). They come from a JSON manifest
 * (env KEEL_PROXY_TOOLS), are added to the tools the caller sent, and run as HTTP calls:
 *
 *   { "tools": [ { "name": "call_action", "description": "...", "inputSchema": { "type": "object", ... },
 *       "annotations": { "x-claw.terminalOnSuccess": true },
 *       "endpoint": { "url": "https://svc/actions", "method": "POST", "headers": { "authorization": "Bearer ${SVC_TOKEN}" } },
 *       "timeoutMs": 30000 } ] }
 *
 * `${NAME}` in a header value is replaced with the environment variable NAME (secrets stay out of the file).
 * The arguments are sent as the JSON body (GET/DELETE: as query parameters). A 2xx answer becomes
 * `{ ok: true, status_code, data }` (data = the JSON body, or its text); anything else
 * `{ ok: false, status_code, error: { code, message } }`, a network failure 502 and a timeout 504.
 *
 * Failure policy: an unreadable or invalid manifest is a configuration error (ManagedToolsManifestError):
 * the proxy answers 503 rather than silently dropping tools an operator declared.
 */
import { readFileSync, statSync } from "node:fs";
import { z } from "zod";
import {
  readTerminalOnSuccess,
  terminalAnnotationInvalidIntervention,
} from "@/lib/guards/terminal-on-success";
import { createLogger } from "@/lib/log/logger";
import type { AgentTool, ToolEnvelope, ToolInputJsonSchema, ToolOutcome } from "@/lib/tools/agent-tool";

const log = createLogger({ component: "guard-proxy" });

export const DEFAULT_MANAGED_TOOL_TIMEOUT_MS = 30_000;
const ERROR_MESSAGE_LIMIT = 500;

const manifestToolSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Tool names are 1-64 letters, digits, _ or -."),
  description: z.string().default(""),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  endpoint: z.object({
    url: z.url(),
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("POST"),
    headers: z.record(z.string(), z.string()).default({}),
  }),
  timeoutMs: z.int().min(1).max(600_000).optional(),
});

export const managedToolsManifestSchema = z.object({ tools: z.array(manifestToolSchema) });
export type ManagedToolsManifest = z.infer<typeof managedToolsManifestSchema>;
export type ManagedToolDefinition = ManagedToolsManifest["tools"][number];

/** The manifest could not be read or is not valid. */
export class ManagedToolsManifestError extends Error {
  override readonly name = "ManagedToolsManifestError";
}

/** The loaded managed tools, keyed by name, with their terminal-on-success reading. */
export interface ManagedToolSet {
  tools: AgentTool[];
  byName: ReadonlyMap<string, AgentTool>;
  /** Names whose annotation enables terminal-on-success. */
  terminal: ReadonlySet<string>;
  /** Tools whose annotation is present but not a JSON boolean, with the value as JSON text. */
  invalidAnnotations: readonly { name: string; value: string }[];
}

export const NO_MANAGED_TOOLS: ManagedToolSet = {
  tools: [],
  byName: new Map(),
  terminal: new Set(),
  invalidAnnotations: [],
};

/** Replaces `${NAME}` with the environment variable (empty when unset). */
export function expandEnv(value: string, env: Record<string, string | undefined> = process.env): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => env[name] ?? "");
}

function errorMessageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const error = parsed.error;
    if (typeof error === "string") return error.slice(0, ERROR_MESSAGE_LIMIT);
    if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string")
      return ((error as { message: string }).message ?? "").slice(0, ERROR_MESSAGE_LIMIT);
    if (typeof parsed.message === "string") return parsed.message.slice(0, ERROR_MESSAGE_LIMIT);
  } catch {
    // not JSON: the text itself
  }
  return body.trim().slice(0, ERROR_MESSAGE_LIMIT) || `The tool endpoint answered HTTP ${status}.`;
}

/** Calls a managed tool's endpoint and wraps the answer in the managed envelope. Never throws. */
export async function invokeManagedTool(
  definition: ManagedToolDefinition,
  args: unknown,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ToolEnvelope> {
  const method = definition.endpoint.method;
  const url = new URL(definition.endpoint.url);
  const headers = new Headers();
  for (const [name, value] of Object.entries(definition.endpoint.headers))
    headers.set(name, expandEnv(value));
  let body: string | undefined;
  if (method === "GET" || method === "DELETE") {
    if (args && typeof args === "object")
      for (const [key, value] of Object.entries(args as Record<string, unknown>))
        url.searchParams.set(key, typeof value === "string" ? value : JSON.stringify(value));
  } else {
    body = JSON.stringify(args ?? {});
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (!headers.has("accept")) headers.set("accept", "application/json");
  const timeout = AbortSignal.timeout(definition.timeoutMs ?? DEFAULT_MANAGED_TOOL_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.any([signal, timeout]) });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw error;
    if (timeout.aborted)
      return {
        ok: false,
        status_code: 504,
        error: { code: "timeout", message: `The tool ${definition.name} did not answer in time.` },
      };
    return {
      ok: false,
      status_code: 502,
      error: { code: "unreachable", message: `The tool ${definition.name} could not be reached.` },
    };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    let data: unknown = text;
    if (text.trim() === "") data = undefined;
    else
      try {
        data = JSON.parse(text);
      } catch {
        // keep the text
      }
    return { ok: true, status_code: status, ...(data === undefined ? {} : { data }) };
  }
  return {
    ok: false,
    status_code: status,
    error: { code: `http_${status}`, message: errorMessageOf(text, status) },
  };
}

/** Builds the AgentTools (source `proxy-manifest`) of a validated manifest. */
export function createManagedToolSet(manifest: ManagedToolsManifest): ManagedToolSet {
  const tools: AgentTool[] = [];
  const terminal = new Set<string>();
  const invalidAnnotations: { name: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const definition of manifest.tools) {
    if (seen.has(definition.name))
      throw new ManagedToolsManifestError(`The managed tool ${definition.name} is declared twice.`);
    seen.add(definition.name);
    const inputSchema = (definition.inputSchema ??
      definition.input_schema ?? { type: "object", properties: {} }) as ToolInputJsonSchema;
    const setting = readTerminalOnSuccess(definition.annotations);
    if (setting.enabled) terminal.add(definition.name);
    if (setting.invalid)
      invalidAnnotations.push({
        name: definition.name,
        value: JSON.stringify(definition.annotations?.["x-claw.terminalOnSuccess"]) ?? "undefined",
      });
    tools.push({
      name: definition.name,
      description: definition.description,
      inputSchema,
      ...(definition.annotations ? { annotations: definition.annotations } : {}),
      source: "proxy-manifest",
      execute: async (args, context): Promise<ToolOutcome> => ({
        envelope: await invokeManagedTool(definition, args, context.signal),
      }),
    });
  }
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])), terminal, invalidAnnotations };
}

/** Parses manifest JSON text. Throws ManagedToolsManifestError with the first issues. */
export function parseManagedToolsManifest(text: string): ManagedToolSet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ManagedToolsManifestError(
      `The managed-tools manifest is not JSON: ${(error as Error).message}`,
    );
  }
  const parsed = managedToolsManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new ManagedToolsManifestError(
      `The managed-tools manifest is not valid: ${parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
        .join("; ")}`,
    );
  return createManagedToolSet(parsed.data);
}

let cached: { path: string; mtimeMs: number; size: number; set: ManagedToolSet } | null = null;

/**
 * The managed tools of the manifest at `path` (null: none). Re-read when the file's mtime or size
 * changes, so an edit applies without a restart.
 */
export function loadManagedTools(path: string | null): ManagedToolSet {
  if (path === null) return NO_MANAGED_TOOLS;
  let stats: { mtimeMs: number; size: number };
  try {
    stats = statSync(path);
  } catch {
    throw new ManagedToolsManifestError("The managed-tools manifest (KEEL_PROXY_TOOLS) cannot be read.");
  }
  if (cached && cached.path === path && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size)
    return cached.set;
  const set = parseManagedToolsManifest(readFileSync(path, "utf8"));
  // cllama logs invalid annotations when the manifest is loaded (the run gets a tool.annotation_invalid event).
  for (const invalid of set.invalidAnnotations) log.warn(terminalAnnotationInvalidIntervention(invalid.name));
  log.info("managed tools loaded", {
    tools: set.tools.map((tool) => tool.name),
    terminal: [...set.terminal],
  });
  cached = { path, mtimeMs: stats.mtimeMs, size: stats.size, set };
  return set;
}
