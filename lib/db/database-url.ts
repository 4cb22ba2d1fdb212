/**
 * Where Keel's database is: DATABASE_URL when set (any PostgreSQL >= 15), else the embedded server
 * described by `<KEEL_DATA_DIR>/db-credentials.json`.
 */
import path from "node:path";
import { embeddedOptionsFromEnv, readEmbeddedDatabaseUrl } from "./embedded-postgres";

/** A database URL could not be determined. */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUrlError";
  }
}

/** Returns DATABASE_URL, or the embedded server's URL; throws DatabaseUrlError when neither exists. */
export async function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const { dataRoot } = embeddedOptionsFromEnv(env, process.cwd());
  const url = await readEmbeddedDatabaseUrl(dataRoot);
  if (!url) {
    throw new DatabaseUrlError(
      `No database: DATABASE_URL is unset and no embedded database exists in ${path.join(dataRoot, "pg")}. ` +
        "Run `npm start` (or `npm run db:server`) first, or set DATABASE_URL.",
    );
  }
  return url;
}

/** The URL with its password replaced, for logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparseable database URL>";
  }
}

/** The same server and credentials, another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
