/**
 * Literal gates: one pass over a text that proves which text-wide passes cannot find anything in it, so
 * their searches of the whole text are skipped (scan-tool-result-text.ts textWideRemovals).
 *
 * A text-wide pass starts with one native search of the whole text (rules/matched-sentences.ts
 * forEachMatchedSentence), and on most texts that search finds nothing: the pass returns nothing then.
 * Each such search is one regex run over every character, and with some twenty of them the searches
 * were a large share of the time spent on benign texts. A gate lists literals of which every match of
 * the pass's search holds at least one ("gift" for /[Gg]ift[ -]?[Cc]ard|.../); when none of them can
 * occur in the text, neither can a match, and skipping the pass changes no output.
 *
 * How "cannot occur" is decided: every code unit is read as a symbol, its ASCII letter folded to lower
 * case (1 to 26) or 0 for anything else, and the text's trigrams of symbols are recorded in one pass. A
 * literal occurs only where all its trigrams occur, so a literal with a trigram the text lacks does not
 * occur. The symbols are chosen so that whatever a regex matches for a literal's character reads as that
 * character's symbol, with or without the `i` and `u` flags: an ASCII letter matches itself in either
 * case, and with `iu` also U+017F (long s, folded to "s") and U+212A (Kelvin sign, folded to "k"), which
 * are therefore read as those letters; no other character matches an ASCII letter under any flags, and
 * every character that is no ASCII letter (spaces, digits, "ä", "é") matches only characters that are
 * none either, all read as 0. literal-gates.test.ts checks this for every code unit.
 *
 * Literals must be BMP text of at least three characters; only their characters matter, so a literal
 * may be written in any case.
 */

/** Symbol of every code unit (see the file comment): 1 to 26 for a letter, 0 for anything else. */
export const GATE_SYMBOL: Uint8Array = (() => {
  const symbols = new Uint8Array(65536);
  for (let letter = 0; letter < 26; letter++) {
    symbols[97 + letter] = letter + 1;
    symbols[65 + letter] = letter + 1;
  }
  // The two characters that case-fold to an ASCII letter under the `iu` flags.
  symbols[0x017f] = 19; // long s -> s
  symbols[0x212a] = 11; // Kelvin sign -> k
  return symbols;
})();

/** Bits of a symbol in a trigram's number (symbols 0 to 26 fit in five). */
const SYMBOL_BITS = 5;
/** A trigram's number: its three symbols' bits side by side (the shifts and a mask cost less than products). */
const TRIGRAM_MASK = (1 << (3 * SYMBOL_BITS)) - 1;

/** The literals one of which every match of a pass's search holds (see the file comment). */
export class LiteralGate {
  /** Each literal's trigram numbers (see TRIGRAM_MASK). */
  readonly trigrams: readonly Int32Array[];

  /**
   * `search`: the pass's search of the whole text, kept for literal-gates.test.ts, which checks that
   * the gate is open wherever it matches; `literals`: one of them is in every match of `search`.
   */
  constructor(
    readonly search: RegExp,
    readonly literals: readonly string[],
  ) {
    this.trigrams = literals.map((literal) => {
      if (literal.length < 3) throw new Error(`literal gate: "${literal}" is shorter than three characters`);
      const numbers = new Int32Array(literal.length - 2);
      for (let index = 0; index + 2 < literal.length; index++)
        numbers[index] =
          (GATE_SYMBOL[literal.charCodeAt(index)]! << (2 * SYMBOL_BITS)) |
          (GATE_SYMBOL[literal.charCodeAt(index + 1)]! << SYMBOL_BITS) |
          GATE_SYMBOL[literal.charCodeAt(index + 2)]!;
      return numbers;
    });
  }
}

/**
 * The generation of each trigram: the number (1 to 255) of the last text it occurred in (GateSet.openIn), so
 * the table is cleared only once every 255 texts; bytes, so the table stays in the fastest cache. Shared
 * scratch, read only inside GateSet.openIn (which calls out to nothing), so a scan of a decoded text nested in
 * another one cannot disturb it.
 */
const seenIn = new Uint8Array(TRIGRAM_MASK + 1);
let generation = 0;

/**
 * Letters from the most to the least frequent in English, German and Italian text (roughly): a literal's
 * rarest trigram is read first, so most literals absent from a text fail at their first read.
 */
const LETTERS_BY_FREQUENCY = "eitanorslhcdumgpbfwvzykqjx";

/** How rare a trigram's letters are, summed (symbol 0 counts as the most frequent). */
function rarity(trigram: number): number {
  let sum = 0;
  for (let shift = 0; shift < 3 * SYMBOL_BITS; shift += SYMBOL_BITS) {
    const symbol = (trigram >>> shift) & ((1 << SYMBOL_BITS) - 1);
    if (symbol !== 0) sum += 1 + LETTERS_BY_FREQUENCY.indexOf(String.fromCharCode(96 + symbol));
  }
  return sum;
}

/**
 * A list of gates asked together of one text (at most 31): openIn reads the text once and answers for
 * all of them as bits, bitOf(gate) being the gate's.
 */
export class GateSet {
  /**
   * Every gate's literals as one program, read in order: the gate's bit, the literal's trigram count,
   * its trigrams rarest first (see rarity); a literal of a gate already open is stepped over.
   */
  private readonly program: Int32Array;

  constructor(readonly gates: readonly LiteralGate[]) {
    if (gates.length > 31) throw new Error("GateSet: more than 31 gates");
    const program: number[] = [];
    gates.forEach((gate, gateIndex) => {
      for (const literal of gate.trigrams)
        program.push(
          1 << gateIndex,
          literal.length,
          ...[...literal].sort((left, right) => rarity(right) - rarity(left)),
        );
    });
    this.program = Int32Array.from(program);
  }

  /** The bit of `gate` in what openIn returns. */
  bitOf(gate: LiteralGate): number {
    const index = this.gates.indexOf(gate);
    if (index < 0) throw new Error("GateSet: not one of its gates");
    return 1 << index;
  }

  /**
   * Which gates are open in `text`, as bits (see bitOf): a clear bit proves that none of that gate's
   * literals occurs in `text`. One pass over the text and a few table reads per literal; no allocation.
   */
  openIn(text: string): number {
    if (generation === 255) {
      seenIn.fill(0);
      generation = 0;
    }
    const current = ++generation;
    const symbols = GATE_SYMBOL;
    // The last three symbols read, as a trigram's number.
    let trigram = 0;
    for (let index = 0; index < text.length; index++) {
      trigram = ((trigram << SYMBOL_BITS) | symbols[text.charCodeAt(index)]!) & TRIGRAM_MASK;
      seenIn[trigram] = current;
    }
    const program = this.program;
    let open = 0;
    let at = 0;
    while (at < program.length) {
      const bit = program[at]!;
      const end = at + 2 + program[at + 1]!;
      if ((open & bit) === 0) {
        let index = at + 2;
        while (index < end && seenIn[program[index]!] === current) index++;
        if (index === end) open |= bit;
      }
      at = end;
    }
    return open;
  }
}
