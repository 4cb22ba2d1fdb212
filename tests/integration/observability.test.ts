/**
 * Observability end to end, tracing on over OTLP http/json to an in-process receiver: a demo run that
 * fires the quarantine (queued through POST /api/runs with a caller's `traceparent`, executed by the
 * in-process runtime worker against the scripted demo model), a guard-proxy request with a `traceparent`
 * (upstream: the scripted model server), a halt check. Asserts the spans, their parent links, the GenAI
 * attributes, the guard decisions, that no secret and no prompt text is in any exported byte, and that
 * /api/metrics carries the latency histograms. (observability-protobuf.test.ts covers http/protobuf.)
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkRoute from "@/app/api/halts/check/route";
import * as metricsRoute from "@/app/api/metrics/route";
import * as runsRoute from "@/app/api/runs/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as chatRoute from "@/app/v1/chat/completions/route";
import { type ParsedFamily, parsePrometheusText } from "@/lib/metrics";
import { type ScriptedModelServer, say, startScriptedModelServer } from "@/lib/scripted-model";
import type { ReceivedSpan } from "@/tests/fixtures/otlp-receiver";
import { serveRoutes } from "@/tests/fixtures/route-server";
import { secretFormats } from "@/tests/fixtures/secret-formats";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { type DemoRuntime, scenarioTask, startDemoRuntime } from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";
import { openSessionToken, startTracing, type TracedProcess } from "./helpers/tracing";

const SERVER = 2; // SpanKind.SERVER in OTLP (SPAN_KIND_SERVER)
const CLIENT = 3;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString("hex")}`;

let traced: TracedProcess;
let testDatabase: TestDatabase;
let runtime: DemoRuntime;
let operator: TestUser;
let viewer: TestUser;
let model: ScriptedModelServer;
let server: { url: string; close(): Promise<void> };
const saved = { ...process.env };
const spansUntil = (predicate: (spans: ReceivedSpan[]) => boolean) => traced.spansUntil(predicate);

/** A W3C traceparent of a caller's own (sampled) span. */
function callerContext() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

const exportedText = () =>
  traced.receiver.exports.map((received) => received.body.toString("utf8")).join("\n");

beforeAll(async () => {
  traced = await startTracing((url) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "keel-observability-test",
    OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=test",
  }));
  expect(traced.telemetry).toMatchObject({ tracing: true, protocol: "http/json" });
  process.env.KEEL_METRICS_TOKEN = METRICS_TOKEN;

  testDatabase = await createTestDatabase();
  operator = await createTestUser(testDatabase.database, "operator");
  viewer = await createTestUser(testDatabase.database, "viewer");
  runtime = await startDemoRuntime({ testDatabase, operator, viewer, concurrency: 1 });
  await runtime.putSettings({ toolResultQuarantineEnabled: true });

  model = await startScriptedModelServer({
    scenarios: [
      {
        name: "observed",
        turns: [{ ...say("All clear from upstream."), usage: { inputTokens: 21, outputTokens: 5 } }],
      },
    ],
  });
  process.env.KEEL_PROXY_OPENAI_BASE_URL = `${model.url}/v1`;
  process.env.KEEL_PROXY_OPENAI_API_KEY = "sk-keel-observability-upstream";
  server = await serveRoutes({
    "/v1/chat/completions": { POST: chatRoute.POST },
    "/api/halts/check": { POST: checkRoute.POST },
    "/api/sessions": { POST: sessionsRoute.POST },
    "/api/metrics": { GET: metricsRoute.GET },
  });
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
  await server?.close();
  await model?.close();
  await traced?.stop();
  await testDatabase?.drop();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
});

describe("traces over OTLP (http/json)", () => {
  const secret = secretFormats().find((format) => format.name === "OpenAI key")!;
  const promptWords = `observability prompt ${randomBytes(6).toString("hex")}`;
  let runId = "";
  let runCaller: ReturnType<typeof callerContext>;
  let proxyCaller: ReturnType<typeof callerContext>;
  let haltCaller: ReturnType<typeof callerContext>;

  it("traces a demo run that fires the quarantine, inside the caller's trace", async () => {
    runCaller = callerContext();
    const started = await callRoute(runsRoute.POST, {
      method: "POST",
      path: "/api/runs",
      json: { task: scenarioTask("demo-quarantine"), locale: "en", kind: "job" },
      headers: { ...(await operator.tokenHeaders()), traceparent: runCaller.traceparent },
    });
    expect(started.status).toBe(201);
    runId = started.body.id;
    const run = await runtime.finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.quarantinedSegments).toBeGreaterThan(0);

    // The queue's process span ends just after the run span: wait for both.
    const spans = await spansUntil(
      (all) =>
        all.some((span) => span.name === "keel.run" && span.attributes["keel.run.id"] === runId) &&
        all.some((span) => span.name === "process agent-run" && span.traceId === runCaller.traceId),
    );
    const inTrace = spans.filter((span) => span.traceId === runCaller.traceId);
    const byId = new Map(inTrace.map((span) => [span.spanId, span]));

    // POST /api/runs continues the caller's span; the queue's send and process spans (pg-boss) carry
    // the trace to the runtime, where the run span continues it.
    const request = inTrace.find((span) => span.name === "POST /api/runs")!;
    expect(request).toMatchObject({ kind: SERVER, parentSpanId: runCaller.spanId });
    expect(request.attributes).toMatchObject({ "http.route": "/api/runs", "http.response.status_code": 201 });
    const send = inTrace.find((span) => span.name === "send agent-run")!;
    expect(send.parentSpanId).toBe(request.spanId);
    const processJob = inTrace.find((span) => span.name === "process agent-run")!;
    expect(processJob.parentSpanId).toBe(send.spanId);
    const runSpan = inTrace.find((span) => span.name === "keel.run")!;
    expect(runSpan.parentSpanId).toBe(processJob.spanId);
    expect(runSpan.attributes).toMatchObject({
      "keel.run.id": runId,
      "keel.run.kind": "job",
      "keel.run.status": "succeeded",
    });
    expect(runSpan.resource).toMatchObject({
      "service.name": "keel-observability-test",
      "deployment.environment.name": "test",
    });

    // Every other span of the run descends from the run span.
    const descendsFromRun = (span: ReceivedSpan): boolean => {
      for (let current: ReceivedSpan | undefined = span; current; current = byId.get(current.parentSpanId))
        if (current === runSpan) return true;
      return false;
    };
    const runSpans = inTrace.filter(
      (span) => span !== runSpan && span !== request && span.attributes["messaging.system"] !== "pg-boss",
    );
    expect(runSpans.length).toBeGreaterThan(2);
    for (const span of runSpans) expect(descendsFromRun(span), span.name).toBe(true);

    // Model calls: the AI SDK's spans with the GenAI semantic conventions.
    const modelCalls = runSpans.filter((span) => span.attributes["gen_ai.operation.name"] === "chat");
    expect(modelCalls.length).toBeGreaterThan(0);
    for (const call of modelCalls) {
      expect(call.attributes["gen_ai.request.model"]).toEqual(expect.any(String));
      expect(call.attributes["gen_ai.usage.input_tokens"]).toEqual(expect.any(Number));
      expect(call.attributes["gen_ai.usage.output_tokens"]).toEqual(expect.any(Number));
      expect(call.attributes["gen_ai.response.finish_reasons"]).toEqual(expect.any(Array));
    }

    // The tool call, with the quarantine's decision.
    const fetchSpan = runSpans.find((span) => span.name === "execute_tool web_fetch")!;
    expect(fetchSpan.attributes).toMatchObject({
      "gen_ai.tool.name": "web_fetch",
      "keel.quarantine.enabled": true,
      "keel.tool.classification": "external-content",
    });
    expect(fetchSpan.attributes["keel.quarantine.segment_count"]).toBe(run.quarantinedSegments);
    expect(fetchSpan.events.map((event) => event.name)).toContain("keel.guard.quarantine");
    const quarantineEvent = runSpan.events.find((event) => event.name === "keel.guard.quarantine")!;
    expect(quarantineEvent.attributes).toMatchObject({
      "keel.guard": "quarantine",
      "keel.quarantine.source": "keel_tools",
    });
    expect(runSpan.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(["keel.model.reply", "keel.tool.end", "keel.run.completion_judged"]),
    );
    const judged = runSpan.events.find((event) => event.name === "keel.run.completion_judged")!;
    expect(judged.attributes).toMatchObject({
      "keel.guard": "completion_judge",
      "keel.judge.verdict": "complete",
    });
  });

  it("traces a guard-proxy request as a child of the caller's span, the upstream call under it", async () => {
    proxyCaller = callerContext();
    const key = await createTestAgentKey(testDatabase.database, ["runs:write"]);
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json", traceparent: proxyCaller.traceparent },
      body: JSON.stringify({
        model: "gpt-4o-mini",
        messages: [
          { role: "system", content: `Keep this safe: ${secret.text}` },
          { role: "user", content: `[[scenario:observed]] ${promptWords}` },
        ],
      }),
    });
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message
        .content,
    ).toBe("All clear from upstream.");

    const spans = await spansUntil((all) =>
      all.some((span) => span.traceId === proxyCaller.traceId && span.kind === CLIENT),
    );
    const proxySpan = spans.find((span) => span.name === "keel.proxy openai")!;
    expect(proxySpan).toMatchObject({
      kind: SERVER,
      traceId: proxyCaller.traceId,
      parentSpanId: proxyCaller.spanId,
    });
    expect(proxySpan.attributes).toMatchObject({
      "keel.proxy.protocol": "openai",
      "http.response.status_code": 200,
      "gen_ai.request.model": "gpt-4o-mini",
    });
    expect(proxySpan.attributes["keel.proxy.added_latency_ms"]).toEqual(expect.any(Number));
    expect(proxySpan.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(["keel.proxy.request", "keel.model.reply"]),
    );
    const reply = proxySpan.events.find((event) => event.name === "keel.model.reply")!;
    expect(reply.attributes).toMatchObject({
      "gen_ai.usage.input_tokens": 21,
      "gen_ai.usage.output_tokens": 5,
    });

    const upstream = spans.find((span) => span.traceId === proxyCaller.traceId && span.kind === CLIENT)!;
    expect(upstream).toMatchObject({ name: "chat gpt-4o-mini", parentSpanId: proxySpan.spanId });
    expect(upstream.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-4o-mini",
      "http.response.status_code": 200,
    });
    // The provider received the trace context of the upstream span.
    const received = model.requestLog.filter((entry) => entry.wire !== null).at(-1)!;
    expect(received.traceparent).toBe(`00-${proxyCaller.traceId}-${upstream.spanId}-01`);
  });

  it("traces a halt check with the conditions that fired", async () => {
    haltCaller = callerContext();
    const key = await createTestAgentKey(testDatabase.database, ["halts:read", "halts:write"]);
    const sessionToken = await openSessionToken(server.url, key.headers);
    const response = await fetch(`${server.url}/api/halts/check`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json", traceparent: haltCaller.traceparent },
      body: JSON.stringify({
        session_token: sessionToken,
        current_context: {
          operation: `deploy with ${secret.text}`,
          environment: "production",
          attempt_number: 1,
          uncertainty_score: 9,
        },
        proposed_changes: { files_to_modify: ["src/app.ts"], has_tests: false, has_rollback_plan: false },
      }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      should_halt: boolean;
      halt_reasons: { condition_name: string }[];
    };
    expect(answer.halt_reasons.length).toBeGreaterThan(0);

    const spans = await spansUntil((all) =>
      all.some((span) => span.name === "keel.halt_check" && span.traceId === haltCaller.traceId),
    );
    const request = spans.find(
      (span) => span.name === "POST /api/halts/check" && span.traceId === haltCaller.traceId,
    )!;
    expect(request.parentSpanId).toBe(haltCaller.spanId);
    const check = spans.find(
      (span) => span.name === "keel.halt_check" && span.traceId === haltCaller.traceId,
    )!;
    expect(check.parentSpanId).toBe(request.spanId);
    expect(check.attributes).toMatchObject({
      "keel.halt.should_halt": answer.should_halt,
      "keel.halt.conditions": answer.halt_reasons.map((reason) => reason.condition_name),
    });
  });

  it("exports no secret and no prompt text", async () => {
    await traced.telemetry.flush();
    const text = exportedText();
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toContain(secret.secret);
    expect(text).not.toContain(promptWords);
    expect(text).not.toContain("Keep this safe");
    expect(text).not.toContain(scenarioTask("demo-quarantine"));
    expect(text).not.toContain("Summarise the release notes");
    expect(text).not.toContain("Ignore"); // the injected instructions of the demo page
    expect(text).not.toContain("All clear from upstream");
    expect(text).not.toContain("sk-keel-observability-upstream");
    expect(text).not.toContain("gen_ai.input.messages");
    expect(text).not.toContain("gen_ai.output.messages");
    expect(text).not.toContain("gen_ai.system_instructions");
  });
});

describe("latency histograms at /api/metrics", () => {
  let families: Map<string, ParsedFamily>;

  beforeAll(async () => {
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    families = new Map(parsePrometheusText(await response.text()).map((family) => [family.name, family]));
  });

  /** The buckets, sum and count of one series of a histogram; checks the histogram's invariants. */
  function series(name: string, labels: Record<string, string>) {
    const family = families.get(name);
    expect(family?.type, name).toBe("histogram");
    const matches = (sampleLabels: Record<string, string>) =>
      Object.entries(labels).every(([key, value]) => sampleLabels[key] === value);
    const samples = family!.samples.filter((sample) => matches(sample.labels));
    const buckets = samples
      .filter((sample) => sample.name === `${name}_bucket`)
      .map((sample) => ({
        le: sample.labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(sample.labels.le),
        value: sample.value,
      }));
    const sum = samples
      .filter((sample) => sample.name === `${name}_sum`)
      .reduce((total, sample) => total + sample.value, 0);
    const count = samples
      .filter((sample) => sample.name === `${name}_count`)
      .reduce((total, sample) => total + sample.value, 0);
    expect(buckets.length, `${name} ${JSON.stringify(labels)}`).toBeGreaterThan(0);
    return { buckets, sum, count };
  }

  function expectObserved(name: string, labels: Record<string, string>, minimumCount = 1) {
    const { buckets, sum, count } = series(name, labels);
    expect(count, `${name} ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(minimumCount);
    expect(sum).toBeGreaterThan(0);
    // One bucket series per label set: cumulative, ending at +Inf with the count.
    const single = buckets.filter((bucket) => bucket.le === Number.POSITIVE_INFINITY).length === 1;
    if (single) {
      for (let index = 1; index < buckets.length; index++)
        expect(buckets[index]!.value).toBeGreaterThanOrEqual(buckets[index - 1]!.value);
      expect(buckets.at(-1)).toEqual({ le: Number.POSITIVE_INFINITY, value: count });
    }
    return { sum, count };
  }

  it("has request durations per route", () => {
    expectObserved("keel_http_request_duration_seconds", {
      route: "/api/runs",
      method: "POST",
      status: "201",
    });
    expectObserved("keel_http_request_duration_seconds", {
      route: "/api/halts/check",
      method: "POST",
      status: "200",
    });
    expectObserved("keel_http_request_duration_seconds", {
      route: "/v1/chat/completions",
      method: "POST",
      status: "200",
    });
  });

  it("has the halt check duration", () => {
    expectObserved("keel_halt_check_duration_seconds", { result: "halt" });
  });

  it("has the quarantine scan duration and bytes", () => {
    expectObserved("keel_quarantine_scan_duration_seconds", { source: "keel_tools" });
    const bytes = expectObserved("keel_quarantine_scanned_bytes", { source: "keel_tools" });
    expect(bytes.sum).toBeGreaterThan(100);
  });

  it("has the proxy's added latency", () => {
    expectObserved("keel_proxy_added_latency_seconds", { protocol: "openai" });
  });

  it("has model call durations and tokens by provider", () => {
    expectObserved("keel_model_call_duration_seconds", { provider: "openai" });
    const proxyInput = expectObserved("keel_model_call_tokens", { provider: "openai", direction: "input" });
    expect(proxyInput.sum).toBeGreaterThanOrEqual(21);
    expectObserved("keel_model_call_tokens", { provider: "openai", direction: "output" });
    // The runtime's calls to the demo model (through the AI SDK) under their own provider label.
    const providers = new Set(
      families.get("keel_model_call_duration_seconds")!.samples.map((sample) => sample.labels.provider),
    );
    const runtimeProvider = [...providers].find((provider) => provider !== "openai");
    expect(runtimeProvider).toBeDefined();
    expectObserved("keel_model_call_duration_seconds", { provider: runtimeProvider! });
    expectObserved("keel_model_call_tokens", { provider: runtimeProvider!, direction: "input" });
  });

  it("keeps the database-derived families", () => {
    expect(families.get("keel_runs")?.type).toBe("gauge");
    expect(families.get("keel_quarantined_segments_total")?.samples[0]?.value).toBeGreaterThan(0);
  });
});
