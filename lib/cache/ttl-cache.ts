/**
 * A value read through one loader and served from memory for at most `ttlMs`, dropped at once by
 * `invalidate()` (a NOTIFY from another process, a local write). Concurrent misses share one read. A
 * read that an invalidation overtakes is served to its callers once but not kept, so a write that lands
 * during the read is never hidden for a whole TTL. A failed read is not kept either: the next call reads
 * again. The clock is injected for tests.
 */
export class TtlCache<T> {
  private entry: { value: T; loadedAt: number } | null = null;
  private generation = 0;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: { ttlMs: number; now?: () => number },
  ) {}

  /** The cached value while younger than the TTL, else a fresh read (rejects when the read fails). */
  async get(): Promise<T> {
    const now = this.options.now ?? Date.now;
    if (this.entry !== null && now() - this.entry.loadedAt < this.options.ttlMs) return this.entry.value;
    if (this.pending) return this.pending;
    const generation = this.generation;
    this.pending = this.load()
      .then((value) => {
        if (generation === this.generation) this.entry = { value, loadedAt: now() };
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Drops the cached value; a read in flight is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.entry = null;
    this.pending = null;
  }
}
