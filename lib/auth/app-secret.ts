/**
 * Instance secrets generated once and kept in `app_secrets`, so every web process of an instance uses
 * the same key (the session cookie key, 32 random bytes). KEEL_SESSION_SECRET (>= 32 characters)
 * overrides the stored one.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "@/lib/db/client";

const cache = new Map<string, Promise<string>>();

export async function getOrCreateAppSecret(database: Database, name: string): Promise<string> {
  let pending = cache.get(name);
  if (!pending) {
    pending = (async () => {
      await database.appSecret.createMany({
        data: [{ name, value: randomBytes(32).toString("base64url") }],
        skipDuplicates: true,
      });
      return (await database.appSecret.findUniqueOrThrow({ where: { name } })).value;
    })();
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

export async function getSessionSecret(database: Database): Promise<string> {
  const configured = process.env.KEEL_SESSION_SECRET;
  if (configured) {
    if (configured.length < 32) throw new Error("KEEL_SESSION_SECRET must be at least 32 characters long.");
    return configured;
  }
  return getOrCreateAppSecret(database, "session-cookie");
}
