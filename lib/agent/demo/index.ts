/**
 * The scripted demo model that `npm start` serves when KEEL_MODEL is unset: an OpenAI-compatible
 * endpoint on 127.0.0.1 whose scenarios make every guard fire. See docs/demo-model.md.
 */

export { type DemoModelServer, startDemoModelServer } from "./demo-model-server";
export {
  DEMO_HIDDEN_COMMENT_INSTRUCTION,
  DEMO_INJECTED_LINE,
  DEMO_PAGES,
  DEMO_PAGES_PATH,
  demoPageUrl,
} from "./demo-pages";
export {
  AUDIT_SYSTEM_PROMPT_CUE,
  createDemoScenarios,
  DEMO_AUDITOR_SCENARIO,
  DEMO_EXFILTRATION_HOST,
  DEMO_EXFILTRATION_URL,
  DEMO_FALLBACK_TEXT,
  DEMO_JUDGE_SCENARIO,
  DEMO_LABEL,
  DEMO_LEAKED_SCAFFOLDING,
  DEMO_RUNS,
  DEMO_SCAFFOLDING_ONLY_REPLY,
  DEMO_SCENARIOS,
  type DemoRun,
  type DemoScenarioName,
  demoFallback,
  demoJudgeAnswer,
  demoRunFlags,
  demoTodoPlan,
} from "./demo-scenarios";
export {
  createDemoTools,
  DEMO_APPROVE_REQUEST_TOOL,
  DEMO_SEND_REPORT_ERROR,
  DEMO_SEND_REPORT_TOOL,
  TERMINAL_ON_SUCCESS_ANNOTATION,
} from "./demo-tools";
