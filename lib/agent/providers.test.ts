import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { say, scenarioMarker, useScriptedModelServer } from "@/tests/fixtures/fake-model-servers";
import {
  createLanguageModel,
  DEMO_MODEL_LABEL,
  MODEL_SPEC_FORMS,
  ModelCredentialError,
  type ModelEnvironment,
  type ModelSpec,
  ModelSpecError,
  parseModelSpec,
  resolveRuntimeModels,
  runtimeModelSpecs,
  usesDemoModel,
} from "./providers";

describe("parseModelSpec", () => {
  it.each<[string, ModelSpec]>([
    ["openai:gpt-4.1-mini", { provider: "openai", modelId: "gpt-4.1-mini" }],
    ["openai-chat:gpt-4o-mini", { provider: "openai-chat", modelId: "gpt-4o-mini" }],
    ["anthropic:claude-sonnet-4-5", { provider: "anthropic", modelId: "claude-sonnet-4-5" }],
    ["google:gemini-2.5-flash", { provider: "google", modelId: "gemini-2.5-flash" }],
    [
      "bedrock:anthropic.claude-3-5-sonnet-20240620-v1:0",
      { provider: "bedrock", modelId: "anthropic.claude-3-5-sonnet-20240620-v1:0" },
    ],
    [
      "openai-compatible:http://127.0.0.1:11434/v1#qwen3",
      { provider: "openai-compatible", baseUrl: "http://127.0.0.1:11434/v1", modelId: "qwen3" },
    ],
    [
      "openai-compatible:https://vllm.internal.example/v1#meta-llama/Llama-3.1-8B-Instruct",
      {
        provider: "openai-compatible",
        baseUrl: "https://vllm.internal.example/v1",
        modelId: "meta-llama/Llama-3.1-8B-Instruct",
      },
    ],
    [
      "openai-compatible:http://localhost:8080/v1#qwen3:8b",
      { provider: "openai-compatible", baseUrl: "http://localhost:8080/v1", modelId: "qwen3:8b" },
    ],
    ["demo", { provider: "demo" }],
  ])("accepts %s", (spec, expected) => {
    expect(parseModelSpec(spec)).toEqual(expected);
  });

  it("accepts every example it advertises", () => {
    for (const { example } of MODEL_SPEC_FORMS) expect(() => parseModelSpec(example)).not.toThrow();
  });

  it.each([
    ["", "empty"],
    ["gpt-4", "<provider>:<model>"],
    ["openai:", 'after "openai:" is empty'],
    ["anthropic:", 'after "anthropic:" is empty'],
    ["foo:bar", 'unknown provider "foo"'],
    ["OpenAI:gpt-4", 'unknown provider "OpenAI"'],
    ["demo:x", 'unknown provider "demo"'],
    [":gpt-4", 'unknown provider ""'],
    ["openai-compatible:ftp://x#m", "http:// or https://"],
    ["openai-compatible:http://127.0.0.1:11434/v1", '"#<model>" is missing'],
    ["openai-compatible:http://127.0.0.1:11434/v1#", "is empty"],
    ["openai-compatible:not-a-url#m", "not an absolute URL"],
    ["openai-compatible:#m", "not an absolute URL"],
    [" openai:gpt-4", "whitespace"],
    ["openai:gpt-4 ", "whitespace"],
    ["openai: gpt-4", "whitespace"],
    ["openai:gpt-4\n", "whitespace"],
    [" demo", "whitespace"],
  ])("rejects %j", (spec, reason) => {
    let caught: unknown;
    try {
      parseModelSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ModelSpecError);
    const error = caught as ModelSpecError;
    expect(error.value).toBe(spec);
    expect(error.message).toContain(`Invalid model spec ${JSON.stringify(spec)}`);
    expect(error.message).toContain(reason);
    for (const { form, example } of MODEL_SPEC_FORMS) {
      expect(error.message).toContain(form);
      expect(error.message).toContain(example);
    }
  });

  it("names the variable when given one", () => {
    expect(() => parseModelSpec("gpt-4", { variable: "KEEL_UTILITY_MODEL" })).toThrow(
      'Invalid model spec "gpt-4" in KEEL_UTILITY_MODEL',
    );
  });
});

const SECRET = "sk-very-secret-value";

describe("createLanguageModel credentials", () => {
  it.each<[string, ModelEnvironment, string[]]>([
    ["openai:gpt-4.1-mini", {}, ["OPENAI_API_KEY"]],
    ["openai-chat:gpt-4.1-mini", { OPENAI_API_KEY: "" }, ["OPENAI_API_KEY"]],
    ["anthropic:claude-sonnet-4-5", { OPENAI_API_KEY: SECRET }, ["ANTHROPIC_API_KEY"]],
    ["google:gemini-2.5-flash", {}, ["GOOGLE_GENERATIVE_AI_API_KEY"]],
    ["bedrock:amazon.nova-pro-v1:0", {}, ["AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]],
    [
      "bedrock:amazon.nova-pro-v1:0",
      { AWS_REGION: "eu-central-1", AWS_ACCESS_KEY_ID: SECRET },
      ["AWS_SECRET_ACCESS_KEY"],
    ],
  ])("%s with %j names %j", (spec, env, variables) => {
    let caught: unknown;
    try {
      createLanguageModel(parseModelSpec(spec), env, { source: "KEEL_MODEL" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ModelCredentialError);
    const error = caught as ModelCredentialError;
    expect(error.variables).toEqual(variables);
    expect(error.message).toContain(spec);
    expect(error.message).toContain("KEEL_MODEL");
    for (const variable of variables) expect(error.message).toContain(variable);
    expect(error.message).not.toContain(SECRET);
  });

  it("needs no key for an openai-compatible server", () => {
    const created = createLanguageModel(
      parseModelSpec("openai-compatible:http://127.0.0.1:11434/v1#qwen3"),
      {},
    );
    expect(created.label).toBe("openai-compatible:http://127.0.0.1:11434/v1#qwen3");
  });

  it("keeps URL credentials out of the label", () => {
    const created = createLanguageModel(
      parseModelSpec(`openai-compatible:http://me:${SECRET}@h.test/v1#m`),
      {},
    );
    expect(created.label).toBe("openai-compatible:http://h.test/v1#m");
  });

  it("needs the demo server's url for the demo model", () => {
    expect(() => createLanguageModel({ provider: "demo" }, {})).toThrow(/startDemoModelServer/);
    const created = createLanguageModel({ provider: "demo" }, {}, { demoBaseUrl: "http://127.0.0.1:1/v1" });
    expect(created.label).toBe(DEMO_MODEL_LABEL);
    expect(created.label).toBe("demo (scripted)");
  });
});

describe("resolveRuntimeModels", () => {
  const demoBaseUrl = "http://127.0.0.1:1/v1";

  it("uses the demo model for both when nothing is set", () => {
    expect(runtimeModelSpecs({})).toEqual({ main: { provider: "demo" }, utility: { provider: "demo" } });
    expect(usesDemoModel(runtimeModelSpecs({}))).toBe(true);
    const models = resolveRuntimeModels({ KEEL_MODEL: "" }, { demoBaseUrl });
    expect(models.main.label).toBe("demo (scripted)");
    expect(models.utility).toBe(models.main);
  });

  it("uses the main model as the utility model when KEEL_UTILITY_MODEL is unset", () => {
    const models = resolveRuntimeModels({
      KEEL_MODEL: "anthropic:claude-sonnet-4-5",
      ANTHROPIC_API_KEY: "k",
    });
    expect(models.main.label).toBe("anthropic:claude-sonnet-4-5");
    expect(models.main.spec).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
    expect(models.utility).toBe(models.main);
    expect(usesDemoModel(runtimeModelSpecs({ KEEL_MODEL: "anthropic:claude-sonnet-4-5" }))).toBe(false);
  });

  it("resolves a separate utility model", () => {
    const env = {
      KEEL_MODEL: "openai:gpt-4.1",
      KEEL_UTILITY_MODEL: "openai-compatible:http://127.0.0.1:11434/v1#qwen3",
      OPENAI_API_KEY: "k",
    };
    const models = resolveRuntimeModels(env);
    expect(models.main.label).toBe("openai:gpt-4.1");
    expect(models.utility.label).toBe("openai-compatible:http://127.0.0.1:11434/v1#qwen3");
    expect(models.utility).not.toBe(models.main);
  });

  it("names the variable that holds a bad spec", () => {
    expect(() => resolveRuntimeModels({ KEEL_MODEL: "gpt-4" })).toThrow(/"gpt-4" in KEEL_MODEL/);
    expect(() =>
      resolveRuntimeModels({ KEEL_MODEL: "demo", KEEL_UTILITY_MODEL: "foo:bar" }, { demoBaseUrl }),
    ).toThrow(/"foo:bar" in KEEL_UTILITY_MODEL/);
  });

  it("names the variable that selected a model with a missing credential", () => {
    expect(() =>
      resolveRuntimeModels(
        { KEEL_MODEL: "demo", KEEL_UTILITY_MODEL: "google:gemini-2.5-flash" },
        { demoBaseUrl },
      ),
    ).toThrow(/KEEL_UTILITY_MODEL.*GOOGLE_GENERATIVE_AI_API_KEY/);
  });
});

describe("created models reach the provider's API", () => {
  const fixture = useScriptedModelServer([{ name: "smoke", turns: [say("pong")] }]);

  const cases: {
    name: string;
    spec: (url: string) => string;
    env: (url: string) => ModelEnvironment;
    wire: string;
    model: string;
  }[] = [
    {
      name: "openai",
      spec: () => "openai:gpt-4.1-mini",
      env: (url) => ({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${url}/v1` }),
      wire: "openai-responses",
      model: "gpt-4.1-mini",
    },
    {
      name: "openai-chat",
      spec: () => "openai-chat:gpt-4.1-mini",
      env: (url) => ({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${url}/v1` }),
      wire: "openai-chat",
      model: "gpt-4.1-mini",
    },
    {
      name: "anthropic",
      spec: () => "anthropic:claude-sonnet-4-5",
      env: (url) => ({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: `${url}/v1` }),
      wire: "anthropic",
      model: "claude-sonnet-4-5",
    },
    {
      name: "google",
      spec: () => "google:gemini-2.5-flash",
      env: (url) => ({ GOOGLE_GENERATIVE_AI_API_KEY: "k", GOOGLE_GENERATIVE_AI_BASE_URL: `${url}/v1beta` }),
      wire: "google",
      model: "gemini-2.5-flash",
    },
    {
      name: "bedrock",
      spec: () => "bedrock:amazon.nova-pro-v1:0",
      env: (url) => ({
        AWS_REGION: "us-east-1",
        AWS_ACCESS_KEY_ID: "AKIDTEST",
        AWS_SECRET_ACCESS_KEY: "secret",
        AWS_SESSION_TOKEN: "session",
        BEDROCK_BASE_URL: url,
      }),
      wire: "bedrock",
      model: "amazon.nova-pro-v1:0",
    },
    {
      name: "openai-compatible with key",
      spec: (url) => `openai-compatible:${url}/v1#qwen3`,
      env: () => ({ OPENAI_COMPATIBLE_API_KEY: "k" }),
      wire: "openai-chat",
      model: "qwen3",
    },
    {
      name: "openai-compatible without key",
      spec: (url) => `openai-compatible:${url}/v1#qwen3`,
      env: () => ({}),
      wire: "openai-chat",
      model: "qwen3",
    },
  ];

  it.each(cases)("$name reaches the $wire API", async ({ spec, env, wire, model }) => {
    const url = fixture.server.url;
    const created = createLanguageModel(parseModelSpec(spec(url)), env(url));
    const result = await generateText({
      model: created.model,
      prompt: `ping ${scenarioMarker("smoke")}`,
      maxRetries: 0,
    });
    expect(result.text).toBe("pong");
    const [entry] = fixture.server.requestLog;
    expect(entry).toMatchObject({ wire, model, scenario: "smoke", status: 200 });
  });

  it("the demo spec talks OpenAI chat with model keel-demo", async () => {
    const created = createLanguageModel(
      { provider: "demo" },
      {},
      { demoBaseUrl: `${fixture.server.url}/v1` },
    );
    const result = await generateText({
      model: created.model,
      prompt: `ping ${scenarioMarker("smoke")}`,
      maxRetries: 0,
    });
    expect(result.text).toBe("pong");
    expect(fixture.server.requestLog[0]).toMatchObject({ wire: "openai-chat", model: "keel-demo" });
  });
});
