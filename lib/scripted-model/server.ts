/**
 * One node:http server that speaks every supported wire format, answers from the scenario engine
 * and records every request. Binds to 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createScenarioEngine } from "./engine";
import type {
  NeutralConversation,
  NeutralMessage,
  ResolvedMalformed,
  ResolvedResponse,
  Scenario,
  TurnSource,
  WireFormat,
} from "./types";
import { anthropicAdapter } from "./wire/anthropic";
import { bedrockAdapter } from "./wire/bedrock";
import { googleAdapter } from "./wire/google";
import { openAiChatAdapter } from "./wire/openai-chat";
import { openAiResponsesAdapter } from "./wire/openai-responses";
import { BadRequestError, type Frame, type RenderContext, type WireAdapter } from "./wire/shared";

export const WIRE_ADAPTERS: readonly WireAdapter[] = [
  openAiChatAdapter,
  openAiResponsesAdapter,
  anthropicAdapter,
  googleAdapter,
  bedrockAdapter,
];

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Sent on every response so nobody mistakes the scripted model for a real one. */
export const SCRIPTED_MODEL_HEADER = "x-keel-scripted-model";

export interface ScriptedModelServerOptions {
  scenarios?: readonly Scenario[];
  /** Played when no scenario matches (default: a short plain answer). */
  fallback?: TurnSource;
  /** 0 (default) picks a free port. */
  port?: number;
  maxBodyBytes?: number;
  /** Listed by `GET /v1/models` (OpenAI-compatible clients probe it). */
  models?: readonly string[];
}

export interface RequestLogEntry {
  seq: number;
  time: string;
  method: string;
  path: string;
  wire: WireFormat | null;
  model: string | null;
  stream: boolean;
  conversation: NeutralConversation | null;
  toolsOffered: boolean;
  scenario: string | null;
  turnIndex: number | null;
  turnKind: "response" | "error" | "malformed" | null;
  status: number;
  rawBody: string;
  /** The request's W3C `traceparent` header, if any (tests check that callers propagate traces). */
  traceparent: string | null;
  /** Why the request was rejected, for 4xx answers the server produced itself. */
  error?: string;
}

export interface ScriptedModelHandler {
  handle(request: IncomingMessage, response: ServerResponse): void;
  requestLog: RequestLogEntry[];
  /** Clears the log, the scenario call counters and the id sequences. */
  reset(): void;
  /** Swaps the scenario table (and restarts the scenario call counters). */
  setScenarios(scenarios: readonly Scenario[]): void;
}

export interface ScriptedModelServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  url: string;
  port: number;
  requestLog: RequestLogEntry[];
  reset(): void;
  setScenarios(scenarios: readonly Scenario[]): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class BodyTooLargeError extends Error {}

function readBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      reject(new BodyTooLargeError(`Request body exceeds ${maxBytes} bytes.`));
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let failed = false;
    request.on("data", (chunk: Buffer) => {
      if (failed) return;
      total += chunk.length;
      if (total > maxBytes) {
        failed = true;
        reject(new BodyTooLargeError(`Request body exceeds ${maxBytes} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    request.on("error", reject);
  });
}

export function createScriptedModelHandler(options: ScriptedModelServerOptions = {}): ScriptedModelHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let scenarios = options.scenarios ?? [];
  let engine = createScenarioEngine({ scenarios, fallback: options.fallback });
  const requestLog: RequestLogEntry[] = [];
  let seq = 0;
  const idCounters = new Map<string, number>();
  const items = new Map<string, NeutralMessage>();
  const context: RenderContext = {
    nextId(prefix) {
      const next = (idCounters.get(prefix) ?? 0) + 1;
      idCounters.set(prefix, next);
      return `${prefix}_${next}`;
    },
    now: () => Math.floor(Date.now() / 1000),
    items,
  };

  function sendJson(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      [SCRIPTED_MODEL_HEADER]: "1",
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      ...headers,
    });
    response.end(text);
  }

  async function writeFrames(response: ServerResponse, frames: Frame[], chunkDelayMs: number): Promise<void> {
    for (const [index, frame] of frames.entries()) {
      if (index > 0 && chunkDelayMs > 0) await sleep(chunkDelayMs);
      if (response.destroyed) return;
      response.write(frame);
    }
  }

  /** Streams or sends the text of a malformed turn, then breaks the answer as the turn asks. */
  async function sendMalformed(
    response: ServerResponse,
    adapter: WireAdapter,
    conversation: NeutralConversation,
    turn: ResolvedMalformed,
  ): Promise<void> {
    const partial: ResolvedResponse = {
      kind: "response",
      reasoning: [],
      text: turn.text,
      toolCalls: [],
      finishReason: "stop",
      usage: { inputTokens: 1, outputTokens: 1 },
      delayMs: 0,
      chunkDelayMs: turn.chunkDelayMs,
    };
    const cut = async () => {
      await sleep(10);
      response.destroy();
    };
    if (conversation.stream) {
      response.writeHead(200, {
        [SCRIPTED_MODEL_HEADER]: "1",
        "content-type": adapter.streamContentType,
        "cache-control": "no-cache",
      });
      const frames = adapter.stream(partial, conversation, context, true);
      if (turn.mode === "invalid-json") frames.push(adapter.invalidFrame());
      await writeFrames(response, frames, turn.chunkDelayMs);
      if (turn.mode === "invalid-json") response.end();
      else await cut();
      return;
    }
    const full = JSON.stringify(adapter.buffered(partial, conversation, context));
    const half = full.slice(0, Math.ceil(full.length / 2));
    response.writeHead(200, { [SCRIPTED_MODEL_HEADER]: "1", "content-type": "application/json" });
    if (turn.mode === "invalid-json") response.end(half);
    else {
      response.write(half);
      await cut();
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    const entry: RequestLogEntry = {
      seq: ++seq,
      time: new Date().toISOString(),
      method,
      path: url.pathname + url.search,
      wire: null,
      model: null,
      stream: false,
      conversation: null,
      toolsOffered: false,
      scenario: null,
      turnIndex: null,
      turnKind: null,
      status: 0,
      rawBody: "",
      traceparent: typeof request.headers.traceparent === "string" ? request.headers.traceparent : null,
    };
    requestLog.push(entry);

    if (method === "GET" && /^(\/v1)?\/models$/.test(url.pathname)) {
      entry.status = 200;
      const models = options.models ?? ["scripted-model"];
      sendJson(response, 200, {
        object: "list",
        data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "keel-scripted" })),
      });
      return;
    }

    let adapter: WireAdapter | undefined;
    let route = null;
    for (const candidate of WIRE_ADAPTERS) {
      route = candidate.route(method, url.pathname, url.searchParams);
      if (route) {
        adapter = candidate;
        break;
      }
    }
    if (!adapter || !route) {
      entry.status = 404;
      entry.error = `No scripted endpoint for ${method} ${url.pathname}`;
      request.resume();
      sendJson(response, 404, openAiChatAdapter.error(404, entry.error).body);
      return;
    }
    entry.wire = adapter.wire;
    entry.model = route.model ?? null;
    entry.stream = route.stream ?? false;

    const reject = (status: number, message: string) => {
      entry.status = status;
      entry.error = message;
      const { body, headers } = adapter.error(status, message);
      sendJson(response, status, body, headers);
    };

    let rawBody: string;
    try {
      rawBody = await readBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        reject(413, error.message);
        return;
      }
      throw error;
    }
    entry.rawBody = rawBody;
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch (error) {
      reject(400, `Invalid JSON body: ${(error as Error).message}`);
      return;
    }
    let conversation: NeutralConversation;
    try {
      conversation = adapter.parse(body, route, context);
    } catch (error) {
      if (error instanceof BadRequestError) {
        reject(400, error.message);
        return;
      }
      throw error;
    }
    entry.conversation = conversation;
    entry.model = conversation.model;
    entry.stream = conversation.stream;
    entry.toolsOffered = conversation.tools.length > 0;

    const resolution = engine.resolve(conversation);
    const turn = resolution.turn;
    entry.scenario = resolution.scenario;
    entry.turnIndex = resolution.turnIndex;
    entry.turnKind = turn.kind;
    if (turn.delayMs > 0) await sleep(turn.delayMs);
    if (response.destroyed) return;

    if (turn.kind === "error") {
      const shaped = adapter.error(turn.status, turn.message, turn.code);
      entry.status = turn.status;
      sendJson(response, turn.status, turn.body ?? shaped.body, { ...shaped.headers, ...turn.headers });
      return;
    }

    entry.status = 200;
    if (turn.kind === "malformed") {
      await sendMalformed(response, adapter, conversation, turn);
      return;
    }

    if (!conversation.stream) {
      sendJson(response, 200, adapter.buffered(turn, conversation, context));
      return;
    }
    response.writeHead(200, {
      [SCRIPTED_MODEL_HEADER]: "1",
      "content-type": adapter.streamContentType,
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    await writeFrames(response, adapter.stream(turn, conversation, context), turn.chunkDelayMs);
    response.end();
  }

  return {
    handle(request, response) {
      handle(request, response).catch((error: unknown) => {
        const entry = requestLog[requestLog.length - 1];
        if (entry) {
          entry.status = 500;
          entry.error = String(error);
        }
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.destroy();
      });
    },
    requestLog,
    reset() {
      requestLog.length = 0;
      seq = 0;
      idCounters.clear();
      items.clear();
      engine.reset();
    },
    setScenarios(next) {
      scenarios = next;
      engine = createScenarioEngine({ scenarios, fallback: options.fallback });
    },
  };
}

/** Starts the scripted model server on 127.0.0.1 (a free port unless `port` is given). */
export async function startScriptedModelServer(
  options: ScriptedModelServerOptions = {},
): Promise<ScriptedModelServer> {
  const handler = createScriptedModelHandler(options);
  const server = createServer((request, response) => handler.handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requestLog: handler.requestLog,
    reset: handler.reset,
    setScenarios: handler.setScenarios,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
