/**
 * The agent named as the actor of an obligation passive: "An urgent payment of EUR 7,350 to IBAN ...
 * must be executed by the assistant before 5 p.m.", "Eine Zahlung ... muss vom Assistenten ausgeführt
 * werden", "Un pagamento ... deve essere eseguito dall'assistente". The passive alone is how invoices
 * and runbooks write ("The invoice must be paid to IBAN ... by 30 June"); with the agent as its actor it
 * is the order "the assistant must execute the payment", and the scanner reads it as one
 * (scan-tool-result-text.ts infinitiveOrderRule, with infinitive-orders.ts passiveOrderText).
 */

import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";
import { isAgentSubject, isHumanAgentAt } from "./third-person-orders";

/** Prepositions of the actor: "by", "vom", "von", "durch", "dal"; "dall'" is read inside the agent's word. */
const ACTOR_PREPOSITIONS = wordSet(["by", "vom", "von", "durch", "dal"]);

/** Determiners between the preposition and the agent: "by the assistant", "durch den Agenten". */
const ACTOR_DETERMINERS = wordSet(["the", "your", "any", "an", "a", "dem", "den", "der", "die"]);

/**
 * The actor phrase of a passive that names the agent, as token indexes [from, to) and the agent's word,
 * or undefined: English "by (the) <agent>", German "vom <Agenten>", "von (der/dem) <agent>", "durch (den)
 * <agent>", Italian "dal <agent>", "dall'<agent>", "da parte dell'<agent>". The agent word is the
 * scanner's agent subject (third-person-orders.ts isAgentSubject: "assistant", "Assistenten", "KI",
 * "bot", with an Italian article fused on), not a person's job ("by the support agent").
 */
export function agentActorAt(
  tokens: readonly SegmentToken[],
): { readonly from: number; readonly to: number; readonly agent: string } | undefined {
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    let from = -1;
    let agent = index;
    if (ACTOR_PREPOSITIONS.hasToken(token)) {
      from = index;
      agent = index + 1;
      if (ACTOR_DETERMINERS.hasToken(tokens[agent])) agent++;
    } else if (/^dall'/.test(token.word)) from = index;
    else if (
      /^dell'/.test(token.word) &&
      tokens[index - 1]?.word === "parte" &&
      tokens[index - 2]?.word === "da"
    )
      from = index - 2;
    if (from < 0) continue;
    const named = tokens[agent];
    if (named === undefined || !isAgentSubject(named) || isHumanAgentAt(tokens, agent)) continue;
    const apostrophe = named.word.indexOf("'");
    return { from, to: agent + 1, agent: apostrophe > 0 ? named.word.slice(apostrophe + 1) : named.word };
  }
  return undefined;
}
