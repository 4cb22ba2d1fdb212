export { type ClassifyToolOptions, classifyTool, type ToolClassification } from "./classify-tool";
export { QUARANTINE_MARKER } from "./quarantine-marker";
export {
  type QuarantineInModeOutput,
  type QuarantineToolResultInput,
  type QuarantineToolResultOutput,
  quarantineToolResult,
  quarantineToolResultInMode,
} from "./quarantine-tool-result";
export { type QuarantinedSegment, scanToolResultText, type ToolResultScan } from "./scan-tool-result-text";
export { UNTRUSTED_DATA_PREAMBLE } from "./untrusted-data-preamble";
