import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callApi, noContent, toApiFailure } from "./api-client";

const errorResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

const error = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

describe("toApiFailure", () => {
  it.each([
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "notFound"],
    [409, "conflict"],
  ] as const)("maps %i to %s with the server's message", async (status, kind) => {
    expect(await toApiFailure(errorResponse(status, error("conflict", "Because.")))).toMatchObject({
      kind,
      message: "Because.",
    });
  });

  it("keeps the code and the issue messages of a 400", async () => {
    const failure = await toApiFailure(
      errorResponse(
        400,
        error("validation_failed", "Not valid.", {
          issues: [{ path: ["name"], message: "Too long.", code: "too_big" }],
        }),
      ),
    );
    expect(failure).toMatchObject({
      kind: "invalid",
      code: "validation_failed",
      message: "Not valid. Too long.",
    });
  });

  it("reads the wait of a 429 from the body, else from Retry-After, else none", async () => {
    expect(
      await toApiFailure(
        errorResponse(429, { ...error("too_many_requests", "Wait."), retryAfterSeconds: 61 }),
      ),
    ).toMatchObject({
      kind: "tooManyAttempts",
      retryAfterSeconds: 61,
    });
    expect(
      await toApiFailure(
        errorResponse(429, { ...error("too_many_requests", "Wait."), retryAfterSeconds: 2.2 }),
      ),
    ).toMatchObject({ kind: "tooManyAttempts", retryAfterSeconds: 3 });
    expect(await toApiFailure(errorResponse(429, {}, { "Retry-After": "120" }))).toMatchObject({
      kind: "tooManyAttempts",
      retryAfterSeconds: 120,
    });
    expect(await toApiFailure(new Response("busy", { status: 429 }))).toMatchObject({
      kind: "tooManyAttempts",
      retryAfterSeconds: null,
    });
  });

  it("carries the status and the contract's body, route-specific fields included", async () => {
    const body = { ...error("conflict", "Changed."), current: { version: 3 } };
    expect(await toApiFailure(errorResponse(409, body))).toEqual({
      kind: "conflict",
      message: "Changed.",
      status: 409,
      body,
    });
    // A body outside the contract is not passed on; the status still is.
    expect(await toApiFailure(errorResponse(409, { error: { code: "made_up", message: "?" } }))).toEqual({
      kind: "conflict",
      message: "",
      status: 409,
    });
  });

  it("treats 5xx and unknown statuses as server failures", async () => {
    expect(await toApiFailure(errorResponse(503, error("database_unavailable", "Down.")))).toMatchObject({
      kind: "server",
    });
    expect(await toApiFailure(new Response("<html>", { status: 502 }))).toMatchObject({ kind: "server" });
  });
});

describe("callApi", () => {
  const fakeFetch =
    (response: Response | Error): typeof fetch =>
    async () => {
      if (response instanceof Error) throw response;
      return response;
    };

  it("validates a success body against the schema", async () => {
    const schema = z.object({ ok: z.literal(true) });
    expect(await callApi(schema, "/x", {}, fakeFetch(Response.json({ ok: true })))).toEqual({
      type: "ok",
      data: { ok: true },
    });
    expect(await callApi(schema, "/x", {}, fakeFetch(Response.json({ ok: "yes" })))).toEqual({
      type: "failed",
      failure: { kind: "server" },
    });
  });

  it("accepts an empty 204 as no content", async () => {
    expect(await callApi(noContent, "/x", {}, fakeFetch(new Response(null, { status: 204 })))).toEqual({
      type: "ok",
      data: undefined,
    });
  });

  it("reports a network failure and sends JSON bodies with their content type", async () => {
    expect(await callApi(noContent, "/x", {}, fakeFetch(new TypeError("offline")))).toEqual({
      type: "failed",
      failure: { kind: "network" },
    });
    let seen: RequestInit | undefined;
    const recording: typeof fetch = async (_url, init) => {
      seen = init;
      return new Response(null, { status: 204 });
    };
    await callApi(noContent, "/x", { method: "POST", json: { name: "a" } }, recording);
    expect(seen?.body).toBe('{"name":"a"}');
    expect(new Headers(seen?.headers).get("Content-Type")).toBe("application/json");
  });

  it("rethrows an abort", async () => {
    await expect(
      callApi(noContent, "/x", {}, fakeFetch(new DOMException("aborted", "AbortError"))),
    ).rejects.toThrow("aborted");
  });
});
