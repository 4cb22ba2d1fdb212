import { CodeFenceTracker } from "./code-fence-tracker";
import type { CompiledCloser, CompiledScaffoldingPatterns } from "./compile-scaffolding-patterns";
import { compileScaffoldingPatterns } from "./compile-scaffolding-patterns";
import type { BracketBalance } from "./lead-payload";
import { createBracketBalance, findLeadPayloadStart, scanBracketBalance } from "./lead-payload";
import type { MarkerTrie } from "./marker-trie";
import type { ScaffoldingPattern } from "./scaffolding-pattern";
import { SCAFFOLDING_PATTERNS } from "./scaffolding-patterns";
import type { ScaffoldingStats, ScaffoldingStripEvent } from "./scaffolding-strip-event";
import { STRIP_PREVIEW_LIMIT } from "./scaffolding-strip-event";

/** Options shared by the streaming filter and the buffered strip. */
export type ScaffoldingScannerOptions = {
  /** The registry to use; defaults to `SCAFFOLDING_PATTERNS`. An invalid registry throws at creation. */
  readonly patterns?: readonly ScaffoldingPattern[];
  /**
   * Called once per completed strip (the warning log). Must be cheap; an exception thrown here is swallowed,
   * because a logging failure must not break the user's answer.
   */
  readonly onStrip?: (event: ScaffoldingStripEvent) => void;
};

/**
 * The synchronous core of the scaffolding filter: feed text deltas with `push`, end with `finish`. Each call
 * returns the visible text it releases. Only a possible partial marker at the tail is held back (bounded
 * by the longest marker plus the lead look-ahead, about 200 characters), so memory stays constant while
 * inside a span. Output, stats and strip events do not depend on how the text is chunked. Linear time.
 * One scanner per reply; do not push after `finish`.
 */
export type ScaffoldingScanner = {
  /** Consumes one delta and returns the text that is now known to be visible. */
  push(chunk: string): string;
  /** Ends the stream: a held-back partial marker is released as-is, an open span stays suppressed. */
  finish(): string;
  /** Snapshot of the statistics so far. */
  stats(): ScaffoldingStats;
};

const TEXT = 0;
const SPAN = 1;
const PAYLOAD = 2;
const BACKTICK = 0x60;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** A marker right after one of these is quoted (inline code, a string literal) and is left alone. */
function isQuotingCharacter(code: number): boolean {
  return code === BACKTICK || code === DOUBLE_QUOTE || code === SINGLE_QUOTE;
}

type ActiveStrip = { pattern: ScaffoldingPattern; span: string; characters: number };

/** The next index at or after `from` whose code unit is flagged in `isFirstCharacter`, or -1. */
function nextCandidate(text: string, from: number, isFirstCharacter: Uint8Array): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128 && isFirstCharacter[code] === 1) return index;
  }
  return -1;
}

/** Creates the synchronous scanner behind `createScaffoldingFilter` and `stripScaffolding`. */
export function createScaffoldingScanner(options: ScaffoldingScannerOptions = {}): ScaffoldingScanner {
  return new Scanner(compileScaffoldingPatterns(options.patterns ?? SCAFFOLDING_PATTERNS), options.onStrip);
}

class Scanner implements ScaffoldingScanner {
  private mode = TEXT;
  private pending = "";
  /** The code unit before the current text position in the visible output (0 after a strip). */
  private previousCode = 0;
  /** Set by `scanText`: the end of the visible run that starts at the scan position. */
  private visibleEnd = 0;
  private active: ActiveStrip | undefined;
  private closers: MarkerTrie<CompiledCloser> | undefined;
  private balance: BracketBalance = createBracketBalance();
  private strippedCharacters = 0;
  private readonly perPattern: Record<string, number> = {};
  /** Fed with visible text only, so markers inside fenced code blocks can be left alone. */
  private readonly fences = new CodeFenceTracker();

  constructor(
    private readonly compiled: CompiledScaffoldingPatterns,
    private readonly onStrip: ((event: ScaffoldingStripEvent) => void) | undefined,
  ) {}

  push(chunk: string): string {
    if (chunk.length === 0) return "";
    if (this.pending.length === 0) {
      if (this.mode === TEXT && !this.mayHoldMarker(chunk)) {
        this.previousCode = chunk.charCodeAt(chunk.length - 1);
        this.fences.consume(chunk, 0, chunk.length);
        return chunk;
      }
      return this.process(chunk, false);
    }
    const text = this.pending + chunk;
    this.pending = "";
    return this.process(text, false);
  }

  finish(): string {
    const text = this.pending;
    this.pending = "";
    const output = text.length > 0 ? this.process(text, true) : "";
    if (this.active !== undefined) this.endStrip(true);
    this.mode = TEXT;
    this.closers = undefined;
    return output;
  }

  /** Fast path for clean text: false when no marker can start anywhere in `chunk`. */
  private mayHoldMarker(chunk: string): boolean {
    for (const character of this.compiled.starts.firstCharacters) {
      if (chunk.includes(character)) return true;
    }
    return false;
  }

  stats(): ScaffoldingStats {
    return { strippedChars: this.strippedCharacters, perPattern: { ...this.perPattern } };
  }

  private process(text: string, atStreamEnd: boolean): string {
    let output = "";
    let position = 0;
    while (position < text.length) {
      if (this.mode === TEXT) {
        const next = this.scanText(text, position, atStreamEnd);
        output +=
          position === 0 && this.visibleEnd === text.length ? text : text.slice(position, this.visibleEnd);
        position = next;
      } else if (this.mode === SPAN) {
        position = this.scanSpan(text, position, atStreamEnd);
      } else {
        position = this.scanPayload(text, position);
      }
    }
    return output;
  }

  /**
   * Scans plain text from `start`. Sets `visibleEnd` to the end of the visible run and returns the position
   * to continue from (which may be `text.length` after holding a partial marker back).
   */
  private scanText(text: string, start: number, atStreamEnd: boolean): number {
    const starts = this.compiled.starts;
    const isFirstCharacter = starts.isFirstCharacter;
    let candidate = nextCandidate(text, start, isFirstCharacter);
    let fencesUpTo = start;
    while (candidate !== -1) {
      const match = starts.matchAt(text, candidate, atStreamEnd);
      if (match.type !== "none") {
        // Fence state is only needed for a (possible) marker; consuming it lazily keeps near-misses cheap.
        this.fences.consume(text, fencesUpTo, candidate);
        this.fences.settle();
        fencesUpTo = candidate;
      }
      if (match.type === "none" || this.isQuoted(text, start, candidate)) {
        candidate = nextCandidate(text, candidate + 1, isFirstCharacter);
        continue;
      }
      this.visibleEnd = candidate;
      if (candidate > start) this.previousCode = text.charCodeAt(candidate - 1);
      if (match.type === "partial") {
        this.pending = text.slice(candidate);
        return text.length;
      }
      const pattern = match.value;
      if (pattern.kind === "token") {
        this.strip(pattern, text.slice(candidate, match.end));
        return match.end;
      }
      if (pattern.kind === "span") {
        this.beginStrip(pattern, text.slice(candidate, match.end));
        this.mode = SPAN;
        this.closers = this.compiled.closers.get(pattern);
        return match.end;
      }
      const payload = findLeadPayloadStart(text, match.end, atStreamEnd, pattern.payload);
      if (payload.type === "partial") {
        this.pending = text.slice(candidate);
        return text.length;
      }
      if (payload.type === "none") {
        this.strip(pattern, text.slice(candidate, match.end));
        return match.end;
      }
      this.beginStrip(pattern, text.slice(candidate, payload.start));
      this.mode = PAYLOAD;
      this.balance = createBracketBalance();
      return payload.start;
    }
    this.fences.consume(text, fencesUpTo, text.length);
    this.visibleEnd = text.length;
    if (text.length > start) this.previousCode = text.charCodeAt(text.length - 1);
    return text.length;
  }

  /** A marker right after a quoting character or inside a fenced code block is quoted text, not scaffolding. */
  private isQuoted(text: string, start: number, candidate: number): boolean {
    const before = candidate > start ? text.charCodeAt(candidate - 1) : this.previousCode;
    return isQuotingCharacter(before) || this.fences.insideFence;
  }

  /** Suppresses span content from `start` until a closer; returns the position to continue from. */
  private scanSpan(text: string, start: number, atStreamEnd: boolean): number {
    const closers = this.closers!;
    let candidate = nextCandidate(text, start, closers.isFirstCharacter);
    while (candidate !== -1) {
      const match = closers.matchAt(text, candidate, atStreamEnd);
      if (match.type === "none") {
        candidate = nextCandidate(text, candidate + 1, closers.isFirstCharacter);
        continue;
      }
      if (match.type === "partial") {
        this.appendStrip(text.slice(start, candidate));
        this.pending = text.slice(candidate);
        return text.length;
      }
      const end = match.value.consume ? match.end : candidate;
      this.appendStrip(text.slice(start, end));
      this.endStrip(false);
      this.mode = TEXT;
      this.closers = undefined;
      return end;
    }
    this.appendStrip(text.slice(start));
    return text.length;
  }

  /** Suppresses a lead token's bracketed payload until it balances; returns the position to continue from. */
  private scanPayload(text: string, start: number): number {
    const end = scanBracketBalance(this.balance, text, start);
    if (end === -1) {
      this.appendStrip(text.slice(start));
      return text.length;
    }
    this.appendStrip(text.slice(start, end));
    this.endStrip(false);
    this.mode = TEXT;
    return end;
  }

  private strip(pattern: ScaffoldingPattern, stripped: string): void {
    this.beginStrip(pattern, stripped);
    this.endStrip(false);
  }

  private beginStrip(pattern: ScaffoldingPattern, opener: string): void {
    this.active = { pattern, span: "", characters: 0 };
    this.appendStrip(opener);
  }

  private appendStrip(stripped: string): void {
    if (stripped.length === 0) return;
    const active = this.active!;
    active.characters += stripped.length;
    this.strippedCharacters += stripped.length;
    if (this.onStrip !== undefined && active.span.length < STRIP_PREVIEW_LIMIT) {
      active.span += stripped.slice(0, STRIP_PREVIEW_LIMIT - active.span.length);
    }
  }

  private endStrip(unclosed: boolean): void {
    const active = this.active!;
    this.active = undefined;
    this.previousCode = 0;
    const id = active.pattern.id;
    this.perPattern[id] = (this.perPattern[id] ?? 0) + 1;
    if (this.onStrip === undefined) return;
    try {
      this.onStrip({
        patternId: id,
        family: active.pattern.family,
        span: active.span,
        truncated: active.characters > active.span.length,
        strippedChars: active.characters,
        unclosed,
      });
    } catch {
      // Logging must never break the answer stream (see ScaffoldingScannerOptions.onStrip).
    }
  }
}
