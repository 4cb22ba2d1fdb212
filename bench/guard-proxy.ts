/**
 * `npm run bench -- guard-proxy [--samples N] [--chunks N]`
 *
 * Latency the guard proxy adds, measured in the same run against calling the fake upstream (the scripted
 * model server) directly, with the same HTTP client (fetch) for both:
 * - buffered: one request, full answer (OpenAI chat completions and Anthropic messages);
 * - streamed: time to the first byte, and the streaming phase per chunk ((total - first byte) / chunks)
 *   for a reply of `--chunks` text deltas, through the relay (scaffolding filter on every delta).
 * The proxy runs its real route handlers (auth with an agent key, switches, run events in PostgreSQL) behind
 * a small node:http adapter that forwards each stream chunk as it is produced. Samples alternate between
 * direct and proxied calls so drift hits both equally.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openBenchDatabase } from "./support/bench-database";
import { option } from "./support/options";
import { summarize } from "./support/stats";

type Handler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** Serves route handlers and streams their bodies chunk by chunk (unlike the buffered test adapter). */
async function serveStreaming(
  routes: Record<string, Handler>,
): Promise<{ url: string; close(): Promise<void> }> {
  let base = "";
  const server = http.createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", base);
    const handler = routes[url.pathname];
    if (!handler || incoming.method !== "POST") {
      outgoing.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const response = await handler(
      new Request(url, {
        method: "POST",
        headers: incoming.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
      { params: Promise.resolve({}) },
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    const reader = response.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      outgoing.write(next.value);
    }
    outgoing.end();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Timing {
  total: number;
  firstByte: number;
  bytes: number;
}

async function timeRequest(url: string, headers: Record<string, string>, body: unknown): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let firstByte = Number.NaN;
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    if (Number.isNaN(firstByte)) firstByte = performance.now() - started;
    bytes += next.value.byteLength;
  }
  return { total: performance.now() - started, firstByte, bytes };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export async function run(args: string[]) {
  const samples = option(args, "--samples", 200, 10_000, 10);
  const chunks = option(args, "--chunks", 200, 10_000, 20);
  process.env.KEEL_LOG_LEVEL = "error";
  const database = await openBenchDatabase();
  process.env.DATABASE_URL = database.url;
  const { startScriptedModelServer } = await import("@/lib/scripted-model");
  const { createAgentKey } = await import("@/lib/auth/api-keys");
  const { getPrisma } = await import("@/lib/db/client");
  const chatRoute = await import("@/app/v1/chat/completions/route");
  const messagesRoute = await import("@/app/v1/messages/route");
  const { stopProcessRuntimeFlagsCache } = await import("@/lib/settings/runtime-flags-cache");

  const deltas = Array.from({ length: chunks }, (_, index) => `word${index} `);
  const upstream = await startScriptedModelServer({
    scenarios: [
      {
        name: "bench-short",
        turns: [{ text: ["A short buffered answer."], usage: { inputTokens: 10, outputTokens: 5 } }],
      },
      { name: "bench-stream", turns: [{ text: deltas, chunkDelayMs: 1 }] },
    ],
  });
  process.env.KEEL_PROXY_OPENAI_BASE_URL = `${upstream.url}/v1`;
  process.env.KEEL_PROXY_ANTHROPIC_BASE_URL = upstream.url;
  process.env.KEEL_PROXY_OPENAI_API_KEY = "sk-bench";
  process.env.KEEL_PROXY_ANTHROPIC_API_KEY = "sk-ant-bench";
  delete process.env.KEEL_PROXY_TOOLS;
  const proxy = await serveStreaming({
    "/v1/chat/completions": chatRoute.POST as Handler,
    "/v1/messages": messagesRoute.POST as Handler,
  });
  const { token } = await createAgentKey(getPrisma(), {
    name: "bench-proxy",
    scopes: ["runs:write"],
    createdByUserId: null,
  });

  const protocols = {
    openai: {
      path: "/v1/chat/completions",
      body: (scenario: string, stream: boolean, index: number, followUp: boolean) => ({
        model: "gpt-4o-mini",
        stream,
        ...(stream ? { stream_options: { include_usage: true } } : {}),
        messages: conversation(scenario, index, followUp),
      }),
    },
    anthropic: {
      path: "/v1/messages",
      body: (scenario: string, stream: boolean, index: number, followUp: boolean) => ({
        model: "claude-bench",
        max_tokens: 1024,
        stream,
        messages: conversation(scenario, index, followUp),
      }),
    },
  };

  /**
   * A new conversation per request (the proxy opens a run each time: the worst case), or a follow-up turn
   * of one long conversation (the run exists; the usual case for an agent).
   */
  const conversation = (scenario: string, index: number, followUp: boolean) =>
    followUp
      ? [
          { role: "user", content: `[[scenario:${scenario}]] the conversation` },
          { role: "assistant", content: "Noted." },
          { role: "user", content: `[[scenario:${scenario}]] turn ${index}` },
        ]
      : [{ role: "user", content: `[[scenario:${scenario}]] request ${index}` }];

  const results: Record<string, unknown> = {};
  try {
    for (const [protocolName, protocol] of Object.entries(protocols))
      for (const followUp of [false, true]) {
        const name = `${protocolName}${followUp ? "FollowUpTurn" : "NewConversation"}`;
        const direct = `${upstream.url}${protocol.path}`;
        const proxied = `${proxy.url}${protocol.path}`;
        const auth = { authorization: `Bearer ${token}` };
        const warmup = Math.min(20, samples);
        const buffered = { direct: [] as number[], proxy: [] as number[] };
        const streamed = {
          directFirstByte: [] as number[],
          proxyFirstByte: [] as number[],
          directPerChunk: [] as number[],
          proxyPerChunk: [] as number[],
          directTotal: [] as number[],
          proxyTotal: [] as number[],
        };
        for (let index = 0; index < samples + warmup; index++) {
          upstream.reset();
          const record = index >= warmup;
          const directBuffered = await timeRequest(
            direct,
            {},
            protocol.body("bench-short", false, index, followUp),
          );
          const proxyBuffered = await timeRequest(
            proxied,
            auth,
            protocol.body("bench-short", false, index, followUp),
          );
          const directStream = await timeRequest(
            direct,
            {},
            protocol.body("bench-stream", true, index, followUp),
          );
          const proxyStream = await timeRequest(
            proxied,
            auth,
            protocol.body("bench-stream", true, index, followUp),
          );
          if (!record) continue;
          buffered.direct.push(directBuffered.total);
          buffered.proxy.push(proxyBuffered.total);
          streamed.directFirstByte.push(directStream.firstByte);
          streamed.proxyFirstByte.push(proxyStream.firstByte);
          streamed.directTotal.push(directStream.total);
          streamed.proxyTotal.push(proxyStream.total);
          streamed.directPerChunk.push((directStream.total - directStream.firstByte) / chunks);
          streamed.proxyPerChunk.push((proxyStream.total - proxyStream.firstByte) / chunks);
        }
        const bufferedDirect = summarize(buffered.direct);
        const bufferedProxy = summarize(buffered.proxy);
        const directTotal = summarize(streamed.directTotal);
        const proxyTotal = summarize(streamed.proxyTotal);
        const directFirst = summarize(streamed.directFirstByte);
        const proxyFirst = summarize(streamed.proxyFirstByte);
        const directChunk = summarize(streamed.directPerChunk);
        const proxyChunk = summarize(streamed.proxyPerChunk);
        results[name] = {
          buffered: {
            directMs: bufferedDirect,
            proxyMs: bufferedProxy,
            addedMedianMs: round(bufferedProxy.median - bufferedDirect.median),
            addedP95Ms: round(bufferedProxy.p95 - bufferedDirect.p95),
            ratioMedian: round(bufferedProxy.median / bufferedDirect.median),
          },
          streamed: {
            chunks,
            firstByte: {
              directMedianMs: directFirst.median,
              proxyMedianMs: proxyFirst.median,
              addedMedianMs: round(proxyFirst.median - directFirst.median),
            },
            perChunk: {
              directMedianMs: round(directChunk.median),
              proxyMedianMs: round(proxyChunk.median),
              addedMedianMs: round(proxyChunk.median - directChunk.median),
              addedMedianUs: Math.round((proxyChunk.median - directChunk.median) * 1000),
            },
            total: {
              directMedianMs: directTotal.median,
              proxyMedianMs: proxyTotal.median,
              addedMedianMs: round(proxyTotal.median - directTotal.median),
              ratioMedian: round(proxyTotal.median / directTotal.median),
            },
          },
        };
      }
  } finally {
    await proxy.close();
    await upstream.close();
    await stopProcessRuntimeFlagsCache();
    await getPrisma().$disconnect();
    await database.close();
  }
  return {
    benchmark: "guard-proxy: latency added by the proxy vs the fake upstream called directly (same run)",
    samples,
    notes:
      "Proxy path includes agent-key auth (DB), the cached switches, run bookkeeping (events written off the hot path) and the scaffolding filter on every delta; relay mode (no managed tools).",
    ...results,
  };
}
