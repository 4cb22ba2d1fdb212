import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, Output, streamText, tool } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SCRIPTED_PROVIDERS, scriptedProvider } from "@/tests/fixtures/fake-model-servers";
import { scenarioMarker } from "./engine";
import { SCRIPTED_MODEL_HEADER, type ScriptedModelServer, startScriptedModelServer } from "./server";
import { answerJson, callTool, httpError, invalidJson, say, truncated } from "./turns";
import type { Scenario, WireFormat } from "./types";
import { decodeEventStreamMessages } from "./wire/aws-event-stream";

const SCENARIOS: Scenario[] = [
  { name: "cut", turns: [truncated("partial ", "answer")] },
  { name: "garbage", turns: [invalidJson("before ")] },
  { name: "slow", turns: [{ kind: "delay", ms: 150, reply: say("finally") }] },
  {
    name: "teapot",
    turns: [{ kind: "error", status: 418, body: { custom: "shape" }, headers: { "x-test": "1" } }],
  },
  { name: "overloaded", turns: [httpError(529, "Overloaded", "overloaded_error")] },
  {
    name: "text-and-tool",
    turns: [
      { text: "Let me look.", toolCalls: [{ id: "call_look", name: "web_fetch", args: { url: "u" } }] },
      say("ok"),
    ],
  },
  { name: "judge", where: "system", advance: "calls", turns: [answerJson({ v: 1 }), answerJson({ v: 2 })] },
  { name: "tool", turns: [callTool("web_fetch", { url: "https://x.test" }, "call_x")] },
];

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer({ scenarios: SCENARIOS, maxBodyBytes: 64 * 1024 });
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

function post(path: string, body: string | object) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const PATHS: Record<WireFormat, { path: string; streamPath: string; valid: object }> = {
  "openai-chat": {
    path: "/v1/chat/completions",
    streamPath: "/v1/chat/completions",
    valid: { model: "m", messages: [{ role: "user", content: "hi" }] },
  },
  "openai-responses": {
    path: "/v1/responses",
    streamPath: "/v1/responses",
    valid: { model: "m", input: "hi" },
  },
  anthropic: {
    path: "/v1/messages",
    streamPath: "/v1/messages",
    valid: { model: "m", max_tokens: 10, messages: [{ role: "user", content: "hi" }] },
  },
  google: {
    path: "/v1beta/models/gemini-x:generateContent",
    streamPath: "/v1beta/models/gemini-x:streamGenerateContent?alt=sse",
    valid: { contents: [{ role: "user", parts: [{ text: "hi" }] }] },
  },
  bedrock: {
    path: "/model/amazon.nova-pro-v1%3A0/converse",
    streamPath: "/model/amazon.nova-pro-v1%3A0/converse-stream",
    valid: { messages: [{ role: "user", content: [{ text: "hi" }] }] },
  },
};

/** Pulls the human message out of each provider's error shape. */
function errorMessage(wire: WireFormat, body: Record<string, unknown>): string {
  if (wire === "bedrock") return String(body.message);
  return String((body.error as { message: string }).message);
}

describe.each(Object.entries(PATHS) as [WireFormat, (typeof PATHS)[WireFormat]][])(
  "bad requests (%s)",
  (wire, { path, valid }) => {
    it("answers invalid JSON with 400 in the provider's error shape", async () => {
      const response = await post(path, "{not json");
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      expect(errorMessage(wire, body)).toMatch(/Invalid JSON/);
      if (wire === "anthropic")
        expect(body).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
      if (wire === "google") expect(body).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
      if (wire === "bedrock")
        expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException/);
      if (wire.startsWith("openai")) expect(body).toMatchObject({ error: { type: "invalid_request_error" } });
      expect(server.requestLog[0]).toMatchObject({ wire, status: 400, rawBody: "{not json" });
    });

    it("answers a request missing required fields with 400", async () => {
      const broken = Object.fromEntries(
        Object.entries(valid).filter(([key]) => key !== "messages" && key !== "input" && key !== "contents"),
      );
      const response = await post(path, broken);
      expect(response.status).toBe(400);
      expect(errorMessage(wire, (await response.json()) as Record<string, unknown>)).not.toBe("");
    });

    it("rejects a body over the size limit with 413", async () => {
      const response = await post(path, { ...valid, padding: "x".repeat(70 * 1024) });
      expect(response.status).toBe(413);
      expect(server.requestLog[0]).toMatchObject({ wire, status: 413 });
    });

    it("answers a valid request", async () => {
      const response = await post(path, valid);
      expect(response.status).toBe(200);
      expect(server.requestLog[0]).toMatchObject({ wire, status: 200, scenario: null, turnKind: "response" });
    });
  },
);

describe("server basics", () => {
  it("404s unknown paths and lists models for OpenAI-compatible clients", async () => {
    expect((await post("/v2/nothing", {})).status).toBe(404);
    const models = await fetch(`${server.url}/v1/models`);
    expect(await models.json()).toMatchObject({ object: "list", data: [{ id: "scripted-model" }] });
  });

  it("logs time, path, wire, model and the raw body; reset() clears the log", async () => {
    await post(PATHS.google.path, PATHS.google.valid);
    const [entry] = server.requestLog;
    expect(entry).toMatchObject({
      seq: 1,
      method: "POST",
      path: "/v1beta/models/gemini-x:generateContent",
      wire: "google",
      model: "gemini-x",
      stream: false,
      toolsOffered: false,
    });
    expect(Date.parse(entry!.time)).not.toBeNaN();
    expect(JSON.parse(entry!.rawBody)).toEqual(PATHS.google.valid);
    server.reset();
    expect(server.requestLog).toHaveLength(0);
  });

  it("sends a scripted error body and headers verbatim", async () => {
    const response = await post("/v1/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: scenarioMarker("teapot") }],
    });
    expect(response.status).toBe(418);
    expect(response.headers.get("x-test")).toBe("1");
    expect(await response.json()).toEqual({ custom: "shape" });
  });

  it("waits for a delay turn", async () => {
    const started = Date.now();
    const result = await generateText({
      model: scriptedProvider("anthropic").model(server.url),
      prompt: scenarioMarker("slow"),
    });
    expect(result.text).toBe("finally");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("counts judge calls and advances their script per call", async () => {
    const model = scriptedProvider("openai-chat").model(server.url);
    const judge = () =>
      generateText({
        model,
        instructions: `Judge. ${scenarioMarker("judge")}`,
        prompt: "transcript",
        maxRetries: 0,
      });
    expect((await judge()).text).toBe('{"v":1}');
    expect((await judge()).text).toBe('{"v":2}');
    expect(server.requestLog.filter((entry) => entry.scenario === "judge")).toHaveLength(2);
  });
});

describe("raw stream framing", () => {
  it("OpenAI chat: usage chunk only with include_usage, then [DONE]", async () => {
    const base = { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] };
    const without = await (await post("/v1/chat/completions", base)).text();
    expect(without).not.toContain('"usage"');
    expect(without.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const withUsage = await (
      await post("/v1/chat/completions", { ...base, stream_options: { include_usage: true } })
    ).text();
    const events = withUsage
      .split("\n\n")
      .filter((frame) => frame.startsWith("data: {"))
      .map((frame) => JSON.parse(frame.slice(6)));
    expect(events.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
    expect(events.at(-2)?.choices[0].finish_reason).toBe("stop");
  });

  it("OpenAI chat: tool call deltas carry index, id and name first, then argument pieces", async () => {
    const text = await (
      await post("/v1/chat/completions", {
        model: "m",
        stream: true,
        messages: [{ role: "user", content: scenarioMarker("tool") }],
      })
    ).text();
    const deltas = text
      .split("\n\n")
      .filter((frame) => frame.startsWith("data: {"))
      .map((frame) => JSON.parse(frame.slice(6)).choices[0]?.delta?.tool_calls?.[0])
      .filter(Boolean);
    expect(deltas[0]).toEqual({
      index: 0,
      id: "call_x",
      type: "function",
      function: { name: "web_fetch", arguments: "" },
    });
    expect(
      deltas
        .slice(1)
        .map((delta: { function: { arguments: string } }) => delta.function.arguments)
        .join(""),
    ).toBe('{"url":"https://x.test"}');
  });

  it("Anthropic: the documented event order", async () => {
    const text = await (
      await post("/v1/messages", {
        ...PATHS.anthropic.valid,
        stream: true,
        messages: [{ role: "user", content: scenarioMarker("text-and-tool") }],
      })
    ).text();
    const names = [...text.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
    expect(names).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(text).toContain('"stop_reason":"tool_use"');
  });

  it("Responses: sequence numbers increase and the stream ends with response.completed", async () => {
    const text = await (await post("/v1/responses", { model: "m", input: "hi", stream: true })).text();
    const events = [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!));
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events[0].type).toBe("response.created");
    expect(events.at(-1)).toMatchObject({ type: "response.completed", response: { status: "completed" } });
  });

  it("Bedrock: binary event-stream frames with valid CRCs", async () => {
    const response = await post(PATHS.bedrock.streamPath, {
      messages: [{ role: "user", content: [{ text: scenarioMarker("text-and-tool") }] }],
    });
    expect(response.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
    const messages = decodeEventStreamMessages(new Uint8Array(await response.arrayBuffer()));
    expect(messages.map((message) => message.headers[":event-type"])).toEqual([
      "messageStart",
      "contentBlockDelta",
      "contentBlockStop",
      "contentBlockStart",
      "contentBlockDelta",
      "contentBlockStop",
      "messageStop",
      "metadata",
    ]);
    const metadata = JSON.parse(new TextDecoder().decode(messages.at(-1)!.payload));
    expect(metadata.usage.totalTokens).toBe(metadata.usage.inputTokens + metadata.usage.outputTokens);
  });

  it("Gemini: SSE chunks, the last one with finishReason and usage", async () => {
    const text = await (await post(PATHS.google.streamPath, PATHS.google.valid)).text();
    const chunks = [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!));
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: "STOP" }],
      usageMetadata: { totalTokenCount: expect.any(Number) },
    });
  });
});

describe("Responses item_reference", () => {
  it("resolves references to earlier output items the server emitted", async () => {
    const model = scriptedProvider("openai-responses").model(server.url);
    const tools = { web_fetch: tool({ description: "Fetch", inputSchema: z.object({ url: z.string() }) }) };
    const prompt = `Look ${scenarioMarker("text-and-tool")}`;
    const first = await generateText({ model, prompt, tools, maxRetries: 0 });
    expect(first.text).toBe("Let me look.");
    expect(first.finishReason).toBe("tool-calls");
    const second = await generateText({
      model,
      tools,
      maxRetries: 0,
      messages: [
        { role: "user", content: prompt },
        ...first.response.messages,
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "call_look",
              toolName: "web_fetch",
              output: { type: "text", value: "R" },
            },
          ],
        },
      ],
    });
    expect(second.text).toBe("ok");
    expect(server.requestLog[1]?.rawBody).toContain("item_reference");
    const replay = server.requestLog[1]?.conversation?.messages ?? [];
    expect(replay.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(replay[1]).toMatchObject({
      text: "Let me look.",
      toolCalls: [{ id: "call_look", name: "web_fetch" }],
    });
    expect(server.requestLog[1]?.turnIndex).toBe(1);
  });
});

describe.each(SCRIPTED_PROVIDERS)("broken answers via $provider", ({ model }) => {
  async function streamOutcome(prompt: string) {
    const errors: unknown[] = [];
    const result = streamText({
      model: model(server.url),
      prompt,
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    let text = "";
    try {
      for await (const delta of result.textStream) text += delta;
    } catch (error) {
      errors.push(error);
    }
    return { text, errors };
  }

  it("a truncated stream surfaces an error after the partial text", async () => {
    const { text, errors } = await streamOutcome(scenarioMarker("cut"));
    expect(errors.length).toBeGreaterThan(0);
    expect("partial answer".startsWith(text)).toBe(true);
  });

  it("an invalid JSON frame surfaces an error", async () => {
    const { errors } = await streamOutcome(scenarioMarker("garbage"));
    expect(errors.length).toBeGreaterThan(0);
  });

  it("a truncated or invalid buffered body rejects generateText", async () => {
    for (const marker of ["cut", "garbage"]) {
      await expect(
        generateText({ model: model(server.url), prompt: scenarioMarker(marker), maxRetries: 0 }),
      ).rejects.toThrow();
    }
  });

  it("a provider-specific error code comes through", async () => {
    const error = await generateText({
      model: model(server.url),
      prompt: scenarioMarker("overloaded"),
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(529);
    expect((error as APICallError).isRetryable).toBe(true);
  });
});

describe("structured output fallbacks", () => {
  const schema = z.object({ v: z.number() });

  it("Anthropic JSON tool (structuredOutputMode: jsonTool) gets a tool_use answer", async () => {
    for (const mode of ["generate", "stream"] as const) {
      server.reset();
      const options = {
        model: scriptedProvider("anthropic").model(server.url),
        instructions: scenarioMarker("judge"),
        prompt: "t",
        output: Output.object({ schema }),
        providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } },
        maxRetries: 0,
      } as const;
      const output =
        mode === "generate" ? (await generateText(options)).output : await streamText(options).output;
      expect(output).toEqual({ v: 1 });
      expect(server.requestLog[0]?.conversation?.responseFormat).toMatchObject({
        via: "tool",
        toolName: "json",
      });
      expect(server.requestLog[0]?.toolsOffered).toBe(false);
    }
  });

  it("OpenAI-compatible without structured outputs asks for json_object and gets JSON text", async () => {
    const model = createOpenAICompatible({ name: "plain", baseURL: `${server.url}/v1`, apiKey: "k" })("m");
    const result = await generateText({
      model,
      instructions: scenarioMarker("judge"),
      prompt: "t",
      output: Output.object({ schema }),
      maxRetries: 0,
    });
    expect(result.output).toEqual({ v: 1 });
    expect(JSON.parse(server.requestLog[0]!.rawBody).response_format).toEqual({ type: "json_object" });
  });

  it("labels every response as scripted", async () => {
    const response = await post(PATHS["openai-chat"].path, PATHS["openai-chat"].valid);
    expect(response.headers.get(SCRIPTED_MODEL_HEADER)).toBe("1");
  });
});
