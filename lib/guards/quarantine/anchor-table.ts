/**
 * An open-addressing hash table from a folded word's 32-bit hash to two bitmasks: the rules anchored on
 * that word, and the rules for which it is a companion (a second word that must also occur). Lookups are a multiply and one or two array reads, so the pre-filter can afford one lookup
 * per word of every input. Hash collisions only make a segment a candidate needlessly; they never hide a
 * match, because the rules themselves re-check the words.
 */
export class AnchorTable {
  private readonly keys: Int32Array;
  private readonly anchorMasks: Int32Array;
  private readonly companionMasks: Int32Array;
  private readonly used: Uint8Array;
  private readonly slotMask: number;
  private readonly slotShift: number;
  /**
   * The `used` flags and the slot shift, exposed read-only for the pre-filter's hot loop, which inlines
   * `mayContain` as `usedSlots[Math.imul(hash, 0x9e3779b1) >>> slotShiftValue] === 1` on locals.
   */
  get usedSlots(): Uint8Array {
    return this.used;
  }
  get slotShiftValue(): number {
    return this.slotShift;
  }
  /** Bits of the rules that need no companion word. */
  readonly rulesWithoutCompanions: number;
  /** Bits of the rules whose anchor must be the first word of a segment. */
  readonly rulesAnchoredAtSegmentStart: number;
  /** Bits of the rules whose anchor must follow an opening bracket (see InstructionRule.anchorAfterBracket). */
  readonly rulesAnchoredAfterBracket: number;

  /**
   * `entries` maps folded word hashes (see hashWord) to the bitmask of rules anchored on the word and the
   * bitmask of rules for which the word is a companion; equal hashes are merged.
   */
  constructor(
    entries: ReadonlyArray<readonly [hash: number, anchorMask: number, companionMask: number]>,
    rulesWithoutCompanions: number,
    rulesAnchoredAtSegmentStart = 0,
    rulesAnchoredAfterBracket = 0,
  ) {
    // Kept sparse (at most 1/16 full: 16K slots, a 16 KB `used` array, for the ~600 anchor words): nearly
    // every word of any input is a miss, and a miss that lands on a used slot costs a key compare and a
    // mispredicted branch. At 1/4 full the whole scan measured ~8% slower.
    let size = 64;
    while (size < entries.length * 16) size *= 2;
    this.keys = new Int32Array(size);
    this.anchorMasks = new Int32Array(size);
    this.companionMasks = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.slotMask = size - 1;
    this.slotShift = 32 - Math.log2(size);
    this.rulesWithoutCompanions = rulesWithoutCompanions;
    this.rulesAnchoredAtSegmentStart = rulesAnchoredAtSegmentStart;
    this.rulesAnchoredAfterBracket = rulesAnchoredAfterBracket;
    for (const [hash, anchorMask, companionMask] of entries) {
      let slot = this.slotOf(hash);
      while (this.used[slot] === 1 && this.keys[slot] !== (hash | 0)) slot = (slot + 1) & this.slotMask;
      this.used[slot] = 1;
      this.keys[slot] = hash | 0;
      this.anchorMasks[slot] = this.anchorMasks[slot]! | anchorMask;
      this.companionMasks[slot] = this.companionMasks[slot]! | companionMask;
    }
  }

  /** Slot of a word hash, or -1 when the word is neither an anchor nor a companion of any rule. */
  find(hash: number): number {
    let slot = this.slotOf(hash);
    const key = hash | 0;
    while (this.used[slot] === 1) {
      if (this.keys[slot] === key) return slot;
      slot = (slot + 1) & this.slotMask;
    }
    return -1;
  }

  /**
   * False when the word is certainly neither an anchor nor a companion (its slot is empty): one array
   * read, for the pre-filter's fast path. True means `find` must decide.
   */
  mayContain(hash: number): boolean {
    return this.used[this.slotOf(hash)] === 1;
  }

  /** Rules anchored on the word in `slot` (from find). */
  anchorMaskAt(slot: number): number {
    return this.anchorMasks[slot]!;
  }

  /** Rules for which the word in `slot` is a companion. */
  companionMaskAt(slot: number): number {
    return this.companionMasks[slot]!;
  }

  /** The rules a segment must be checked against, given the OR of its anchor and companion masks. */
  rulesToCheck(anchorMask: number, companionMask: number): number {
    return anchorMask & (companionMask | this.rulesWithoutCompanions);
  }

  private slotOf(hash: number): number {
    // The top bits of the product (Fibonacci hashing), already below the size: no mask needed.
    // Inlined in findCandidateLines' fast loop (usedSlots/slotShiftValue): keep the two in sync.
    return Math.imul(hash, 0x9e3779b1) >>> this.slotShift;
  }
}

/**
 * Start value of the running word hash. Zero, so that the pre-filter's fast loop resets the hash between
 * words with one mask (`& word`); a non-zero seed measured no fewer collisions (none among the anchors,
 * one with a word of the dev eval texts either way).
 */
export const WORD_HASH_SEED = 0;

/**
 * One step of the word hash: rotate left by 7 bits, then xor the code unit. The pre-filter runs this
 * once per character of every input, and a rotate and an xor measured ~8% faster over the whole
 * pre-filter than an FNV-1a multiply step. The hash only needs to keep distinct short words apart (no
 * collision among the anchors, none with any word of the benign eval texts); slotOf mixes it for the
 * table, and a collision only makes a segment a candidate needlessly, never hides a match.
 * Inlined by hand in find-candidate-lines.ts and normalize-text.ts; keep the three in step.
 */
export function extendWordHash(hash: number, codeUnit: number): number {
  return ((hash << 7) | (hash >>> 25)) ^ codeUnit;
}

/** Hash of a whole folded word, equal to extending WORD_HASH_SEED with each of its code units. */
export function hashWord(word: string): number {
  let hash = WORD_HASH_SEED;
  for (let index = 0; index < word.length; index++) hash = extendWordHash(hash, word.charCodeAt(index));
  return hash;
}
