/**
 * A session-level PostgreSQL advisory lock held on a connection of its own for the duration of
 * `action`, so several processes starting at once (N web processes, M agent runtimes) apply the
 * migrations and the seed one after the other instead of racing: the second finds the work done.
 * The lock goes with its connection, so a process killed while holding it frees it at once.
 */
import pg from "pg";

/** The key of the lock around `migrate.ts apply` and the seed ("keel" + "migrate" as two int4s). */
export const MIGRATION_LOCK_KEY: readonly [number, number] = [0x6b65656c, 0x6d696772];

export async function withAdvisoryLock<T>(
  connectionString: string,
  key: readonly [number, number],
  action: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  // No statement timeout on this connection: waiting for another process's migration is the point.
  const client = new pg.Client({ connectionString, options: "-c statement_timeout=0 -c lock_timeout=0" });
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [
      key[0],
      key[1],
    ]);
    if (!tried.rows[0]?.locked) {
      onWait?.();
      await client.query("select pg_advisory_lock($1, $2)", [key[0], key[1]]);
    }
    try {
      return await action();
    } finally {
      await client.query("select pg_advisory_unlock($1, $2)", [key[0], key[1]]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
