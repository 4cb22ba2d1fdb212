/**
 * The guard proxy's configuration, read from the environment on every request (cheap; lets tests and
 * operators change it without a restart). Nothing here is logged: the API keys are secrets.
 *
 *   KEEL_PROXY_OPENAI_BASE_URL       upstream for /v1/chat/completions (default https://api.openai.com/v1)
 *   KEEL_PROXY_ANTHROPIC_BASE_URL    upstream for /v1/messages (default https://api.anthropic.com)
 *   KEEL_PROXY_OPENAI_API_KEY        Keel's OpenAI credential (used when the caller sends no x-upstream-api-key)
 *   KEEL_PROXY_ANTHROPIC_API_KEY     Keel's Anthropic credential (same rule)
 *   KEEL_PROXY_UPSTREAM_TIMEOUT_MS   upstream timeout: until the response head, and between stream chunks (default 120000)
 *   KEEL_PROXY_MAX_BODY_BYTES        request body cap (default 8 MiB)
 *   KEEL_PROXY_TOOLS                 path of the managed-tools manifest (JSON); unset = no managed tools
 *   KEEL_PROXY_ALLOW_CALLER_KEYS     "off" refuses x-upstream-api-key (default on)
 */

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 120_000;
export const DEFAULT_PROXY_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The header a caller may use to bring its own provider key (forwarded upstream, never stored or logged). */
export const UPSTREAM_API_KEY_HEADER = "x-upstream-api-key";
/** Pins a request to a proxy run (the response always carries it). */
export const RUN_ID_HEADER = "x-keel-run-id";

export interface ProxyConfig {
  openAiBaseUrl: string;
  anthropicBaseUrl: string;
  openAiApiKey: string | null;
  anthropicApiKey: string | null;
  upstreamTimeoutMs: number;
  maxBodyBytes: number;
  toolsManifestPath: string | null;
  allowCallerKeys: boolean;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Reads the configuration; invalid numbers fall back to their defaults. Never throws. */
export function loadProxyConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  return {
    openAiBaseUrl: (nonEmpty(env.KEEL_PROXY_OPENAI_BASE_URL) ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, ""),
    anthropicBaseUrl: (nonEmpty(env.KEEL_PROXY_ANTHROPIC_BASE_URL) ?? DEFAULT_ANTHROPIC_BASE_URL).replace(
      /\/+$/,
      "",
    ),
    openAiApiKey: nonEmpty(env.KEEL_PROXY_OPENAI_API_KEY),
    anthropicApiKey: nonEmpty(env.KEEL_PROXY_ANTHROPIC_API_KEY),
    upstreamTimeoutMs: positiveInteger(env.KEEL_PROXY_UPSTREAM_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS),
    maxBodyBytes: positiveInteger(env.KEEL_PROXY_MAX_BODY_BYTES, DEFAULT_PROXY_MAX_BODY_BYTES),
    toolsManifestPath: nonEmpty(env.KEEL_PROXY_TOOLS),
    allowCallerKeys: env.KEEL_PROXY_ALLOW_CALLER_KEYS !== "off",
  };
}
