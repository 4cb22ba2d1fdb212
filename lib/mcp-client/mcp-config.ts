/**
 * MCP server configuration: `KEEL_MCP_SERVERS` (agent runtime) or `--config` / `KEEL_MCP_GATEWAY_CONFIG`
 * (MCP gateway, docs/mcp-gateway.md) names a JSON file
 *   { "servers": { "<name>": { "command": "node", "args": [...], "env": {...}, "cwd": "..." }
 *                          | { "url": "https://...", "headers": {...} } },
 *     "unprefixed": true,          optional, only with exactly one server: tools keep their own names
 *     "connectTimeoutMs": 20000,   optional (1000..600000): start, initialise and list tools
 *     "callTimeoutMs": 60000 }     optional (100..3600000): one tool call
 * Names match `^[a-z0-9][a-z0-9-]{0,31}$` (they become part of tool names `mcp__<name>__<tool>`).
 * A stdio server gets only the SDK's safe default environment (PATH, HOME, ...) plus its own `env`, never
 * Keel's secrets; a relative `cwd` is resolved against the file's folder.
 * Failure policy: a missing, unreadable, non-JSON or invalid file throws McpConfigError naming the file
 * and every issue; nothing is connected from a half-valid file. Unset `KEEL_MCP_SERVERS` means no servers.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { formatZodIssues } from "@/lib/tools/format-zod-issues";

/** Pattern every server name must match. */
export const MCP_SERVER_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** A server Keel starts as a child process and talks to over stdin/stdout. */
export interface McpStdioServerConfig {
  name: string;
  transport: "stdio";
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** A server Keel reaches over streamable HTTP. */
export interface McpHttpServerConfig {
  name: string;
  transport: "http";
  url: string;
  headers?: Record<string, string>;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** The validated configuration, servers in file order; the optional keys only when the file sets them. */
export interface McpConfig {
  servers: McpServerConfig[];
  /** The gateway lists the single server's tools under their own names (no `mcp__<server>__` prefix). */
  unprefixed?: true;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
}

/** Thrown when the configuration file cannot be read or is invalid; the message names file and issues. */
export class McpConfigError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
  }
}

const stringMap = z.record(z.string(), z.string());

const serverEntrySchema = z
  .strictObject({
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    cwd: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    headers: stringMap.optional(),
  })
  .superRefine((entry, context) => {
    const hasCommand = entry.command !== undefined;
    const hasUrl = entry.url !== undefined;
    if (hasCommand && hasUrl)
      context.addIssue({
        code: "custom",
        message: 'give either "command" (stdio server) or "url" (HTTP server), not both',
      });
    if (!hasCommand && !hasUrl)
      context.addIssue({
        code: "custom",
        message: 'needs "command" (stdio server) or "url" (HTTP server)',
      });
    if (hasUrl) {
      for (const key of ["args", "env", "cwd"] as const)
        if (entry[key] !== undefined)
          context.addIssue({ code: "custom", path: [key], message: `"${key}" is for stdio servers only` });
      let protocol = "";
      try {
        protocol = new URL(entry.url!).protocol;
      } catch {
        // reported below
      }
      if (protocol !== "http:" && protocol !== "https:")
        context.addIssue({
          code: "custom",
          path: ["url"],
          message: "must be an absolute http:// or https:// URL",
        });
    }
    if (hasCommand && entry.headers !== undefined)
      context.addIssue({ code: "custom", path: ["headers"], message: '"headers" is for HTTP servers only' });
  });

const configFileSchema = z
  .strictObject({
    servers: z.record(z.string(), serverEntrySchema),
    unprefixed: z.boolean().optional(),
    connectTimeoutMs: z.int().min(1_000).max(600_000).optional(),
    callTimeoutMs: z.int().min(100).max(3_600_000).optional(),
  })
  .superRefine((file, context) => {
    if (file.unprefixed === true && Object.keys(file.servers).length !== 1)
      context.addIssue({
        code: "custom",
        path: ["unprefixed"],
        message: '"unprefixed": true needs exactly one server (tool names of several servers could collide)',
      });
    for (const name of Object.keys(file.servers))
      if (!MCP_SERVER_NAME_PATTERN.test(name))
        context.addIssue({
          code: "custom",
          path: ["servers", name],
          message: `server name "${name}" must be 1-32 characters of a-z, 0-9 and "-", starting with a letter or digit`,
        });
  });

/**
 * Validates parsed configuration JSON. `file` names the source in error messages and anchors relative
 * `cwd` values. Throws McpConfigError listing every issue.
 */
export function parseMcpConfig(value: unknown, file: string): McpConfig {
  const parsed = configFileSchema.safeParse(value);
  if (!parsed.success)
    throw new McpConfigError(
      `MCP server configuration ${file} is invalid: ${formatZodIssues(parsed.error.issues)}`,
      file,
    );
  const baseDirectory = path.dirname(path.resolve(file));
  const servers = Object.entries(parsed.data.servers).map(([name, entry]): McpServerConfig => {
    if (entry.url !== undefined)
      return {
        name,
        transport: "http",
        url: entry.url,
        ...(entry.headers ? { headers: entry.headers } : {}),
      };
    return {
      name,
      transport: "stdio",
      command: entry.command!,
      args: entry.args ?? [],
      ...(entry.env ? { env: entry.env } : {}),
      ...(entry.cwd ? { cwd: path.resolve(baseDirectory, entry.cwd) } : {}),
    };
  });
  return {
    servers,
    ...(parsed.data.unprefixed === true ? { unprefixed: true as const } : {}),
    ...(parsed.data.connectTimeoutMs !== undefined ? { connectTimeoutMs: parsed.data.connectTimeoutMs } : {}),
    ...(parsed.data.callTimeoutMs !== undefined ? { callTimeoutMs: parsed.data.callTimeoutMs } : {}),
  };
}

/** Reads and validates the configuration file at `file`. Throws McpConfigError (see module comment). */
export async function loadMcpConfig(file: string): Promise<McpConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new McpConfigError(
      `Cannot read MCP server configuration ${file}: ${typeof code === "string" ? code : String(error)}`,
      file,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(
      `MCP server configuration ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      file,
    );
  }
  return parseMcpConfig(value, file);
}

/** The configuration named by `KEEL_MCP_SERVERS`, or no servers when it is unset or empty. */
export async function loadMcpConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): Promise<McpConfig> {
  const file = env.KEEL_MCP_SERVERS?.trim();
  return file ? loadMcpConfig(file) : { servers: [] };
}
