/**
 * The scripted demo model as a real OpenAI-compatible HTTP endpoint: one node:http server on 127.0.0.1
 * (ephemeral port) that serves the demo pages under `/demo/pages/<name>` and answers every other request
 * with the scripted model handler playing the demo scenarios. Every response carries the
 * `x-keel-scripted-model: 1` header, so nobody mistakes it for a real model.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_MODEL_ID } from "@/lib/agent/providers";
import {
  createScriptedModelHandler,
  type RequestLogEntry,
  SCRIPTED_MODEL_HEADER,
} from "@/lib/scripted-model";
import { DEMO_PAGES, DEMO_PAGES_PATH } from "./demo-pages";
import { createDemoScenarios, demoFallback } from "./demo-scenarios";

/** The request log keeps this many entries (oldest dropped), so a long-running demo server stays small. */
const REQUEST_LOG_LIMIT = 200;

export interface DemoModelServer {
  /** Base URL for the OpenAI-compatible provider: `http://127.0.0.1:<port>/v1`. */
  url: string;
  /** `127.0.0.1:<port>`: the origin web_fetch must allowlist to reach the demo pages. */
  pagesOrigin: string;
  /** The latest requests the scripted model answered (for diagnostics and tests). */
  requestLog: RequestLogEntry[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

function servePage(request: IncomingMessage, response: ServerResponse, name: string): void {
  const page = Object.hasOwn(DEMO_PAGES, name) ? DEMO_PAGES[name] : undefined;
  request.resume();
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, {
      [SCRIPTED_MODEL_HEADER]: "1",
      allow: "GET, HEAD",
      "content-type": "text/plain",
    });
    response.end("Method not allowed\n");
    return;
  }
  if (page === undefined) {
    response.writeHead(404, { [SCRIPTED_MODEL_HEADER]: "1", "content-type": "text/plain; charset=utf-8" });
    response.end(`No demo page named ${JSON.stringify(name)}.\n`);
    return;
  }
  response.writeHead(200, {
    [SCRIPTED_MODEL_HEADER]: "1",
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(page),
    "cache-control": "no-store",
  });
  response.end(request.method === "HEAD" ? undefined : page);
}

/**
 * Starts the demo model server on 127.0.0.1 and a free port. Resolves once it listens; rejects if it
 * cannot bind. The scenarios are built for the server's own origin (the quarantine scenario fetches
 * its own page).
 */
export async function startDemoModelServer(): Promise<DemoModelServer> {
  const handler = createScriptedModelHandler({ fallback: demoFallback, models: [DEMO_MODEL_ID] });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (path.startsWith(DEMO_PAGES_PATH)) {
      let name: string;
      try {
        name = decodeURIComponent(path.slice(DEMO_PAGES_PATH.length));
      } catch {
        name = path.slice(DEMO_PAGES_PATH.length);
      }
      servePage(request, response, name);
      return;
    }
    if (handler.requestLog.length >= REQUEST_LOG_LIMIT)
      handler.requestLog.splice(0, handler.requestLog.length - REQUEST_LOG_LIMIT + 1);
    handler.handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const pagesOrigin = `127.0.0.1:${port}`;
  handler.setScenarios(createDemoScenarios(pagesOrigin));
  return {
    url: `http://${pagesOrigin}/v1`,
    pagesOrigin,
    requestLog: handler.requestLog,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
