/**
 * Scripted model: a provider-neutral scenario engine behind local fakes of the OpenAI (chat and
 * Responses), Anthropic, Gemini and Bedrock wire formats. Used by tests and by the labelled demo model.
 * See docs/scripted-model.md.
 */
export {
  conversationTurnIndex,
  createScenarioEngine,
  DEFAULT_REPLY,
  latestToolResult,
  latestUserText,
  type ScenarioEngine,
  type ScenarioEngineOptions,
  scenarioMarker,
  selectScenario,
} from "./engine";
export {
  createScriptedModelHandler,
  DEFAULT_MAX_BODY_BYTES,
  type RequestLogEntry,
  SCRIPTED_MODEL_HEADER,
  type ScriptedModelHandler,
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
  startScriptedModelServer,
  WIRE_ADAPTERS,
} from "./server";
export {
  answerJson,
  callTool,
  callTools,
  echoLastToolResult,
  echoLastUserMessage,
  echoSystemPrompt,
  httpError,
  invalidJson,
  say,
  truncated,
} from "./turns";
export * from "./types";
export { crc32, decodeEventStreamMessages, encodeEventStreamMessage } from "./wire/aws-event-stream";
