/**
 * Seeded randomness for the quarantine corpus generator. Every random choice is drawn from a generator
 * seeded by a stable key (a payload id, a benign item id), never from a shared stream, so adding a payload
 * or a template changes nothing about the lines that were there before.
 */
import { createHash } from "node:crypto";

/** Hex SHA-1 of a string (UTF-8). */
export function sha1(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

/** A number in [0, 1) derived from the hash of a key: the same key always gives the same number. */
export function unitHash(key: string): number {
  return Number.parseInt(sha1(key).slice(0, 8), 16) / 0x1_0000_0000;
}

/** A seeded pseudo-random stream (mulberry32 over a SHA-1 derived seed). */
export class Rng {
  private state: number;

  constructor(seedKey: string) {
    this.state = Number.parseInt(sha1(`keel-quarantine-corpus:${seedKey}`).slice(0, 8), 16) >>> 0;
  }

  /** Next float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }

  /** `count` distinct items (or all of them when there are fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.int(index + 1);
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }
}
