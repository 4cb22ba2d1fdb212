/**
 * Word sets whose membership is computed ONCE per token instead of once per rule and lookup.
 *
 * Why: a sentence is checked by several rules, and each rule asks several word-class questions about
 * the same words ("is it an override verb?", "a role word?", "a determiner?"). With plain `Set<string>`
 * objects every question is a hash-table probe on the word string (plus, for the lexicon classes, the
 * possessive and elision fallbacks). On dense adversarial inputs that repeated probing was the largest
 * single cost of the scan.
 *
 * How: every `WordSet` created at module load registers itself and gets a small integer `id`. On first
 * use, one table is built for the union of all registered words: word -> `Uint8Array` with
 * `membership[id] === 1` when set `id` contains the word (under that set's matching rules, see below).
 * The tokenizer looks each token's word up once and stores the array on the token
 * (`SegmentToken.classes`); `set.hasToken(token)` is then a single typed-array read. The lookup uses the
 * vocabulary table below (keyed by a hash the tokenizer computes while scanning the word, so no string
 * is sliced or hashed for it). Words outside every set share one all-zero array: the per-token cost is
 * one probe and no allocation.
 *
 * Two matching modes:
 * - exact (`wordSet`): the word itself, or the word after an Italian elided article ("l'utente",
 *   "all'assistente", "dell'account" -> "utente", "assistente", "account"; see `exactHas`). Italian
 *   writes the article into the noun's token, so a set holding "utente" that did not read "l'utente" missed
 *   the Italian form of every English sentence it read (the elision was the lexicon mode's alone until
 *   the sixty-second pass);
 * - lexicon (`lexiconWordSet`): also accepts a trailing possessive "'s" ("user's" -> "user"), see
 *   `lexiconHas`.
 * Only words containing an apostrophe can differ from a plain lookup, so only they take the slow path
 * (two more probes, and a merged array cached in a bounded map).
 */

/** Anything with per-token membership: the tokenizer's SegmentToken (kept structural to avoid a cycle). */
interface TokenWithClasses {
  readonly word: string;
  readonly classes: Uint8Array;
}

const registry: WordSet[] = [];

/** A set of folded words with O(1) per-token membership (see the file comment). */
export class WordSet implements Iterable<string> {
  /** Index of this set in every membership array. */
  readonly id: number;
  /** The words, for iteration (anchor lists) and for the string-level `has`. */
  readonly words: ReadonlySet<string>;
  /** True for the lexicon mode (possessive and elision tolerant). */
  readonly tolerant: boolean;

  constructor(words: Iterable<string>, tolerant: boolean) {
    this.words = new Set(words);
    this.tolerant = tolerant;
    this.id = registry.length;
    registry.push(this);
    exactTable = undefined;
    vocabulary = undefined;
  }

  /** Membership of a word string (for derived strings that are not a token's own word). */
  has(word: string): boolean {
    return this.tolerant ? lexiconHas(this.words, word) : exactHas(this.words, word);
  }

  /** Membership of a token's word: one typed-array read. Undefined (out of range) is never a member. */
  hasToken(token: TokenWithClasses | undefined): boolean {
    return token !== undefined && token.classes[this.id] === 1;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.words[Symbol.iterator]();
  }
}

/** An exact word set (`has` is `Set.has`). Create at module load, like a `const` Set. */
export function wordSet(words: Iterable<string>): WordSet {
  return new WordSet(words, false);
}

/** A lexicon word class: exact, or with a possessive "'s" or an elided Italian article stripped. */
export function lexiconWordSet(words: Iterable<string>): WordSet {
  return new WordSet(words, true);
}

/** True when the word ends in a possessive "'s" (checked by code unit). */
function hasPossessiveEnding(word: string): boolean {
  const length = word.length;
  return length > 2 && word.charCodeAt(length - 1) === 115 && word.charCodeAt(length - 2) === 39;
}

const ELIDED_ARTICLES = new Set(["l", "all", "dell", "nell", "sull", "dall", "un", "d", "quest"]);

/**
 * Italian elision ("l'utente", "all'assistente"): the word after the apostrophe is looked up too. The
 * articles are 1-5 letters long, so only those five positions are probed.
 */
function hasElidedArticle(word: string): boolean {
  let apostrophe = -1;
  for (let position = 1; position <= 5 && position < word.length; position++) {
    if (word.charCodeAt(position) === 39) {
      apostrophe = position;
      break;
    }
  }
  return apostrophe > 0 && ELIDED_ARTICLES.has(word.slice(0, apostrophe));
}

/** Exact-mode membership of a word string: the word itself, or the word after an elided article. */
function exactHas(words: ReadonlySet<string>, word: string): boolean {
  return (
    words.has(word) ||
    (word.length > 2 && hasElidedArticle(word) && words.has(word.slice(word.indexOf("'") + 1)))
  );
}

/** Lexicon-mode membership of a word string (the historical semantics of `WordClass.has`). */
export function lexiconHas(words: ReadonlySet<string>, word: string): boolean {
  return (
    exactHas(words, word) || (word.length > 2 && hasPossessiveEnding(word) && words.has(word.slice(0, -2)))
  );
}

/** Shared all-zero membership: the array of every word outside all sets. Never written to. */
let noMembership = new Uint8Array(0);
/** Word -> exact membership in every registered set; built lazily once all sets are registered. */
let exactTable: Map<string, Uint8Array> | undefined;
/**
 * Membership arrays of words with an apostrophe whose stripped form is in some lexicon set ("user's",
 * "l'utente"), merged once and reused. Bounded (cleared when full) so memory stays constant.
 */
const apostropheMemo = new Map<string, Uint8Array>();

function buildExactTable(): Map<string, Uint8Array> {
  const table = new Map<string, Uint8Array>();
  const size = registry.length;
  for (const set of registry) {
    for (const word of set.words) {
      let membership = table.get(word);
      if (membership === undefined) {
        membership = new Uint8Array(size);
        table.set(word, membership);
      }
      membership[set.id] = 1;
    }
  }
  noMembership = new Uint8Array(size);
  apostropheMemo.clear();
  return table;
}

/** The exact membership table, built on first use (after every WordSet has registered at load). */
function exactMembershipTable(): Map<string, Uint8Array> {
  if (exactTable === undefined) exactTable = buildExactTable();
  return exactTable;
}

/** Start value of the tokenizer's running word hash (`hash = rotl(hash, 7) ^ codeUnit` per code unit). */
export const TOKEN_HASH_SEED = 0x2f6b_1d3a;

/**
 * The vocabulary (every word of every set) as an open-addressing hash table keyed by the tokenizer's
 * running word hash, so the tokenizer can find a word's entry WITHOUT first slicing it out of the
 * segment: it hashes the characters while it scans them anyway, probes `slots` (at most half full, so a
 * miss is usually one or two reads), and confirms a candidate by comparing code units with `characters`. A hit also yields the vocabulary's own (internalized) string, which the token reuses as its
 * `word`: no allocation, and later comparisons against string literals are pointer compares.
 */
export interface VocabularyTable {
  /**
   * Four int32 per slot, side by side: the word hash (valid where the entry is not 0), the entry index
   * + 1 (0 marks an empty slot), the offset of the word in `characters` and its length. A probe reads
   * one cache line (separate arrays, and the word string's length, missed the cache once each per word).
   */
  readonly slots: Int32Array;
  readonly slotMask: number;
  /** Entry -> the word. */
  readonly words: readonly string[];
  /** All words' code units back to back, and entry -> offset of its word in `characters`. */
  readonly characters: Uint16Array;
  readonly characterOffsets: Int32Array;
  /** Entry -> its membership array (see membershipOf; words with an apostrophe go through membershipOf). */
  readonly classes: readonly Uint8Array[];
}

let vocabulary: VocabularyTable | undefined;

/** The tokenizer's word hash of a whole string (same function as its running hash). */
export function tokenHashOf(word: string): number {
  let hash = TOKEN_HASH_SEED;
  for (let index = 0; index < word.length; index++)
    hash = ((hash << 7) | (hash >>> 25)) ^ word.charCodeAt(index);
  return hash;
}

function slotOf(hash: number, slotMask: number): number {
  return (Math.imul(hash, 0x9e3779b1) >>> 15) & slotMask;
}

/** The vocabulary table (built on first use, after every WordSet is registered). */
export function vocabularyTable(): VocabularyTable {
  const table = exactMembershipTable();
  if (vocabulary !== undefined) return vocabulary;
  const words = [...table.keys()];
  // At most 1/2 full (linear probing stays short) and small enough for the L2 cache: 2,500 words take
  // 8K slots of 16 bytes. (At 1/8 full, in two arrays, it took 256 KB and most probes missed the cache.)
  let size = 64;
  while (size < words.length * 2) size *= 2;
  const characterOffsets = new Int32Array(words.length);
  const characters = new Uint16Array(words.reduce((sum, word) => sum + word.length, 0));
  let offset = 0;
  words.forEach((word, entry) => {
    characterOffsets[entry] = offset;
    for (let index = 0; index < word.length; index++) characters[offset++] = word.charCodeAt(index);
  });
  const slots = new Int32Array(size * 4);
  const slotMask = size - 1;
  words.forEach((word, entry) => {
    const hash = tokenHashOf(word);
    let slot = slotOf(hash, slotMask);
    while (slots[slot * 4 + 1] !== 0) slot = (slot + 1) & slotMask;
    slots[slot * 4] = hash;
    slots[slot * 4 + 1] = entry + 1;
    slots[slot * 4 + 2] = characterOffsets[entry]!;
    slots[slot * 4 + 3] = word.length;
  });
  vocabulary = {
    slots,
    slotMask,
    words,
    characters,
    characterOffsets,
    classes: words.map((word) => table.get(word)!),
  };
  return vocabulary;
}

/**
 * Entry of the vocabulary word equal to codes[start, end), whose running hash is `hash`, or -1.
 * Collisions only cost an extra comparison of code units; they never produce a wrong entry.
 */
export function findVocabularyEntry(
  vocabularyTable: VocabularyTable,
  codes: Uint16Array,
  start: number,
  end: number,
  hash: number,
): number {
  const { slots, slotMask, characters } = vocabularyTable;
  const length = end - start;
  let slot = slotOf(hash, slotMask);
  for (;;) {
    const record = slot * 4;
    const entry = slots[record + 1]!;
    if (entry === 0) return -1;
    if (slots[record] === hash && slots[record + 3] === length) {
      // Compare code units, typed array to typed array.
      const from = slots[record + 2]!;
      let index = 0;
      while (index < length && characters[from + index] === codes[start + index]) index++;
      if (index === length) return entry - 1;
    }
    slot = (slot + 1) & slotMask;
  }
}

/** The membership array of words that are in no set (all zeros). */
export function emptyMembership(): Uint8Array {
  exactMembershipTable();
  return noMembership;
}

/**
 * Membership of `word` in every registered set, as `WordSet.hasToken` reads it. One Map probe for words
 * without an apostrophe; the returned array is shared and must not be modified.
 */
export function membershipOf(word: string): Uint8Array {
  const table = exactMembershipTable();
  const exact = table.get(word) ?? noMembership;
  // Lexicon-mode fallbacks need an apostrophe ("'s" ending, or an elided article), and 3+ characters.
  if (word.length <= 2 || word.indexOf("'") < 0) return exact;
  const possessive = hasPossessiveEnding(word) ? table.get(word.slice(0, -2)) : undefined;
  const elided = hasElidedArticle(word) ? table.get(word.slice(word.indexOf("'") + 1)) : undefined;
  if (possessive === undefined && elided === undefined) return exact;
  const known = apostropheMemo.get(word);
  if (known !== undefined) return known;
  const merged = new Uint8Array(exact);
  for (const set of registry) {
    if (elided?.[set.id] === 1 || (set.tolerant && possessive?.[set.id] === 1)) merged[set.id] = 1;
  }
  if (apostropheMemo.size >= 4096) apostropheMemo.clear();
  apostropheMemo.set(word, merged);
  return merged;
}
