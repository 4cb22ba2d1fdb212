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
  /** Bits of the rules that need no companion word. */
  readonly rulesWithoutCompanions: number;
  /** Bits of the rules whose anchor must be the first word of a segment. */
  readonly rulesAnchoredAtSegmentStart: number;

  /**
   * `entries` maps folded word hashes (see hashWord) to the bitmask of rules anchored on the word and the
   * bitmask of rules for which the word is a companion; equal hashes are merged.
   */
  constructor(
    entries: ReadonlyArray<readonly [hash: number, anchorMask: number, companionMask: number]>,
    rulesWithoutCompanions: number,
    rulesAnchoredAtSegmentStart = 0,
  ) {
    let size = 64;
    while (size < entries.length * 4) size *= 2;
    this.keys = new Int32Array(size);
    this.anchorMasks = new Int32Array(size);
    this.companionMasks = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.slotMask = size - 1;
    this.rulesWithoutCompanions = rulesWithoutCompanions;
    this.rulesAnchoredAtSegmentStart = rulesAnchoredAtSegmentStart;
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
    return (Math.imul(hash, 0x9e3779b1) >>> 16) & this.slotMask;
  }
}

/** Offset basis of the 32-bit FNV-1a hash used for words. */
export const WORD_HASH_SEED = 0x811c9dc5 | 0;

/** One FNV-1a step: folds a code unit into a running word hash. */
export function extendWordHash(hash: number, codeUnit: number): number {
  return Math.imul(hash ^ codeUnit, 16777619);
}

/** Hash of a whole folded word, equal to extending WORD_HASH_SEED with each of its code units. */
export function hashWord(word: string): number {
  let hash = WORD_HASH_SEED;
  for (let index = 0; index < word.length; index++) hash = extendWordHash(hash, word.charCodeAt(index));
  return hash;
}
