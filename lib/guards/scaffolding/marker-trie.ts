/**
 * A longest-match trie over scaffolding markers, built for streaming: a match attempt that runs into the end
 * of the available text answers "partial" (hold this tail back) instead of guessing.
 *
 * Matching folds `｜` (U+FF5C) to `|` and `▁` (U+2581) to `_`, so DeepSeek's fullwidth markers and their
 * ASCII-degraded spellings are one entry. A `{name}` placeholder matches 1-64 characters of
 * `[A-Za-z0-9_.:-]`. Cost per attempt is bounded by the longest marker (plus 64 for a name), so scanning is
 * linear in the input.
 */

/** The result of matching at one position. */
export type MarkerMatch<Value> =
  | { readonly type: "none" }
  | { readonly type: "partial" }
  | { readonly type: "match"; readonly value: Value; readonly end: number };

const NAME_PLACEHOLDER = "{name}";
const MAXIMUM_NAME_LENGTH = 64;
const FULLWIDTH_VERTICAL_BAR = 0xff5c;
const LOWER_ONE_EIGHTH_BLOCK = 0x2581;

const NONE = { type: "none" } as const;
const PARTIAL = { type: "partial" } as const;

type NameTail<Value> = { readonly suffix: string; readonly value: Value };

type TrieNode<Value> = {
  /** Children by folded code unit: ASCII in a dense array (the hot path), anything else in a map. */
  readonly asciiChildren: (TrieNode<Value> | undefined)[];
  readonly otherChildren: Map<number, TrieNode<Value>>;
  childCount: number;
  value: Value | undefined;
  nameTails: NameTail<Value>[];
};

/** Folds the two DeepSeek fullwidth characters to their ASCII spellings; every other code unit is kept. */
export function foldMarkerCharacter(codeUnit: number): number {
  if (codeUnit === FULLWIDTH_VERTICAL_BAR) return 0x7c;
  if (codeUnit === LOWER_ONE_EIGHTH_BLOCK) return 0x5f;
  return codeUnit;
}

/** Folds a whole marker string (see `foldMarkerCharacter`). */
export function foldMarker(marker: string): string {
  return marker.replaceAll("\uff5c", "|").replaceAll("\u2581", "_");
}

function isNameCharacter(codeUnit: number): boolean {
  return (
    (codeUnit >= 0x61 && codeUnit <= 0x7a) || // a-z
    (codeUnit >= 0x41 && codeUnit <= 0x5a) || // A-Z
    (codeUnit >= 0x30 && codeUnit <= 0x3a) || // 0-9 and ':'
    codeUnit === 0x5f || // _
    codeUnit === 0x2e || // .
    codeUnit === 0x2d // -
  );
}

function createNode<Value>(): TrieNode<Value> {
  return { asciiChildren: [], otherChildren: new Map(), childCount: 0, value: undefined, nameTails: [] };
}

function childOf<Value>(node: TrieNode<Value>, code: number): TrieNode<Value> | undefined {
  return code < 128 ? node.asciiChildren[code] : node.otherChildren.get(code);
}

function addChild<Value>(node: TrieNode<Value>, code: number): TrieNode<Value> {
  const child = createNode<Value>();
  if (code < 128) {
    // Fill the gap so the array stays packed (holey arrays are slower to index).
    while (node.asciiChildren.length < code) node.asciiChildren.push(undefined);
    node.asciiChildren[code] = child;
  } else {
    node.otherChildren.set(code, child);
  }
  node.childCount++;
  return child;
}

/** A compiled set of markers; `matchAt` finds the longest marker starting at a position. */
export class MarkerTrie<Value> {
  private readonly root: TrieNode<Value> = createNode();
  /** The distinct first code units of all markers (the only places a match can start). */
  readonly firstCharacters: readonly string[];
  /** `isFirstCharacter[code]` is 1 when a marker starts with that ASCII code unit. */
  readonly isFirstCharacter = new Uint8Array(128);

  /**
   * Builds the trie. Throws when two markers fold to the same spelling, or a marker does not start with an
   * ASCII character (scans look for first characters through a 128-entry table).
   */
  constructor(entries: readonly (readonly [marker: string, value: Value])[]) {
    const firstCharacters = new Set<string>();
    for (const [marker, value] of entries) {
      const folded = foldMarker(marker);
      if (folded.length === 0) throw new Error("Scaffolding marker must not be empty");
      const placeholderIndex = folded.indexOf(NAME_PLACEHOLDER);
      const prefix = placeholderIndex === -1 ? folded : folded.slice(0, placeholderIndex);
      if (prefix.length === 0) throw new Error(`Scaffolding marker must start with a literal: ${marker}`);
      if (prefix.charCodeAt(0) >= 128) throw new Error(`Scaffolding marker must start with ASCII: ${marker}`);
      firstCharacters.add(prefix[0]!);
      this.isFirstCharacter[prefix.charCodeAt(0)] = 1;
      let node = this.root;
      for (let index = 0; index < prefix.length; index++) {
        const code = prefix.charCodeAt(index);
        node = childOf(node, code) ?? addChild(node, code);
      }
      if (placeholderIndex === -1) {
        if (node.value !== undefined) throw new Error(`Duplicate scaffolding marker: ${marker}`);
        node.value = value;
      } else {
        const suffix = folded.slice(placeholderIndex + NAME_PLACEHOLDER.length);
        if (node.nameTails.some((tail) => tail.suffix === suffix)) {
          throw new Error(`Duplicate scaffolding marker: ${marker}`);
        }
        node.nameTails.push({ suffix, value });
      }
    }
    this.firstCharacters = [...firstCharacters];
  }

  /**
   * Matches at `start`. Returns the longest complete marker, or "partial" when the text ends while a
   * (longer) marker is still possible and `atStreamEnd` is false, else "none".
   */
  matchAt(text: string, start: number, atStreamEnd: boolean): MarkerMatch<Value> {
    let node = this.root;
    let index = start;
    let best: MarkerMatch<Value> = NONE;
    for (;;) {
      if (node.value !== undefined) best = { type: "match", value: node.value, end: index };
      if (node.nameTails.length > 0) {
        const tailMatch = this.matchNameTails(node.nameTails, text, index, atStreamEnd);
        if (tailMatch.type === "partial") return PARTIAL;
        if (tailMatch.type === "match" && (best.type !== "match" || tailMatch.end > best.end))
          best = tailMatch;
      }
      if (index >= text.length) {
        if (!atStreamEnd && node.childCount > 0) return PARTIAL;
        return best;
      }
      const child = childOf(node, foldMarkerCharacter(text.charCodeAt(index)));
      if (child === undefined) return best;
      node = child;
      index++;
    }
  }

  private matchNameTails(
    tails: readonly NameTail<Value>[],
    text: string,
    start: number,
    atStreamEnd: boolean,
  ): MarkerMatch<Value> {
    let index = start;
    while (
      index < text.length &&
      index - start < MAXIMUM_NAME_LENGTH &&
      isNameCharacter(text.charCodeAt(index))
    ) {
      index++;
    }
    if (index === text.length && !atStreamEnd) return PARTIAL;
    if (index === start) return NONE;
    let best: MarkerMatch<Value> = NONE;
    let partial = false;
    for (const tail of tails) {
      const outcome = matchLiteral(tail.suffix, text, index, atStreamEnd);
      if (outcome === "partial") partial = true;
      else if (outcome === "match" && (best.type !== "match" || index + tail.suffix.length > best.end)) {
        best = { type: "match", value: tail.value, end: index + tail.suffix.length };
      }
    }
    return partial ? PARTIAL : best;
  }
}

/** Compares a folded literal at `start`; "partial" when the text ends inside it before the stream ends. */
export function matchLiteral(
  literal: string,
  text: string,
  start: number,
  atStreamEnd: boolean,
): "none" | "partial" | "match" {
  for (let offset = 0; offset < literal.length; offset++) {
    const index = start + offset;
    if (index >= text.length) return atStreamEnd ? "none" : "partial";
    if (foldMarkerCharacter(text.charCodeAt(index)) !== literal.charCodeAt(offset)) return "none";
  }
  return "match";
}
