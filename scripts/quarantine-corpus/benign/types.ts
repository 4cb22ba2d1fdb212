/** Hand-written hard benign lines of one language, keyed by kind. */
export type BenignBook = Record<string, readonly string[]>;
