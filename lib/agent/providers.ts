/**
 * Model selection for the agent runtime: `KEEL_MODEL` picks the main model, `KEEL_UTILITY_MODEL` the
 * utility model (audit and judge calls). Every provider goes through the AI SDK, so the agent loop never
 * knows which one it talks to. Without `KEEL_MODEL` the runtime uses the scripted demo model
 * (lib/agent/demo), a clearly labelled OpenAI-compatible endpoint on 127.0.0.1.
 *
 * Failure policy: a bad spec or a missing credential throws at start (`ModelSpecError`,
 * `ModelCredentialError`) with a message that names the variable; secret values are never printed.
 */
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";

/** Providers addressed as `<provider>:<model>`. */
export type HostedModelProvider = "openai" | "openai-chat" | "anthropic" | "google" | "bedrock";

/**
 * The environment models are built from: `process.env` or any plain object (tests). Wider than
 * `NodeJS.ProcessEnv`, which Next's types narrow with a required NODE_ENV.
 */
export type ModelEnvironment = Readonly<Record<string, string | undefined>>;

/** A parsed `KEEL_MODEL` / `KEEL_UTILITY_MODEL` value. */
export type ModelSpec =
  | { provider: HostedModelProvider; modelId: string }
  | { provider: "openai-compatible"; baseUrl: string; modelId: string }
  | { provider: "demo" };

/** The model id the demo model is called with (the demo server answers any id). */
export const DEMO_MODEL_ID = "keel-demo";

/** The label of the demo model in logs, the console and run records. */
export const DEMO_MODEL_LABEL = "demo (scripted)";

const HOSTED_PROVIDERS: readonly HostedModelProvider[] = [
  "openai",
  "openai-chat",
  "anthropic",
  "google",
  "bedrock",
];

/** The accepted forms, with examples; part of every `ModelSpecError` message. */
export const MODEL_SPEC_FORMS: readonly { form: string; example: string; note: string }[] = [
  { form: "openai:<model>", example: "openai:gpt-4.1-mini", note: "OpenAI Responses API" },
  { form: "openai-chat:<model>", example: "openai-chat:gpt-4.1-mini", note: "OpenAI Chat Completions" },
  { form: "anthropic:<model>", example: "anthropic:claude-sonnet-4-5", note: "Anthropic Messages" },
  { form: "google:<model>", example: "google:gemini-2.5-flash", note: "Google Gemini" },
  {
    form: "bedrock:<model>",
    example: "bedrock:anthropic.claude-3-5-sonnet-20240620-v1:0",
    note: "Amazon Bedrock Converse",
  },
  {
    form: "openai-compatible:<http(s)://base-url>#<model>",
    example: "openai-compatible:http://127.0.0.1:11434/v1#qwen3",
    note: "Ollama, vLLM, llama.cpp and other OpenAI-compatible servers",
  },
  { form: "demo", example: "demo", note: "the scripted demo model (the default when KEEL_MODEL is unset)" },
];

function acceptedFormsText(): string {
  return MODEL_SPEC_FORMS.map((entry) => `  ${entry.form}  (${entry.note}), e.g. ${entry.example}`).join(
    "\n",
  );
}

/** A model spec that is not one of the accepted forms. The message quotes the value and lists the forms. */
export class ModelSpecError extends Error {
  readonly value: string;
  readonly variable: string | undefined;
  readonly reason: string;

  constructor(value: string, reason: string, variable?: string) {
    const where = variable ? ` in ${variable}` : "";
    super(
      `Invalid model spec ${JSON.stringify(value)}${where}: ${reason}.\nAccepted forms:\n${acceptedFormsText()}`,
    );
    this.name = "ModelSpecError";
    this.value = value;
    this.variable = variable;
    this.reason = reason;
  }
}

/** A credential or setting the selected provider needs is not set. Names the variables, never values. */
export class ModelCredentialError extends Error {
  readonly variables: string[];

  constructor(label: string, variables: string[], source?: string) {
    const selected = source ? ` (selected by ${source})` : "";
    const plural = variables.length > 1;
    super(
      `The model ${label}${selected} needs ${variables.join(", ")}, which ${plural ? "are" : "is"} not set. ` +
        `Set ${plural ? "them" : "it"} in the environment, or unset ${source ?? "KEEL_MODEL"} to use the scripted demo model.`,
    );
    this.name = "ModelCredentialError";
    this.variables = variables;
  }
}

/**
 * Parses a model spec. Accepts exactly the forms in `MODEL_SPEC_FORMS`: no surrounding or inner
 * whitespace, a non-empty model id, and for `openai-compatible` an absolute http(s) URL and a `#<model>`.
 * `options.variable` (e.g. "KEEL_MODEL") is named in the error message.
 *
 * @throws ModelSpecError for anything else.
 */
export function parseModelSpec(spec: string, options: { variable?: string } = {}): ModelSpec {
  const fail = (reason: string): never => {
    throw new ModelSpecError(spec, reason, options.variable);
  };
  if (spec === "") fail("the value is empty");
  if (/\s/.test(spec)) fail("it contains whitespace");
  if (spec === "demo") return { provider: "demo" };
  const colon = spec.indexOf(":");
  if (colon === -1) fail('expected "<provider>:<model>" or "demo"');
  const provider = spec.slice(0, colon);
  const rest = spec.slice(colon + 1);

  if (provider === "openai-compatible") {
    const hash = rest.indexOf("#");
    if (hash === -1)
      fail('expected "openai-compatible:<http(s)://base-url>#<model>" (the "#<model>" is missing)');
    const baseUrl = rest.slice(0, hash);
    const modelId = rest.slice(hash + 1);
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {
      fail(`the base URL ${JSON.stringify(baseUrl)} is not an absolute URL`);
    }
    if (url?.protocol !== "http:" && url?.protocol !== "https:")
      fail(`the base URL must start with http:// or https:// (got ${JSON.stringify(baseUrl)})`);
    if (modelId === "") fail('the model after "#" is empty');
    if (modelId.includes("#")) fail('the model after "#" contains another "#"');
    return { provider: "openai-compatible", baseUrl, modelId };
  }

  if (!(HOSTED_PROVIDERS as readonly string[]).includes(provider))
    fail(`unknown provider ${JSON.stringify(provider)}`);
  if (rest === "") fail(`the model after "${provider}:" is empty`);
  return { provider: provider as HostedModelProvider, modelId: rest };
}

/** Removes user:password from a URL for display. */
function withoutCredentials(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.username === "" && url.password === "") return baseUrl;
  url.username = "";
  url.password = "";
  return url.toString();
}

/** The spec written back as a string (credentials in an openai-compatible URL left out); the demo's label. */
export function formatModelSpec(spec: ModelSpec): string {
  switch (spec.provider) {
    case "demo":
      return DEMO_MODEL_LABEL;
    case "openai-compatible":
      return `openai-compatible:${withoutCredentials(spec.baseUrl)}#${spec.modelId}`;
    default:
      return `${spec.provider}:${spec.modelId}`;
  }
}

export interface CreateLanguageModelOptions {
  /** Base URL of the running demo model server (ending in /v1); required for the `demo` spec. */
  demoBaseUrl?: string;
  /** The variable that selected this spec, named in credential errors (e.g. "KEEL_MODEL"). */
  source?: string;
}

/** A model ready for the agent loop, with the label shown in logs and the console. */
export interface CreatedLanguageModel {
  model: LanguageModel;
  label: string;
}

/** An environment value; empty strings count as unset. */
function setting(env: ModelEnvironment, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

/**
 * Builds the AI SDK model for a spec. Credentials and base URLs come from `env` only:
 * OPENAI_API_KEY (+ OPENAI_BASE_URL), ANTHROPIC_API_KEY (+ ANTHROPIC_BASE_URL),
 * GOOGLE_GENERATIVE_AI_API_KEY (+ GOOGLE_GENERATIVE_AI_BASE_URL), AWS_REGION + AWS_ACCESS_KEY_ID +
 * AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN, BEDROCK_BASE_URL), and the optional
 * OPENAI_COMPATIBLE_API_KEY. `demo` needs `options.demoBaseUrl`.
 *
 * @throws ModelCredentialError when a required variable is unset (or empty).
 */
export function createLanguageModel(
  spec: ModelSpec,
  env: ModelEnvironment,
  options: CreateLanguageModelOptions = {},
): CreatedLanguageModel {
  const label = formatModelSpec(spec);
  const require = (...names: string[]): string[] => {
    const missing = names.filter((name) => setting(env, name) === undefined);
    if (missing.length > 0) throw new ModelCredentialError(label, missing, options.source);
    return names.map((name) => setting(env, name)!);
  };

  switch (spec.provider) {
    case "openai":
    case "openai-chat": {
      const [apiKey] = require("OPENAI_API_KEY");
      const provider = createOpenAI({ apiKey, baseURL: setting(env, "OPENAI_BASE_URL") });
      const model =
        spec.provider === "openai" ? provider.responses(spec.modelId) : provider.chat(spec.modelId);
      return { model, label };
    }
    case "anthropic": {
      const [apiKey] = require("ANTHROPIC_API_KEY");
      const provider = createAnthropic({ apiKey, baseURL: setting(env, "ANTHROPIC_BASE_URL") });
      return { model: provider(spec.modelId), label };
    }
    case "google": {
      const [apiKey] = require("GOOGLE_GENERATIVE_AI_API_KEY");
      const provider = createGoogleGenerativeAI({
        apiKey,
        baseURL: setting(env, "GOOGLE_GENERATIVE_AI_BASE_URL"),
      });
      return { model: provider(spec.modelId), label };
    }
    case "bedrock": {
      const [
        region,
        accessKeyId,
        secretAccessKey,
      ] = require("AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY");
      const provider = createAmazonBedrock({
        region,
        accessKeyId,
        secretAccessKey,
        sessionToken: setting(env, "AWS_SESSION_TOKEN"),
        baseURL: setting(env, "BEDROCK_BASE_URL"),
      });
      return { model: provider(spec.modelId), label };
    }
    case "openai-compatible": {
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: spec.baseUrl,
        apiKey: setting(env, "OPENAI_COMPATIBLE_API_KEY"),
        includeUsage: true,
        supportsStructuredOutputs: true,
      });
      return { model: provider(spec.modelId), label };
    }
    case "demo": {
      if (!options.demoBaseUrl)
        throw new Error(
          "The demo model needs its server: start it with startDemoModelServer() (lib/agent/demo) and pass its url as demoBaseUrl.",
        );
      const provider = createOpenAICompatible({
        name: "keel-demo",
        baseURL: options.demoBaseUrl,
        apiKey: "keel-demo",
        includeUsage: true,
        supportsStructuredOutputs: true,
      });
      return { model: provider(DEMO_MODEL_ID), label };
    }
  }
}

/** The specs the runtime will use: main from KEEL_MODEL (unset or empty: demo), utility from KEEL_UTILITY_MODEL (unset or empty: the main spec). */
export function runtimeModelSpecs(env: ModelEnvironment): { main: ModelSpec; utility: ModelSpec } {
  const mainValue = setting(env, "KEEL_MODEL");
  const main =
    mainValue === undefined
      ? { provider: "demo" as const }
      : parseModelSpec(mainValue, { variable: "KEEL_MODEL" });
  const utilityValue = setting(env, "KEEL_UTILITY_MODEL");
  const utility =
    utilityValue === undefined ? main : parseModelSpec(utilityValue, { variable: "KEEL_UTILITY_MODEL" });
  return { main, utility };
}

/** True when either spec is the demo model, i.e. the runtime must start the demo model server first. */
export function usesDemoModel(specs: { main: ModelSpec; utility: ModelSpec }): boolean {
  return specs.main.provider === "demo" || specs.utility.provider === "demo";
}

/** A resolved runtime model: the AI SDK model, its label and the spec it came from. */
export interface RuntimeModel extends CreatedLanguageModel {
  spec: ModelSpec;
}

/**
 * Resolves the main and the utility model from the environment. When KEEL_UTILITY_MODEL is unset the
 * utility model is the main model (the same object). Call `runtimeModelSpecs` + `usesDemoModel` first
 * to know whether the demo server must run and pass its url as `options.demoBaseUrl`.
 *
 * @throws ModelSpecError or ModelCredentialError (meant to stop the runtime at start with the message).
 */
export function resolveRuntimeModels(
  env: ModelEnvironment,
  options: { demoBaseUrl?: string } = {},
): { main: RuntimeModel; utility: RuntimeModel } {
  const specs = runtimeModelSpecs(env);
  const main: RuntimeModel = {
    ...createLanguageModel(specs.main, env, { ...options, source: "KEEL_MODEL" }),
    spec: specs.main,
  };
  if (setting(env, "KEEL_UTILITY_MODEL") === undefined) return { main, utility: main };
  const utility: RuntimeModel = {
    ...createLanguageModel(specs.utility, env, { ...options, source: "KEEL_UTILITY_MODEL" }),
    spec: specs.utility,
  };
  return { main, utility };
}
