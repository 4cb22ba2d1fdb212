import { matchLiteral } from "./marker-trie";

/** Where the bracketed payload after a lead token starts, or why there is none (yet). */
export type LeadPayloadStart =
  | { readonly type: "none" }
  | { readonly type: "partial" }
  | { readonly type: "payload"; readonly start: number };

/** The running state of a bracketed payload scan, carried across chunks. */
export type BracketBalance = { depth: number; quote: number; escaped: boolean };

const MAXIMUM_LEADING_WHITESPACE = 16;
const MAXIMUM_IDENTIFIER_LENGTH = 64;
const NONE = { type: "none" } as const;
const PARTIAL = { type: "partial" } as const;

function isWhitespace(codeUnit: number): boolean {
  return codeUnit === 0x20 || codeUnit === 0x0a || codeUnit === 0x0d || codeUnit === 0x09;
}

function isOpeningBracket(codeUnit: number): boolean {
  return codeUnit === 0x5b || codeUnit === 0x7b; // [ {
}

function isIdentifierCharacter(codeUnit: number): boolean {
  return (
    (codeUnit >= 0x61 && codeUnit <= 0x7a) ||
    (codeUnit >= 0x41 && codeUnit <= 0x5a) ||
    (codeUnit >= 0x30 && codeUnit <= 0x39) ||
    codeUnit === 0x5f ||
    codeUnit === 0x2e ||
    codeUnit === 0x2d
  );
}

/** Skips at most 16 whitespace characters; -1 means "ran out of text", -2 means "too much whitespace". */
function skipWhitespace(text: string, start: number): number {
  let index = start;
  while (index < text.length && isWhitespace(text.charCodeAt(index))) {
    index++;
    if (index - start > MAXIMUM_LEADING_WHITESPACE) return -2;
  }
  return index === text.length ? -1 : index;
}

function readIdentifier(text: string, start: number): number {
  let index = start;
  while (
    index < text.length &&
    index - start <= MAXIMUM_IDENTIFIER_LENGTH &&
    isIdentifierCharacter(text.charCodeAt(index))
  ) {
    index++;
  }
  return index;
}

/**
 * Looks past a lead token (ending at `start`) for its payload: optional whitespace, then `[` or `{`; with
 * `"named-arguments"` also `NAME[ARGS]` or `NAME[CALL_ID]ID[ARGS]` before the bracket (Mistral v11).
 * Answers "partial" when the text ends before this is decided and the stream has not ended. Bounded
 * look-ahead: 16 whitespace characters, 64-character identifiers.
 */
export function findLeadPayloadStart(
  text: string,
  start: number,
  atStreamEnd: boolean,
  grammar: "bracketed" | "named-arguments",
): LeadPayloadStart {
  const undecided = atStreamEnd ? NONE : PARTIAL;
  let index = skipWhitespace(text, start);
  if (index === -1) return undecided;
  if (index === -2) return NONE;
  if (isOpeningBracket(text.charCodeAt(index))) return { type: "payload", start: index };
  if (grammar === "bracketed") return NONE;

  const nameEnd = readIdentifier(text, index);
  if (nameEnd === index || nameEnd - index > MAXIMUM_IDENTIFIER_LENGTH) return NONE;
  if (nameEnd === text.length) return undecided;
  index = nameEnd;

  const callId = matchLiteral("[CALL_ID]", text, index, atStreamEnd);
  if (callId === "partial") return PARTIAL;
  if (callId === "match") {
    const idStart = index + "[CALL_ID]".length;
    const idEnd = readIdentifier(text, idStart);
    if (idEnd === text.length) return undecided;
    if (idEnd === idStart || idEnd - idStart > MAXIMUM_IDENTIFIER_LENGTH) return NONE;
    index = idEnd;
  }
  const argumentsMarker = matchLiteral("[ARGS]", text, index, atStreamEnd);
  if (argumentsMarker !== "match") return argumentsMarker === "partial" ? PARTIAL : NONE;
  index = skipWhitespace(text, index + "[ARGS]".length);
  if (index === -1) return undecided;
  if (index === -2) return NONE;
  return isOpeningBracket(text.charCodeAt(index)) ? { type: "payload", start: index } : NONE;
}

/** A fresh balance for a payload that starts at its opening bracket. */
export function createBracketBalance(): BracketBalance {
  return { depth: 0, quote: 0, escaped: false };
}

/**
 * Advances `balance` over `text` from `start`, counting `[{(` against `]})` outside `"…"` and `'…'` strings
 * (backslash escapes honoured). Returns the index just past the bracket that balances the payload, or -1
 * when the text ends first (the state carries over to the next chunk).
 */
export function scanBracketBalance(balance: BracketBalance, text: string, start: number): number {
  let { depth, quote, escaped } = balance;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (quote !== 0) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === quote) quote = 0;
      continue;
    }
    if (code === 0x22 || code === 0x27) quote = code;
    else if (code === 0x5b || code === 0x7b || code === 0x28) depth++;
    else if (code === 0x5d || code === 0x7d || code === 0x29) {
      depth--;
      if (depth <= 0) {
        balance.depth = 0;
        balance.quote = 0;
        balance.escaped = false;
        return index + 1;
      }
    }
  }
  balance.depth = depth;
  balance.quote = quote;
  balance.escaped = escaped;
  return -1;
}
