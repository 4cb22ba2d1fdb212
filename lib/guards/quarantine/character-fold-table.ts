/**
 * Per-code-unit folding tables used by the normalizer.
 *
 * `CHARACTER_FOLD[codeUnit]` gives the folded code unit (lower case, homoglyph and fullwidth forms mapped to
 * ASCII) or one of the sentinel values below. `WORD_CHARACTER[codeUnit]` is 1 for letters, combining marks,
 * digits and `_`. Both are built once at module load (about 64K lookups) so the hot loop is two array reads.
 */

/** The code unit is invisible (zero-width, bidi control, soft hyphen, variation selector) and is dropped. */
export const FOLD_DROP = 0;
/** The code unit is horizontal whitespace; runs collapse to one space. */
export const FOLD_SPACE = 1;
/** The code unit is a line break; runs collapse to one newline, which is a segment boundary. */
export const FOLD_NEWLINE = 2;

// Look-alike letters from Cyrillic and Greek that attackers substitute into trigger words ("іgnоre").
// Lower-case targets only: the table lower-cases first, then maps.
const HOMOGLYPHS: Record<string, string> = {
  "\u0430": "a",
  "\u0435": "e",
  "\u043e": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0443": "y",
  "\u0445": "x",
  "\u0456": "i",
  "\u0458": "j",
  "\u0455": "s",
  "\u0501": "d",
  "\u0261": "g",
  "\u04bb": "h",
  "\u0475": "v",
  "\u043a": "k",
  "\u043c": "m",
  "\u043d": "h",
  "\u0442": "t",
  "\u0432": "b",
  "\u0433": "r",
  "\u03b1": "a",
  "\u03bf": "o",
  "\u03b9": "i",
  "\u03bd": "v",
  "\u03c1": "p",
  "\u03ba": "k",
  "\u03c5": "u",
  "\u03c4": "t",
  "\u03b5": "e",
  "\u03b7": "n",
  "\u03c7": "x",
  "\u03b2": "b",
  "\u03b6": "z",
  "\u03bc": "m",
  "\u0131": "i",
  "\u0269": "i",
  "\u1d00": "a",
  "\u0299": "b",
  "\u1d04": "c",
  "\u1d05": "d",
  "\u1d07": "e",
  "\u0262": "g",
  "\u029c": "h",
  "\u026a": "i",
  "\u1d0a": "j",
  "\u1d0b": "k",
  "\u029f": "l",
  "\u1d0d": "m",
  "\u0274": "n",
  "\u1d0f": "o",
  "\u1d18": "p",
  "\u0280": "r",
  "\ua731": "s",
  "\u1d1b": "t",
  "\u1d1c": "u",
  "\u1d20": "v",
  "\u1d21": "w",
  "\u028f": "y",
  "\u1d22": "z",
  // Typographic punctuation folds to ASCII so rules see one apostrophe, one colon and plain dashes.
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
  "\uff1a": ":",
  "\ufe55": ":",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
};

// Capital look-alikes whose lower-case form is a look-alike of another letter (Greek capital upsilon
// "Υ" is a Y, its lower case "υ" a u): mapped before lower-casing.
const CAPITAL_HOMOGLYPHS: Record<string, string> = {
  "\u03a5": "y",
  "\u039d": "n",
  "\u0397": "h",
  "\u04ae": "y",
  "\u04ba": "h",
};

const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark (bidi)
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5],
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space/joiners, LRM, RLM
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte-order mark / zero-width no-break space
  [0xffa0, 0xffa0],
];

/**
 * Letterlike symbols, parenthesized and circled Latin letters ("⒤⒢⒩", "ⓘⓖⓝ"), and the modifier,
 * superscript and subscript letters of "tiny text" ("ⁱᵍⁿᵒʳᵉ", "ᵃˡˡ") (see buildTables).
 */
const STYLED_LETTER_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x02b0, 0x02b8],
  [0x02e0, 0x02e4],
  [0x1d2c, 0x1d6a],
  [0x1d9b, 0x1dbf],
  [0x2070, 0x209f],
  [0x2100, 0x214f],
  [0x249c, 0x24b5],
  [0x24b6, 0x24e9],
];

const SPACE_CODE_UNITS = [
  0x09, 0x0b, 0x0c, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007,
  0x2008, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000,
];
const NEWLINE_CODE_UNITS = [0x0a, 0x0d, 0x85, 0x2028, 0x2029];

function buildTables(): { fold: Uint16Array; word: Uint8Array } {
  const fold = new Uint16Array(65536);
  const word = new Uint8Array(65536);
  const wordPattern = /^[\p{L}\p{M}\p{N}_]$/u;
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++) {
    let folded = codeUnit;
    if (codeUnit < 0xd800 || codeUnit > 0xdfff) {
      const character = String.fromCharCode(codeUnit);
      const lower = character.toLowerCase();
      if (lower.length === 1) folded = lower.charCodeAt(0);
      if (codeUnit >= 0xff01 && codeUnit <= 0xff5e) {
        folded = String.fromCharCode(codeUnit - 0xfee0)
          .toLowerCase()
          .charCodeAt(0);
      }
      const homoglyph = CAPITAL_HOMOGLYPHS[character] ?? HOMOGLYPHS[String.fromCharCode(folded)];
      if (homoglyph !== undefined) folded = homoglyph.charCodeAt(0);
      if (wordPattern.test(String.fromCharCode(folded))) word[codeUnit] = 1;
    }
    // Sentinels 0..2 are control characters; a literal NUL, SOH or STX folds to a space instead.
    fold[codeUnit] = folded <= 2 ? FOLD_SPACE : folded;
  }
  // Circled letters ("ⓘⓖⓝⓞⓡⓔ"), the letterlike symbols ("ℌ", "ℯ", "ℓ") and the modifier and
  // superscript letters ("ⁱᵍⁿᵒʳᵉ") read as the letter their compatibility decomposition names: "fancy
  // text" writes words with them. The astral styles
  // ("𝐢𝐠𝐧𝐨𝐫𝐞") are surrogate pairs, which a table of code units cannot map (styled-letters.ts).
  for (const [first, last] of STYLED_LETTER_RANGES) {
    for (let codeUnit = first; codeUnit <= last; codeUnit++) {
      // A parenthesized letter ("⒤") is its letter in parentheses under NFKC.
      const normalized = String.fromCharCode(codeUnit)
        .normalize("NFKC")
        .replace(/^\((.)\)$/, "$1");
      if (!/^[A-Za-z]$/.test(normalized)) continue;
      fold[codeUnit] = normalized.toLowerCase().charCodeAt(0);
      word[codeUnit] = 1;
    }
  }
  for (const [first, last] of INVISIBLE_RANGES) {
    for (let codeUnit = first; codeUnit <= last; codeUnit++) {
      fold[codeUnit] = FOLD_DROP;
      word[codeUnit] = 0;
    }
  }
  // Combining diacritics are dropped so "ïgnörè"-style decoration folds away; precomposed letters
  // (ä, è, ß) are single code units and are kept for the German and Italian lexicons.
  for (let codeUnit = 0x0300; codeUnit <= 0x036f; codeUnit++) {
    fold[codeUnit] = FOLD_DROP;
    word[codeUnit] = 0;
  }
  for (const codeUnit of SPACE_CODE_UNITS) {
    fold[codeUnit] = FOLD_SPACE;
    word[codeUnit] = 0;
  }
  for (const codeUnit of NEWLINE_CODE_UNITS) {
    fold[codeUnit] = FOLD_NEWLINE;
    word[codeUnit] = 0;
  }
  return { fold, word };
}

const tables = buildTables();

/** Folded code unit or a FOLD_* sentinel, indexed by original UTF-16 code unit. */
export const CHARACTER_FOLD: Uint16Array = tables.fold;
/** 1 when the (original) code unit is part of a word: letter, mark, digit or underscore. */
export const WORD_CHARACTER: Uint8Array = tables.word;

/** True for an ASCII letter, "A"-"Z" or "a"-"z" (markup names, look-alike targets). */
export function isAsciiLetter(codeUnit: number): boolean {
  return (codeUnit >= 65 && codeUnit <= 90) || (codeUnit >= 97 && codeUnit <= 122);
}
