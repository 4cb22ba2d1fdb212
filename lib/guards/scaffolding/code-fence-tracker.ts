const NEWLINE = 0x0a;
const SPACE = 0x20;
const BACKTICK = 0x60;
const TILDE = 0x7e;
const MAXIMUM_FENCE_INDENT = 3;
const MINIMUM_FENCE_LENGTH = 3;

/** Where the tracker is within the current line. */
const LinePhase = {
  /** Reading up to three spaces of indentation. */
  Indent: 0,
  /** Reading a run of backticks or tildes that may be a fence. */
  Run: 1,
  /** The line's start is decided; nothing matters until the next newline. */
  Rest: 2,
} as const;

/**
 * The index of the first newline in `text[from, to)`, or -1. Never looks past `to`, so consuming one text
 * in many small ranges stays linear; a range that runs to the end of the text uses the native search.
 */
function findNewline(text: string, from: number, to: number): number {
  if (to === text.length) return text.indexOf("\n", from);
  for (let index = from; index < to; index++) {
    if (text.charCodeAt(index) === NEWLINE) return index;
  }
  return -1;
}

/**
 * Tracks whether the visible text so far is inside a markdown fenced code block (a line starting with at most
 * three spaces and then at least three backticks or tildes; closed by a line with a run of the same character
 * at least as long). A streaming state machine over the visible characters, so its answer at any position
 * does not depend on how the text was chunked. Simplified from CommonMark: info strings and trailing text
 * after a closing run are not validated, and indented code blocks are not tracked.
 */
export class CodeFenceTracker {
  private phase: number = LinePhase.Indent;
  private indent = 0;
  private runCharacter = 0;
  private runLength = 0;
  private fenceCharacter = 0;
  private fenceLength = 0;

  /** True while the visible text consumed so far is inside an open fenced code block. */
  get insideFence(): boolean {
    return this.fenceLength > 0;
  }

  /** Consumes the visible characters `text[from, to)`. Linear; skips to the next newline once a line is decided. */
  consume(text: string, from: number, to: number): void {
    let index = from;
    while (index < to) {
      if (this.phase === LinePhase.Rest) {
        const newline = findNewline(text, index, to);
        if (newline === -1 || newline >= to) return;
        index = newline + 1;
        this.startLine();
        continue;
      }
      const code = text.charCodeAt(index);
      index++;
      if (code === NEWLINE) {
        this.endRun();
        this.startLine();
      } else if (this.phase === LinePhase.Indent) {
        if (code === SPACE && this.indent < MAXIMUM_FENCE_INDENT) this.indent++;
        else if (code === BACKTICK || code === TILDE) {
          this.phase = LinePhase.Run;
          this.runCharacter = code;
          this.runLength = 1;
        } else this.phase = LinePhase.Rest;
      } else if (code === this.runCharacter) {
        this.runLength++;
      } else {
        this.endRun();
      }
    }
    // A run that reaches the end of the consumed text stays open: the next chunk may extend it. A marker
    // starting right here ends the run, so callers asking `insideFence` at this point settle it first.
  }

  /** Settles a pending run as if the line continued with a non-run character (used before a marker). */
  settle(): void {
    if (this.phase === LinePhase.Run) this.endRun();
  }

  private startLine(): void {
    this.phase = LinePhase.Indent;
    this.indent = 0;
    this.runLength = 0;
  }

  private endRun(): void {
    if (this.phase !== LinePhase.Run) return;
    this.phase = LinePhase.Rest;
    if (this.runLength < MINIMUM_FENCE_LENGTH) return;
    if (this.fenceLength === 0) {
      this.fenceCharacter = this.runCharacter;
      this.fenceLength = this.runLength;
    } else if (this.runCharacter === this.fenceCharacter && this.runLength >= this.fenceLength) {
      this.fenceLength = 0;
      this.fenceCharacter = 0;
    }
  }
}
