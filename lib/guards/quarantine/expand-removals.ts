import { WORD_CHARACTER } from "./character-fold-table";
import { isActionVerbToken } from "./lexicon";
import { membershipOf, wordSet } from "./word-set";

/** A range of the original text to replace with one marker, and the rule that caused it. */
export interface RemovalRange {
  start: number;
  end: number;
  readonly rule: string;
}

/** Rules whose match opens a forged message or order: what follows on the same line is its payload. */
const HEADER_RULES = new Set([
  "override-earlier-instructions",
  "override-everything",
  "role-override",
  "new-instructions",
  "agent-address",
  "agent-vocative",
  "standing-order",
  "task-hijack",
  "persona-switch",
  "agent-replacement",
  "role-label",
  "chat-template-token",
  "todo-order",
]);

/**
 * True when expandRemovals may widen a removal of this rule past its own sentence (a header's payload,
 * a fenced code block); a removal of any other rule is widened only by an envelope around it, which
 * does not depend on the rule.
 */
export function widensPastItsSentence(rule: string): boolean {
  return HEADER_RULES.has(rule) || rule === "code-insertion";
}

/** A forged chat turn runs until a blank line, not just to the end of its first line. */
const BLOCK_RULES = new Set(["chat-template-token", "agent-replacement"]);

// Envelope tags that wrap injected orders ("<INFORMATION> ... </INFORMATION>").
const ENVELOPE_NAMES = new Set([
  "information",
  "important",
  "instructions",
  "instruction",
  "system",
  "admin",
  "note",
  "message",
  "secret",
  "hidden",
  "prompt",
  "task",
  "im_start",
  "user_instructions",
  "override",
  "urgent",
  "ai",
  "assistant",
]);

const MAX_PAYLOAD = 2000;
const MAX_ENVELOPE_LOOKBACK = 600;
const MAX_ENVELOPE_SPAN = 6000;
const ATTENTION_PREFIX =
  /^[\s>*#\-[(]*(?:important|urgent|attention|warning|note|notice|achtung|wichtig|hinweis|attenzione|importante|avviso)[\s!:.)\]*]*$/i;

/**
 * Widens the removed ranges to the whole injected payload, so that the marker replaces the attack and
 * not only the sentence that gave it away:
 * - after a header match (an override, a forged role, an address to the AI), the following sentences
 *   on the same line that are orders (they open with a verb: "Ignore your previous instructions. Do
 *   <payload>. Make sure ...") are its payload; ordinary prose after it stays. After a forged chat turn
 *   the payload is the rest of its block, up to a blank line;
 * - a bare attention word before it on the same line ("IMPORTANT!!!") goes with it;
 * - a match inside an envelope tag pair (`<INFORMATION> ... </INFORMATION>`) removes the whole envelope.
 * Overlapping and touching ranges are merged. Every search is bounded and starts after the previous
 * range, and the envelope search has a total budget of twice the text length, so this stays O(n).
 * Input ranges must be sorted by start and disjoint; the output is too.
 */
export function expandRemovals(text: string, ranges: readonly RemovalRange[]): RemovalRange[] {
  const merged: RemovalRange[] = [];
  let floor = 0;
  let envelopeBudget = text.length * 2 + 10_000;
  const closeTags = new CloseTagFinder(text);
  for (const original of ranges) {
    if (original.start < floor) {
      // Already inside a widened range.
      const last = merged[merged.length - 1];
      if (last !== undefined && original.end > last.end) last.end = original.end;
      continue;
    }
    const range: RemovalRange = { start: original.start, end: original.end, rule: original.rule };
    if (HEADER_RULES.has(range.rule)) {
      range.end = BLOCK_RULES.has(range.rule)
        ? payloadEnd(text, range.end, true)
        : orderSentencesEnd(text, range.end);
      range.start = attentionPrefixStart(text, range.start, floor);
    }
    if (range.rule === "code-insertion") range.end = fencedBlockEnd(text, range.end);
    const envelope = envelopeAround(text, range, floor, envelopeBudget, closeTags);
    if (envelope !== undefined) {
      envelopeBudget -= envelope.cost;
      range.start = envelope.start;
      range.end = Math.max(range.end, envelope.end);
    } else envelopeBudget -= MAX_ENVELOPE_LOOKBACK;
    const last = merged[merged.length - 1];
    if (last !== undefined && range.start <= last.end) {
      last.end = Math.max(last.end, range.end);
    } else {
      merged.push(range);
    }
    floor = Math.max(floor, range.end);
  }
  return merged;
}

/** End of the payload after `from`: the end of the line (or block), trailing whitespace excluded. */
function payloadEnd(text: string, from: number, block: boolean): number {
  const limit = Math.min(text.length, from + MAX_PAYLOAD);
  let end = from;
  let index = from;
  let pendingNewline = false;
  while (index < limit) {
    const codeUnit = text.charCodeAt(index);
    const escapedNewline =
      codeUnit === 92 && (text.charCodeAt(index + 1) === 110 || text.charCodeAt(index + 1) === 114);
    if (codeUnit === 10 || codeUnit === 13 || escapedNewline) {
      if (!block || pendingNewline) break;
      pendingNewline = true;
      index += escapedNewline ? 2 : 1;
      continue;
    }
    // An unescaped quote closes a JSON string value: the payload ends there.
    if (codeUnit === 34 && text.charCodeAt(index - 1) !== 92) break;
    if (codeUnit !== 32 && codeUnit !== 9) {
      pendingNewline = false;
      end = index + 1;
    }
    index++;
  }
  return end;
}

const ORDER_OPENERS = wordSet([
  "do",
  "don't",
  "never",
  "always",
  "please",
  "first",
  "then",
  "next",
  "finally",
  "after",
  "afterwards",
  "before",
  "once",
  "also",
  "and",
  "make",
  "ensure",
  "remember",
  "if",
  "use",
  "include",
  "delete",
  "send",
  "call",
  "say",
  "tell",
  "reply",
  "respond",
  "answer",
  "write",
  "create",
  "fill",
  "transfer",
  "get",
  "go",
  "open",
  "visit",
  "click",
  "follow",
  "keep",
  "stop",
  "start",
  "now",
  "instead",
  "bitte",
  "dann",
  "danach",
  "zuerst",
  "poi",
  "prima",
  "dopo",
  "infine",
]);

/**
 * True when a sentence opens like an order: a verb of the lexicon or a sequencing word. The word's
 * membership in all nine classes comes from one lookup (membershipOf, see word-set.ts), not nine.
 */
function opensLikeOrder(firstWord: string): boolean {
  const classes = membershipOf(firstWord);
  const token = { word: firstWord, classes };
  return ORDER_OPENERS.hasToken(token) || isActionVerbToken(token);
}

/**
 * End of the run of order-shaped sentences that follow `from` on the same line (within MAX_PAYLOAD), or
 * `from` itself when the next sentence is ordinary prose. Stops at a line break, escaped line break or
 * JSON string quote.
 */
function orderSentencesEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_PAYLOAD);
  let end = from;
  let index = from;
  while (index < limit) {
    // Skip the spaces before the next sentence.
    while (index < limit && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index++;
    if (index >= limit || isLineStop(text, index)) break;
    let wordEnd = index;
    while (wordEnd < limit && wordEnd - index < 24) {
      const codeUnit = text.charCodeAt(wordEnd);
      if (WORD_CHARACTER[codeUnit] !== 1 && codeUnit !== 39 && codeUnit !== 0x2019) break;
      wordEnd++;
    }
    const firstWord = text.slice(index, wordEnd).toLowerCase().replace("\u2019", "'");
    if (!opensLikeOrder(firstWord)) break;
    // The sentence runs to the next ". ", "! ", "? " or the end of the line.
    let sentenceEnd = index;
    while (sentenceEnd < limit && !isLineStop(text, sentenceEnd)) {
      const codeUnit = text.charCodeAt(sentenceEnd);
      sentenceEnd++;
      if (
        (codeUnit === 46 || codeUnit === 33 || codeUnit === 63) &&
        (sentenceEnd >= limit || text.charCodeAt(sentenceEnd) === 32)
      )
        break;
    }
    end = sentenceEnd;
    index = sentenceEnd;
  }
  return end;
}

/** A line break, an escaped line break (`\n`, `\r`) or an unescaped JSON quote at `index`. */
function isLineStop(text: string, index: number): boolean {
  const codeUnit = text.charCodeAt(index);
  if (codeUnit === 10 || codeUnit === 13) return true;
  if (codeUnit === 92) {
    const next = text.charCodeAt(index + 1);
    return next === 110 || next === 114;
  }
  return codeUnit === 34 && text.charCodeAt(index - 1) !== 92;
}

const MAX_CODE_BLOCK = 4000;

/**
 * The code block an insertion order points at ("integrate the following code block: ```...```") is part
 * of the order: when a fenced block opens right after `from` (blank space, escaped newlines and a colon
 * allowed), the range extends over it. Bounded by MAX_CODE_BLOCK.
 */
function fencedBlockEnd(text: string, from: number): number {
  let index = from;
  const limit = Math.min(text.length, from + 40);
  while (index < limit) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 92 && (text.charCodeAt(index + 1) === 110 || text.charCodeAt(index + 1) === 114))
      index += 2;
    else if (codeUnit === 32 || codeUnit === 9 || codeUnit === 10 || codeUnit === 13 || codeUnit === 58)
      index++;
    else break;
  }
  if (!text.startsWith("```", index)) return from;
  const closing = text.indexOf("```", index + 3);
  if (closing < 0 || closing - index > MAX_CODE_BLOCK) return from;
  return closing + 3;
}

/** Start of a bare attention word ("IMPORTANT!!!") right before `start` on the same line, else `start`. */
function attentionPrefixStart(text: string, start: number, floor: number): number {
  // Fast exit: the range already opens its line (or a JSON string).
  const before = start > 0 ? text.charCodeAt(start - 1) : 10;
  if (before === 10 || before === 13 || before === 34) return start;
  const lowest = Math.max(floor, start - 40);
  let index = start;
  while (index > lowest) {
    const codeUnit = text.charCodeAt(index - 1);
    if (codeUnit === 10 || codeUnit === 13 || codeUnit === 34) break;
    if (codeUnit === 110 && text.charCodeAt(index - 2) === 92) break;
    index--;
  }
  const prefix = text.slice(index, start);
  if (prefix.trim() === "" || !ATTENTION_PREFIX.test(prefix)) return start;
  let first = index;
  while (first < start && /\s/.test(text[first]!)) first++;
  return first;
}

/** The envelope tag pair around `range`, if its opening tag is close before it and its closing tag follows. */
function envelopeAround(
  text: string,
  range: RemovalRange,
  floor: number,
  budget: number,
  closeTags: CloseTagFinder,
): { start: number; end: number; cost: number } | undefined {
  if (budget <= 0) return undefined;
  const lowest = Math.max(floor, range.start - MAX_ENVELOPE_LOOKBACK);
  // Search only the bounded window before the range (a plain lastIndexOf would scan back to the start
  // of the text for every range and make many ranges quadratic).
  const window = text.slice(lowest, range.start);
  let open = window.lastIndexOf("<");
  while (open >= 0) {
    const close = window.indexOf(">", open);
    if (close > open && close - open <= 24) {
      const tag = window.slice(open + 1, close).trim();
      if (ENVELOPE_NAMES.has(tag.toLowerCase())) {
        const closingTag = `</${tag}>`.toLowerCase();
        const searchEnd = Math.min(text.length, range.end + MAX_ENVELOPE_SPAN);
        // Quick reject, same answer: lower-casing never creates "<" or "/", so without a raw "</" in the
        // searched span the lower-cased span holds no closing tag (saves the slice and toLowerCase).
        const closeStart = closeTags.firstAtOrAfter(range.end);
        if (closeStart < 0 || closeStart + 2 > searchEnd) return undefined;
        const closing = text.slice(range.end, searchEnd).toLowerCase().indexOf(closingTag);
        if (closing < 0) return undefined;
        return {
          start: lowest + open,
          end: range.end + closing + closingTag.length,
          cost: searchEnd - range.end,
        };
      }
    }
    if (open === 0) break;
    open = window.lastIndexOf("<", open - 1);
  }
  return undefined;
}

/**
 * First "</" at or after a position, remembered between calls: the ranges come sorted, so the answer
 * for a later position is usually the remembered one, and the searches move forward through the text
 * (O(n) in total instead of one bounded search per range).
 */
class CloseTagFinder {
  private from = -1;
  private position = -1;

  constructor(private readonly text: string) {}

  firstAtOrAfter(from: number): number {
    if (this.from < 0 || from < this.from || (this.position >= 0 && this.position < from)) {
      this.from = from;
      this.position = this.text.indexOf("</", from);
    }
    return this.position;
  }
}
