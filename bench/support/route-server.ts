/**
 * Serves App Router route handlers on a real node:http server (127.0.0.1, random port), so benchmarks
 * and tests exercise real HTTP without building and starting Next.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

// biome-ignore lint/suspicious/noExplicitAny: each route module declares its own params type
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

export async function serveRoutes(
  routes: Record<string, Partial<Record<string, Handler>>>,
): Promise<{ url: string; close(): Promise<void> }> {
  let baseUrl = "";
  const server = http.createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", baseUrl);
    const handler = routes[url.pathname]?.[incoming.method ?? "GET"];
    if (!handler) {
      outgoing.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = new Request(url, {
      method: incoming.method,
      headers: {
        ...(incoming.headers as Record<string, string>),
        "x-keel-client-address": incoming.socket.remoteAddress ?? "",
      },
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const response = await handler(request, { params: Promise.resolve({}) });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: baseUrl, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs `concurrency` request loops for `durationMs`; returns every latency (ms) and the error count. */
export async function loadTest(
  request: () => Promise<Response>,
  options: { concurrency: number; durationMs: number },
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          const response = await request();
          await response.arrayBuffer();
          if (response.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}
