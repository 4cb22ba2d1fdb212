/**
 * An open-addressing hash table from a folded word's 32-bit hash to two bitmasks: the rules anchored on
 * that word, and the rules for which it is a companion (a second word that must also occur). Lookups are a multiply and one or two array reads, so the pre-filter can afford one lookup
 * per word of every input. Hash collisions only make a segment a candidate needlessly; they never hide a
 * match, because the rules themselves re-check the words.
 */
export class AnchorTable {
  /**
   * The filter: one bit per slot of a sparse table (at most 1/16 full), set at the home slot of every
   * word. 8 KB at 64K slots, so the pre-filter's per-character read stays in the L1 cache. A clear bit
   * means the word is certainly not in the table.
   */
  private used = new Int32Array(0);
  private slotShift = 0;
  /**
   * The words themselves, in a dense open-addressing table (at most 1/2 full, linear probing): per
   * record four int32 side by side, key, anchor mask, companion mask, gate weight, so a hit reads one
   * cache line (four sparse arrays of 256 KB each missed the cache on nearly every hit). `filled` marks
   * the used records.
   */
  private records = new Int32Array(0);
  private filled = new Uint8Array(0);
  private recordMask = 0;
  private recordShift = 0;
  private readonly entries: ReadonlyArray<readonly [hash: number, anchorMask: number, companionMask: number]>;
  /**
   * Word signs (see signAt), per record: words whose presence anywhere in a text a text-wide pass needs
   * to know, with no rule anchored on them. Read only on a hit, outside the pre-filter's hot loop.
   */
  private readonly signWords: ReadonlyArray<readonly [hash: number, sign: number]>;
  private recordSigns = new Uint16Array(0);
  /**
   * The learned gate (see setGate): a sentence whose gate words' weights sum to at least this value
   * is checked by the rules in `gateRuleMask` even without their anchor and companion words.
   * +Infinity (no gate) until setGate is called.
   */
  gateThreshold = Number.POSITIVE_INFINITY;
  /** Rules a sentence the learned gate opens is checked against. */
  gateRuleMask = 0;
  /**
   * The `used` bits and the slot shift, exposed read-only for the pre-filter's hot loop, which inlines
   * `mayContain` as `(usedSlots[slot >>> 5] >>> slot) & 1` with `slot = Math.imul(hash, 0x9e3779b1) >>>
   * slotShiftValue` on locals (a shift count is taken modulo 32, so `>>> slot` is `>>> (slot & 31)`).
   */
  get usedSlots(): Int32Array {
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
    signWords: ReadonlyArray<readonly [hash: number, sign: number]> = [],
  ) {
    this.entries = entries;
    this.signWords = signWords;
    this.rulesWithoutCompanions = rulesWithoutCompanions;
    this.rulesAnchoredAtSegmentStart = rulesAnchoredAtSegmentStart;
    this.rulesAnchoredAfterBracket = rulesAnchoredAfterBracket;
    this.build([]);
  }

  /**
   * Sets the learned gate: `weights` maps word hashes to non-negative integer weights; a sentence whose
   * words' weights (every occurrence counted) sum to `threshold` or more is checked by the rules in
   * `ruleMask`. The weights are non-negative, so a sentence's sum is at least the sum of any segment
   * inside it: the pre-filter, which sums over raw sentences, never drops a segment the segmenter would
   * open. Rebuilds the table (the words become entries); the training script calls it again for each
   * gate it tries. `threshold` +Infinity removes the gate.
   */
  setGate(
    weights: ReadonlyArray<readonly [hash: number, weight: number]>,
    threshold: number,
    ruleMask: number,
  ): void {
    this.gateThreshold = weights.length === 0 ? Number.POSITIVE_INFINITY : threshold;
    this.gateRuleMask = ruleMask;
    this.build(weights);
  }

  private build(gate: ReadonlyArray<readonly [hash: number, weight: number]>): void {
    // The filter is kept sparse (at most 1/16 full: 64K bits, 8 KB, for the ~600 anchor and ~2,800 gate
    // words): nearly every word of any input is a miss, and a miss that lands on a set bit costs a probe
    // of the records and a mispredicted branch. At 1/4 full the whole scan measured ~8% slower.
    const wordCount = this.entries.length + gate.length + this.signWords.length;
    let size = 64;
    while (size < wordCount * 16) size *= 2;
    this.used = new Int32Array(size >>> 5);
    this.slotShift = 32 - Math.log2(size);
    let recordCount = 16;
    while (recordCount < wordCount * 2) recordCount *= 2;
    this.records = new Int32Array(recordCount * 4);
    this.filled = new Uint8Array(recordCount);
    this.recordSigns = new Uint16Array(recordCount);
    this.recordMask = recordCount - 1;
    this.recordShift = 32 - Math.log2(recordCount);
    for (const [hash, anchorMask, companionMask] of this.entries) {
      const record = this.claim(hash) << 2;
      this.records[record + 1] = this.records[record + 1]! | anchorMask;
      this.records[record + 2] = this.records[record + 2]! | companionMask;
    }
    for (const [hash, weight] of gate) {
      const record = this.claim(hash) << 2;
      this.records[record + 3] = this.records[record + 3]! + Math.max(0, Math.round(weight));
    }
    for (const [hash, sign] of this.signWords) {
      const record = this.claim(hash);
      this.recordSigns[record] = this.recordSigns[record]! | sign;
    }
  }

  /** Word signs of the word in `slot` (from find): bits of the sign classes it belongs to, 0 for most. */
  signAt(slot: number): number {
    return this.recordSigns[slot]!;
  }

  /** The record of `hash`, claimed when it is new (and its filter bit set). */
  private claim(hash: number): number {
    const slot = this.slotOf(hash);
    this.used[slot >>> 5] = this.used[slot >>> 5]! | (1 << (slot & 31));
    let record = this.recordOf(hash);
    while (this.filled[record] === 1 && this.records[record << 2] !== (hash | 0))
      record = (record + 1) & this.recordMask;
    this.filled[record] = 1;
    this.records[record << 2] = hash | 0;
    return record;
  }

  private isUsed(slot: number): boolean {
    return ((this.used[slot >>> 5]! >>> slot) & 1) === 1;
  }

  /** Learned gate weight of the word in `slot` (from find); 0 for a word that only anchors rules. */
  gateWeightAt(slot: number): number {
    return this.records[(slot << 2) + 3]!;
  }

  /**
   * The rules a segment must be checked against, given the OR of its anchor and companion masks and the
   * sum of its words' gate weights.
   */
  rulesToCheckWithGate(anchorMask: number, companionMask: number, gateScore: number): number {
    const rules = anchorMask & (companionMask | this.rulesWithoutCompanions);
    return gateScore >= this.gateThreshold ? rules | this.gateRuleMask : rules;
  }

  /**
   * Slot (record) of a word hash, or -1 when the word is neither an anchor nor a companion of any rule
   * nor a gate word.
   */
  find(hash: number): number {
    if (!this.isUsed(this.slotOf(hash))) return -1;
    let record = this.recordOf(hash);
    const key = hash | 0;
    while (this.filled[record] === 1) {
      if (this.records[record << 2] === key) return record;
      record = (record + 1) & this.recordMask;
    }
    return -1;
  }

  /**
   * False when the word is certainly neither an anchor nor a companion (its slot is empty): one array
   * read, for the pre-filter's fast path. True means `find` must decide.
   */
  mayContain(hash: number): boolean {
    return this.isUsed(this.slotOf(hash));
  }

  /** Rules anchored on the word in `slot` (from find). */
  anchorMaskAt(slot: number): number {
    return this.records[(slot << 2) + 1]!;
  }

  /** Rules for which the word in `slot` is a companion. */
  companionMaskAt(slot: number): number {
    return this.records[(slot << 2) + 2]!;
  }

  /** The rules a segment must be checked against, given the OR of its anchor and companion masks. */
  rulesToCheck(anchorMask: number, companionMask: number): number {
    return anchorMask & (companionMask | this.rulesWithoutCompanions);
  }

  private recordOf(hash: number): number {
    return Math.imul(hash, 0x9e3779b1) >>> this.recordShift;
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
