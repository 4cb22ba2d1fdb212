import { isWithinOneEdit } from "./fuzzy-word";
import { ENGLISH_LEXICON } from "./lexicon-english";
import { GERMAN_LEXICON } from "./lexicon-german";
import { ITALIAN_LEXICON } from "./lexicon-italian";
import type { LanguageLexicon } from "./lexicon-types";
import { WordSet } from "./word-set";

/** The token fields the fuzzy lookup reads (structural, to avoid importing the tokenizer). */
interface TokenWithClasses {
  readonly word: string;
  readonly classes: Uint8Array;
  readonly hasJoiner: boolean;
}

type WordClassName = keyof LanguageLexicon;

/**
 * A word class merged over all languages, with typo-tolerant lookup for long words. It is a WordSet in
 * lexicon mode (see word-set.ts): `has` also accepts a possessive "'s" and an elided Italian article,
 * and `hasToken` answers the same question for a token with one typed-array read.
 */
export interface WordClass {
  /** Exact membership of a folded word (a trailing possessive "'s" is ignored). */
  has(word: string): boolean;
  /** Same as `has(token.word)`, precomputed by the tokenizer: use this in rules. */
  hasToken(token: { readonly word: string; readonly classes: Uint8Array } | undefined): boolean;
  /** Exact membership, or within one edit of a member that has 7+ letters (typo tolerance). */
  hasFuzzy(word: string): boolean;
  /** Same as `hasFuzzy(token.word)`, using the token's precomputed classes where they answer exactly. */
  hasFuzzyToken(token: TokenWithClasses): boolean;
  readonly words: ReadonlySet<string>;
}

const LANGUAGES: readonly LanguageLexicon[] = [ENGLISH_LEXICON, GERMAN_LEXICON, ITALIAN_LEXICON];

/** True when the word ends in a possessive "'s" (checked by code unit). */
function hasPossessiveEnding(word: string): boolean {
  const length = word.length;
  return length > 2 && word.charCodeAt(length - 1) === 115 && word.charCodeAt(length - 2) === 39;
}

/** A WordSet in lexicon mode plus the fuzzy lookup. */
class LexiconClass extends WordSet implements WordClass {
  /**
   * The 7+ letter members bucketed by length: a word can only be within one edit of a member whose
   * length differs by at most one, so a fuzzy lookup scans three short buckets instead of the whole
   * list. (Unique long words, e.g. random tokens next to an override verb, each pay this scan once.)
   */
  private readonly longWordsByLength: readonly (readonly string[])[];

  constructor(words: Iterable<string>) {
    super(words, true);
    const buckets: string[][] = [];
    for (const word of this.words) {
      if (word.length < 7) continue;
      while (buckets.length <= word.length) buckets.push([]);
      buckets[word.length]!.push(word);
    }
    this.longWordsByLength = buckets;
  }

  hasFuzzy(word: string): boolean {
    const words = this.words;
    if (words.has(word) || (hasPossessiveEnding(word) && words.has(word.slice(0, -2)))) return true;
    return this.isNearLongMember(word);
  }

  hasFuzzyToken(token: TokenWithClasses): boolean {
    // A word without "'" or "-" has no possessive form, so `words.has(word)` is its precomputed exact
    // membership; other words take the string path.
    if (token.hasJoiner) return this.hasFuzzy(token.word);
    return this.hasToken(token) || this.isNearLongMember(token.word);
  }

  /**
   * True when the 6-24 letter `word` is within one edit of a 7+ letter member. No memo: with the length
   * buckets and the first-two-letters test below a lookup is a few dozen code-unit compares, cheaper
   * than a Map insertion, and a memo only thrashed on inputs made of distinct long words.
   */
  private isNearLongMember(word: string): boolean {
    const length = word.length;
    if (length < 6 || length > 24) return false;
    const first = word.charCodeAt(0);
    const second = word.charCodeAt(1);
    const buckets = this.longWordsByLength;
    for (let targetLength = length - 1; targetLength <= length + 1; targetLength++) {
      const bucket = buckets[targetLength];
      if (bucket === undefined) continue;
      for (const long of bucket) {
        // One edit leaves the first letter in place, or (edit at position 0) the second letter, or
        // shifts one of them by one position: a necessary condition, tested before the full comparison.
        const longFirst = long.charCodeAt(0);
        const longSecond = long.charCodeAt(1);
        if (first !== longFirst && second !== longSecond && first !== longSecond && second !== longFirst)
          continue;
        if (isWithinOneEdit(word, long)) return true;
      }
    }
    return false;
  }
}

function buildClass(name: WordClassName): WordClass {
  const words = new Set<string>();
  for (const language of LANGUAGES) for (const word of language[name]) words.add(word);
  return new LexiconClass(words);
}

/** All word classes, merged over English, German and Italian. */
export const LEXICON: { readonly [Name in WordClassName]: WordClass } = Object.fromEntries(
  (Object.keys(ENGLISH_LEXICON) as WordClassName[]).map((name) => [name, buildClass(name)]),
) as { readonly [Name in WordClassName]: WordClass };

/** isActionVerbToken for a word that is not a token (a form derived from one): eight set lookups. */
export function isActionVerb(word: string): boolean {
  return (
    LEXICON.overrideVerbs.has(word) ||
    LEXICON.sendVerbs.has(word) ||
    LEXICON.editVerbs.has(word) ||
    LEXICON.revealVerbs.has(word) ||
    LEXICON.runVerbs.has(word) ||
    LEXICON.grantVerbs.has(word) ||
    LEXICON.disableVerbs.has(word) ||
    LEXICON.paymentVerbs.has(word)
  );
}

/**
 * True when the word is one of the lexicon's action verbs (override, send, edit, reveal, run, grant,
 * disable, pay), the verbs an injected order usually starts with: eight typed-array reads.
 */
export function isActionVerbToken(token: { readonly word: string; readonly classes: Uint8Array }): boolean {
  return (
    LEXICON.overrideVerbs.hasToken(token) ||
    LEXICON.sendVerbs.hasToken(token) ||
    LEXICON.editVerbs.hasToken(token) ||
    LEXICON.revealVerbs.hasToken(token) ||
    LEXICON.runVerbs.hasToken(token) ||
    LEXICON.grantVerbs.hasToken(token) ||
    LEXICON.disableVerbs.hasToken(token) ||
    LEXICON.paymentVerbs.hasToken(token)
  );
}
