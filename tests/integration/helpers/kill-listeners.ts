/** Kills, for real, every connection of the test database whose last statement LISTENs on `channel`. */
import pg from "pg";

export async function killListenConnections(url: string, channel: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike $1 and pid <> pg_backend_pid()`,
      [`%${channel}%`],
    );
  } finally {
    await admin.end();
  }
}
