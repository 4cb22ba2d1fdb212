import type { RemovalRange } from "./expand-removals";
import { LEARNED_RULE_NAME } from "./rules/learned-order-rule";

/**
 * A prompt kept in a bot's configuration file: the value of a prompt key ("system_prompt: |", "prompt:",
 * '"system": "..."', "istruzioni: >", "modello_utente") in a YAML or JSON file that also sets a model's
 * parameters ("model: gpt-4o-mini", "temperature: 0.2", "max_tokens", "top_k"). Its sentences are orders
 * to that bot ("Antworte freundlich und in einfacher Sprache", "Rispondi alle domande dei dipendenti su
 * ferie ...") that the configuration hands to the model it calls; the learned stage read them as orders
 * to the agent reading the file. Only the learned stage's removals inside such a value are dropped: a
 * hand-written rule's (an override, a forged role, a secret sent out) stands, and a chat message with a
 * role ('"role": "system"') is no configuration of a model's parameters.
 *
 * A value is a YAML block scalar (the key's line ends in "|" or ">"; the value runs over the lines
 * indented deeper than the key), a YAML or JSON string on the key's line, or a JSON string that runs to
 * its closing quote. Linear: one search of the keys and the parameters over the text, and a binary search
 * per removal.
 */

/** A prompt key and where its value opens: group 1 the key's indentation, group 2 what follows the colon. */
const PROMPT_KEY =
  /(?:^|\n)([ \t]*)"?(?:system_prompt|systemprompt|system|prompt|prompt_template|user_prompt|user_template|template|instructions|istruzioni|anweisungen|modello_utente|vorlage)"?[ \t]*:[ \t]*([|>][-+]?[ \t]*(?=\n)|"|')/gi;

/** A model's parameters set in the same file: the evidence that it configures a bot. */
const PARAMETER_KEY =
  /(?:^|\n)[ \t]*"?(?:model|modell|modello|model_name|temperature|temperatur|temperatura|max_tokens|max_token|top_p|top_k|id_modello)"?[ \t]*:/gi;

/** A cheap test before the searches: no prompt key word, no configured prompt. */
const PROMPT_WORD = /prompt|system|template|instructions|istruzioni|anweisungen|modello_utente|vorlage/i;

/** The [start, end) ranges of prompt values in `text`, in order. */
function promptValues(text: string): number[] {
  const values: number[] = [];
  PROMPT_KEY.lastIndex = 0;
  for (let match = PROMPT_KEY.exec(text); match !== null; match = PROMPT_KEY.exec(text)) {
    const opener = match[2]!;
    const valueStart = match.index + match[0].length;
    if (opener.startsWith("|") || opener.startsWith(">")) {
      // A block scalar: the lines indented deeper than the key.
      const keyIndent = match[1]!.length;
      let lineStart = text.indexOf("\n", valueStart) + 1;
      let end = lineStart;
      while (lineStart > 0 && lineStart < text.length) {
        let indent = 0;
        while (text.charCodeAt(lineStart + indent) === 32 || text.charCodeAt(lineStart + indent) === 9)
          indent++;
        const lineEnd = text.indexOf("\n", lineStart);
        const blank = lineStart + indent === (lineEnd < 0 ? text.length : lineEnd);
        if (!blank && indent <= keyIndent) break;
        end = lineEnd < 0 ? text.length : lineEnd;
        if (lineEnd < 0) break;
        lineStart = lineEnd + 1;
      }
      if (end > valueStart) values.push(valueStart, end);
      PROMPT_KEY.lastIndex = Math.max(PROMPT_KEY.lastIndex, end);
      continue;
    }
    // A quoted string: to its closing quote (an escaped one does not close it).
    const quote = opener.charCodeAt(0);
    let end = valueStart;
    while (end < text.length && text.charCodeAt(end) !== quote) end += text.charCodeAt(end) === 92 ? 2 : 1;
    values.push(valueStart, Math.min(end, text.length));
    PROMPT_KEY.lastIndex = Math.max(PROMPT_KEY.lastIndex, end);
  }
  return values;
}

/** True when at least two of a model's parameters are set in `text`. */
function setsModelParameters(text: string): boolean {
  PARAMETER_KEY.lastIndex = 0;
  let found = 0;
  while (PARAMETER_KEY.exec(text) !== null) if (++found >= 2) return true;
  return false;
}

/** The removals that are not the learned stage's inside a configured prompt (see the file comment). */
export function withoutConfiguredPrompts(text: string, removals: RemovalRange[]): RemovalRange[] {
  if (!removals.some((removal) => removal.rule === LEARNED_RULE_NAME)) return removals;
  if (!PROMPT_WORD.test(text) || !setsModelParameters(text)) return removals;
  const values = promptValues(text);
  if (values.length === 0) return removals;
  return removals.filter((removal) => {
    if (removal.rule !== LEARNED_RULE_NAME) return true;
    // The last value opening at or before the removal.
    let low = 0;
    let high = values.length / 2 - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (values[middle * 2]! <= removal.start) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return !(found >= 0 && removal.end <= values[found * 2 + 1]!);
  });
}
