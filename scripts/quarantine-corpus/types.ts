/** Shared types of the quarantine corpus generator. */

export type Lang = "en" | "de" | "it";
export const LANGS: readonly Lang[] = ["en", "de", "it"];

export type Split = "train" | "dev" | "heldout";

/** Attack families (the `family` field; `category` is `family:lang`). */
export type Family =
  | "override"
  | "addressed"
  | "persona"
  | "tool-abuse"
  | "answer-manipulation"
  | "memory"
  | "secrecy"
  | "conditional"
  | "forged-turn"
  | "chat-template"
  | "role-label"
  | "prompt-extraction"
  | "exfiltration";

/**
 * Hand-written payloads of one language: keys are `family/pattern` (a phrasing pattern), values the
 * sentences. Whole patterns can be held out, so the held-out split also measures unseen phrasing.
 */
export type PayloadBook = Record<string, readonly string[]>;

export interface CorpusLine {
  id: string;
  tool: string;
  text: string;
  label: "attack" | "benign";
  category: string;
  lang: Lang;
  source: string;
  license: string;
  carrier?: string;
  family?: string;
  obfuscation?: string;
  payload_id?: string;
  pattern?: string;
  spans?: [number, number][];
  kind?: string;
  /** Benign lines: none, a carrier wrapper (hidden-html, ...) or a text form (split-lines, ...). */
  form?: string;
}

/** A benign excerpt extracted once from local documentation (data/*.jsonl, see extract-benign.ts). */
export interface ExtractedItem {
  id: string;
  text: string;
  lang: Lang;
  kind: string;
  source: string;
  license: string;
}
