/**
 * Tracing with OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf (the default protocol): the exporter posts
 * protobuf to /v1/traces and the receiver decodes the spans from the wire format: a halt check carrying
 * a caller's `traceparent` is exported as a child of the caller's span.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as checkRoute from "@/app/api/halts/check/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { serveRoutes } from "@/tests/fixtures/route-server";
import { createTestAgentKey } from "./helpers/auth-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";
import { openSessionToken, startTracing, type TracedProcess } from "./helpers/tracing";

let traced: TracedProcess;
let testDatabase: TestDatabase;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  traced = await startTracing((url) => ({
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${url}/v1/traces`,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", // the traces-specific variable wins
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
  }));
  expect(traced.telemetry).toMatchObject({ tracing: true, protocol: "http/protobuf" });
  testDatabase = await createTestDatabase();
  server = await serveRoutes({
    "/api/halts/check": { POST: checkRoute.POST },
    "/api/sessions": { POST: sessionsRoute.POST },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await traced?.stop();
  await testDatabase?.drop();
});

it("exports protobuf spans that continue the caller's trace", async () => {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  const key = await createTestAgentKey(testDatabase.database, ["halts:read", "halts:write"]);
  const sessionToken = await openSessionToken(server.url, key.headers);
  const response = await fetch(`${server.url}/api/halts/check`, {
    method: "POST",
    headers: {
      ...key.headers,
      "content-type": "application/json",
      traceparent: `00-${traceId}-${spanId}-01`,
    },
    body: JSON.stringify({
      session_token: sessionToken,
      current_context: { operation: "rename a variable", environment: "dev", attempt_number: 1 },
    }),
  });
  expect(response.status).toBe(200);

  const spans = await traced.spansUntil((all) => all.some((span) => span.name === "keel.halt_check"));
  expect(traced.receiver.exports.length).toBeGreaterThan(0);
  for (const received of traced.receiver.exports) {
    expect(received.path).toBe("/v1/traces");
    expect(received.contentType).toBe("application/x-protobuf");
    expect(received.body.length).toBeGreaterThan(0);
    expect(() => JSON.parse(received.body.toString("utf8"))).toThrow();
  }
  const request = spans.find((span) => span.name === "POST /api/halts/check")!;
  expect(request).toMatchObject({ traceId, parentSpanId: spanId, kind: 2 });
  expect(request.attributes).toMatchObject({
    "http.route": "/api/halts/check",
    "http.response.status_code": 200,
  });
  expect(request.resource["service.name"]).toBe("keel-test");
  const check = spans.find((span) => span.name === "keel.halt_check")!;
  expect(check).toMatchObject({ traceId, parentSpanId: request.spanId });
  expect(check.attributes["keel.halt.should_halt"]).toBe(false);
});
