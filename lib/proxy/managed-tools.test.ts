import { describe, expect, it } from "vitest";

/** `${NAME}` placeholders are the manifest syntax under test, not template literals. */
const placeholder = (name: string) => `\${${name}}`;

import {
  expandEnv,
  invokeManagedTool,
  ManagedToolsManifestError,
  parseManagedToolsManifest,
} from "./managed-tools";

const tool = (extra: Record<string, unknown> = {}) => ({
  name: "call_action",
  description: "Acts.",
  inputSchema: { type: "object" },
  endpoint: {
    url: "https://svc.example/actions",
    headers: { authorization: `Bearer ${placeholder("SVC_TOKEN")}` },
  },
  ...extra,
});

const fakeFetch = (status: number, body: string) =>
  (async (url: URL | RequestInfo, init?: RequestInit) => {
    fakeFetch.last = { url: String(url), init };
    return new Response(body, { status });
  }) as typeof fetch;
fakeFetch.last = null as null | { url: string; init: RequestInit | undefined };

describe("managed-tools manifest", () => {
  it("reads terminal-on-success per tool; a non-boolean value is invalid and disabled", () => {
    const set = parseManagedToolsManifest(
      JSON.stringify({
        tools: [
          tool({ annotations: { "x-claw.terminalOnSuccess": true } }),
          tool({ name: "string_flag", annotations: { "x-claw.terminalOnSuccess": "true" } }),
          tool({ name: "plain" }),
        ],
      }),
    );
    expect([...set.terminal]).toEqual(["call_action"]);
    expect(set.invalidAnnotations).toEqual([{ name: "string_flag", value: '"true"' }]);
    expect(set.tools.map((entry) => [entry.name, entry.source])).toEqual([
      ["call_action", "proxy-manifest"],
      ["string_flag", "proxy-manifest"],
      ["plain", "proxy-manifest"],
    ]);
  });

  it("rejects invalid JSON, a bad shape and duplicate names", () => {
    expect(() => parseManagedToolsManifest("{")).toThrow(ManagedToolsManifestError);
    expect(() => parseManagedToolsManifest(JSON.stringify({ tools: [{ name: "x" }] }))).toThrow(/endpoint/);
    expect(() => parseManagedToolsManifest(JSON.stringify({ tools: [tool(), tool()] }))).toThrow(/twice/);
  });

  it("expands NAME placeholders from the environment", () => {
    expect(expandEnv(`Bearer ${placeholder("SVC_TOKEN")}`, { SVC_TOKEN: "s3cret" })).toBe("Bearer s3cret");
    expect(expandEnv(`${placeholder("MISSING")}x`, {})).toBe("x");
  });
});

describe("invokeManagedTool", () => {
  const definition = {
    name: "call_action",
    description: "",
    endpoint: { url: "https://svc.example/actions", method: "POST" as const, headers: {} },
  };
  const signal = new AbortController().signal;

  it("wraps a 2xx answer as ok:true whatever its domain state (cllama)", async () => {
    const envelope = await invokeManagedTool(
      definition,
      { action: "approve" },
      signal,
      fakeFetch(200, '{"status":"DENIED","receipt_id":"receipt-1"}'),
    );
    expect(envelope).toEqual({
      ok: true,
      status_code: 200,
      data: { status: "DENIED", receipt_id: "receipt-1" },
    });
    expect(fakeFetch.last?.init?.body).toBe('{"action":"approve"}');
  });

  it("wraps a non-2xx answer as ok:false with the upstream message", async () => {
    const envelope = await invokeManagedTool(
      definition,
      {},
      signal,
      fakeFetch(409, '{"error":{"message":"already decided"}}'),
    );
    expect(envelope).toEqual({
      ok: false,
      status_code: 409,
      error: { code: "http_409", message: "already decided" },
    });
  });

  it("answers 502 when the endpoint cannot be reached", async () => {
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(await invokeManagedTool(definition, {}, signal, failing)).toMatchObject({
      ok: false,
      status_code: 502,
      error: { code: "unreachable" },
    });
  });
});
