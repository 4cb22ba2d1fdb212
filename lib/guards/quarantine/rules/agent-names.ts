import type { SegmentToken } from "../tokenize-segment";
import { lexiconWordSet, type WordSet } from "../word-set";

/**
 * The agent named in a sentence, for the forms that ask whether a text means its reader (the task set
 * aside, task-set-aside.ts; limits declared void, override-rules.ts): the generic names of assistants,
 * agents, bots and models in the three languages, also as a part of a hyphenated compound ("KI-Agent",
 * "Support-Bot", "KI-Reviewer"). The steering rules keep their own, narrower list (agent-steering-rules
 * AGENT_NAMES): there "agent" and "bot" alone open too many sentences.
 */
export const AGENT_NAME_WORDS: WordSet = lexiconWordSet([
  "assistant",
  "assistants",
  "assistent",
  "assistenten",
  "assistenz",
  "assistente",
  "assistenti",
  "agent",
  "agents",
  "agenten",
  "agente",
  "agenti",
  "ai",
  "ki",
  "ia",
  "llm",
  "model",
  "modell",
  "modello",
  "bot",
  "bots",
  "chatbot",
  "copilot",
  "copilota",
  "summarizer",
  "summarizers",
  "summariser",
  "summarisers",
]);

/**
 * True when `set` (a lexicon set: "dell'assistente", "assistant's" count) has the token, or the first or
 * last part of a hyphenated compound ("KI-Agent", "Support-Bot").
 */
export function hasWordOrCompoundPart(set: WordSet, token: SegmentToken): boolean {
  if (set.hasToken(token)) return true;
  if (!token.hasJoiner) return false;
  const word = token.word;
  const hyphen = word.lastIndexOf("-");
  return hyphen > 0 && (set.has(word.slice(hyphen + 1)) || set.has(word.slice(0, word.indexOf("-"))));
}

/** True when the token names the agent (AGENT_NAME_WORDS, also in a compound). */
export function namesTheAgent(token: SegmentToken): boolean {
  return hasWordOrCompoundPart(AGENT_NAME_WORDS, token);
}
