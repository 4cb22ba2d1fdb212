/**
 * `npm run bench -- mcp-gateway [--samples N]`
 *
 * Added latency per tool call through the MCP gateway. The same `fetch_page` call (a page with one
 * injected line) to the fake HTTP upstream (tests/fixtures/fake-mcp-server.ts), measured in one run:
 * 1. baseline: the official SDK client calling the upstream directly;
 * 2. gateway in process: the SDK client talks to the gateway server over an in-memory transport, the
 *    gateway calls the upstream (pin check, quarantine with preamble, run events queued);
 * 3. gateway over HTTP: the SDK client calls POST /api/mcp-gateway (served by a node:http server in this
 *    process, bench/support style), with agent-key authentication, as external agents do;
 * plus (2) with the quarantine switch off, to separate the scan's share. Sequential calls, after a
 * warm-up; medians and p95 in ms, added = median - baseline median, ratio = median / baseline median.
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createAgentKey } from "@/lib/auth/api-keys";
import { createPrismaClient } from "@/lib/db/client";
import { createGatewayServer } from "@/lib/mcp-gateway/gateway-server";
import { GatewaySession } from "@/lib/mcp-gateway/gateway-session";
import { GatewayUpstreams } from "@/lib/mcp-gateway/gateway-upstreams";
import { PinVerdictCache } from "@/lib/mcp-gateway/tool-pins";
import { startFakeMcpHttpServer } from "../tests/fixtures/fake-mcp-server";
import { serveRoutes } from "../tests/fixtures/route-server";
import { openBenchDatabase } from "./support/bench-database";
import { option } from "./support/options";
import { summarize } from "./support/stats";

async function measure(client: Client, name: string, samples: number): Promise<number[]> {
  const call = () => client.callTool({ name, arguments: { topic: "Solar" } });
  for (let warmup = 0; warmup < 20; warmup++) await call();
  const latencies: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const begin = performance.now();
    const result = await call();
    latencies.push(performance.now() - begin);
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  }
  return latencies;
}

const silent = { info: () => {}, warn: () => {} };

export async function run(args: string[]) {
  const samples = option(args, "--samples", 300, 10_000, 10);
  // Logs would interleave with the JSON on stdout: the route's modules are loaded after this.
  process.env.KEEL_LOG_LEVEL = "error";
  const gatewayRoute = await import("@/app/api/mcp-gateway/route");
  const { stopProcessHttpGateway } = await import("@/lib/mcp-gateway/http-gateway");
  const { stopProcessRuntimeFlagsCache } = await import("@/lib/settings/runtime-flags-cache");
  const database = await openBenchDatabase();
  process.env.DATABASE_URL = database.url;
  const prisma = createPrismaClient(database.url);
  const upstream = await startFakeMcpHttpServer();
  const configPath = path.join(tmpdir(), `keel-bench-gateway-${process.pid}.json`);
  await writeFile(configPath, JSON.stringify({ servers: { web: { url: upstream.url } } }));
  process.env.KEEL_MCP_GATEWAY_CONFIG = configPath;
  const server = await serveRoutes({ "/api/mcp-gateway": { POST: gatewayRoute.POST } });
  const clients: Client[] = [];
  const upstreams = new GatewayUpstreams({
    servers: [{ name: "web", transport: "http", url: upstream.url }],
  });
  try {
    const direct = new Client({ name: "bench-direct", version: "1" });
    await direct.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    clients.push(direct);

    let quarantineOn = true;
    const session = new GatewaySession({
      database: prisma,
      identity: { createdBy: "bench", apiKeyId: null, agentName: "bench" },
      clientName: "bench-in-process",
      servers: () => upstreams.statuses(),
      transport: "in-memory",
      log: silent,
    });
    const gatewayServer = createGatewayServer({
      database: prisma,
      upstreams,
      quarantine: { enabled: async () => quarantineOn },
      session,
      log: silent,
      pinCache: new PinVerdictCache(),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gatewayServer.connect(serverSide);
    const inProcess = new Client({ name: "bench-in-process", version: "1" });
    await inProcess.connect(clientSide);
    clients.push(inProcess);
    await inProcess.listTools();

    const { token } = await createAgentKey(prisma, {
      name: "bench-gateway",
      scopes: ["runs:write"],
      createdByUserId: null,
    });
    const overHttp = new Client({ name: "bench-http", version: "1" });
    await overHttp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp-gateway`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(overHttp);
    await overHttp.listTools();

    // Interleaved rounds, so drift on a shared machine hits every variant alike.
    const rounds = 3;
    const perRound = Math.max(1, Math.ceil(samples / rounds));
    const collected = {
      direct: [] as number[],
      inProcess: [] as number[],
      inProcessOff: [] as number[],
      http: [] as number[],
    };
    for (let round = 0; round < rounds; round++) {
      collected.direct.push(...(await measure(direct, "fetch_page", perRound)));
      quarantineOn = true;
      collected.inProcess.push(...(await measure(inProcess, "mcp__web__fetch_page", perRound)));
      quarantineOn = false;
      collected.inProcessOff.push(...(await measure(inProcess, "mcp__web__fetch_page", perRound)));
      quarantineOn = true;
      collected.http.push(...(await measure(overHttp, "mcp__web__fetch_page", perRound)));
    }
    await session.flush();
    const baseline = summarize(collected.direct);
    const variant = (latencies: number[]) => {
      const stats = summarize(latencies);
      return {
        latencyMs: stats,
        addedMedianMs: Math.round((stats.median - baseline.median) * 100) / 100,
        ratioToDirect: Math.round((stats.median / baseline.median) * 100) / 100,
      };
    };
    return {
      benchmark:
        "mcp-gateway: added latency per tool call through the gateway vs calling the upstream directly",
      samplesPerVariant: perRound * rounds,
      upstream: "fake MCP server over streamable HTTP (fetch_page: 5-line page, one injected line)",
      direct: { latencyMs: baseline },
      gatewayInProcess: variant(collected.inProcess),
      gatewayInProcessQuarantineOff: variant(collected.inProcessOff),
      gatewayOverHttpRoute: variant(collected.http),
    };
  } finally {
    for (const client of clients) await client.close().catch(() => {});
    await upstreams.close();
    await stopProcessHttpGateway();
    await stopProcessRuntimeFlagsCache();
    await server.close();
    await upstream.close();
    await prisma.$disconnect();
    await database.close();
  }
}
