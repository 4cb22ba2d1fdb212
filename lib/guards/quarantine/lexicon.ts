import { isWithinOneEdit } from "./fuzzy-word";
import { ENGLISH_LEXICON } from "./lexicon-english";
import { GERMAN_LEXICON } from "./lexicon-german";
import { ITALIAN_LEXICON } from "./lexicon-italian";
import type { LanguageLexicon } from "./lexicon-types";

type WordClassName = keyof LanguageLexicon;

/** A word class merged over all languages, with typo-tolerant lookup for long words. */
export interface WordClass {
  /** Exact membership of a folded word (a trailing possessive "'s" is ignored). */
  has(word: string): boolean;
  /** Exact membership, or within one edit of a member that has 7+ letters (typo tolerance). */
  hasFuzzy(word: string): boolean;
  readonly words: ReadonlySet<string>;
}

const LANGUAGES: readonly LanguageLexicon[] = [ENGLISH_LEXICON, GERMAN_LEXICON, ITALIAN_LEXICON];

/** True when the word ends in a possessive "'s" (checked by code unit: this runs once per word and rule). */
function hasPossessiveEnding(word: string): boolean {
  const length = word.length;
  return length > 2 && word.charCodeAt(length - 1) === 115 && word.charCodeAt(length - 2) === 39;
}

const ELIDED_ARTICLES = new Set(["l", "all", "dell", "nell", "sull", "dall", "un", "d", "quest"]);

/**
 * Italian elision ("l'utente", "all'assistente"): the word after the apostrophe is looked up too. The
 * articles are 1-5 letters long, so only those five positions are probed (by code unit: this runs for
 * every word that misses a class, which on dense inputs is most calls).
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

function buildClass(name: WordClassName): WordClass {
  const words = new Set<string>();
  for (const language of LANGUAGES) for (const word of language[name]) words.add(word);
  const longWords = [...words].filter((word) => word.length >= 7);
  // Memo of fuzzy lookups: adversarial inputs repeat the same few words; bounded so memory stays O(1).
  const fuzzyMemo = new Map<string, boolean>();
  return {
    words,
    has: (word) =>
      words.has(word) ||
      (word.length > 2 &&
        ((hasPossessiveEnding(word) && words.has(word.slice(0, -2))) ||
          (hasElidedArticle(word) && words.has(word.slice(word.indexOf("'") + 1))))),
    hasFuzzy: (word) => {
      if (words.has(word) || (hasPossessiveEnding(word) && words.has(word.slice(0, -2)))) return true;
      if (word.length < 6 || word.length > 24) return false;
      const known = fuzzyMemo.get(word);
      if (known !== undefined) return known;
      let found = false;
      for (const long of longWords) {
        if (isWithinOneEdit(word, long)) {
          found = true;
          break;
        }
      }
      if (fuzzyMemo.size > 4096) fuzzyMemo.clear();
      fuzzyMemo.set(word, found);
      return found;
    },
  };
}

/** All word classes, merged over English, German and Italian. */
export const LEXICON: { readonly [Name in WordClassName]: WordClass } = Object.fromEntries(
  (Object.keys(ENGLISH_LEXICON) as WordClassName[]).map((name) => [name, buildClass(name)]),
) as { readonly [Name in WordClassName]: WordClass };
