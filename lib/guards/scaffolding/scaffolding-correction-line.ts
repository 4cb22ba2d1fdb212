/**
 * The fixed, harness-owned line folded into the system prompt of the one recovery request (tools off) after
 * a reply that was scaffolding only. Constant by design: recovery is a fixed policy, not a conversation.
 */
export const SCAFFOLDING_CORRECTION_LINE =
  "Your previous reply contained only raw tool-call markup and no answer. Tools are not available now: answer the user directly in plain text, without any tool-call syntax or special tokens.";
