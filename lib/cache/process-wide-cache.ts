/**
 * Caches kept once per process (web routes import their module many times under Next's dev server, so
 * the instance lives on globalThis), for the current DATABASE_URL, each with the NOTIFY listener that
 * invalidates it when any process writes what it caches. A listener that cannot start is logged and
 * left out: the cache's TTL still bounds how stale a read can be.
 */

import { NotifyListener } from "@/lib/db/notify-listener";
import { createLogger, errorFields } from "@/lib/log/logger";

const log = createLogger({ component: "process-cache" });

interface Entry {
  url: string;
  cache: { invalidate(): void };
  listener: Promise<NotifyListener | null> | null;
}

const registry = globalThis as unknown as { keelProcessCaches?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  registry.keelProcessCaches ??= new Map();
  return registry.keelProcessCaches;
}

/**
 * Starts a listener on `channel` that invalidates `cache` on every
 * notification and after every reconnect, and warns when notifications are lost (`lostMessage`).
 */
export async function startInvalidatingListener(
  cache: { invalidate(): void },
  options: { connectionString: string; channel: string; lostMessage: string },
): Promise<NotifyListener> {
  const listener = new NotifyListener({
    connectionString: options.connectionString,
    channel: options.channel,
    onChange: () => cache.invalidate(),
    onStateChange: (state, error) => {
      if (state === "disconnected") log.warn(options.lostMessage, errorFields(error));
    },
  });
  await listener.start();
  return listener;
}

/**
 * The process-wide cache named `name` for the current DATABASE_URL: the existing one, or a new one from
 * `create`, with the listener `listen` starts on that URL (none without `listen` or a DATABASE_URL).
 */
export function processWideCache<Cache extends { invalidate(): void }>(
  name: string,
  options: {
    create: () => Cache;
    listen?: (cache: Cache, connectionString: string) => Promise<NotifyListener>;
  },
): Cache {
  const url = process.env.DATABASE_URL ?? "";
  const existing = entries().get(name);
  if (existing && existing.url === url) return existing.cache as Cache;
  const cache = options.create();
  const listener =
    options.listen && url !== ""
      ? options.listen(cache, url).catch((error: unknown) => {
          log.warn(`could not listen for changes (${name}); relying on the cache's TTL`, errorFields(error));
          return null;
        })
      : null;
  entries().set(name, { url, cache, listener });
  return cache;
}

/** Stops the listener of the process-wide cache named `name` and forgets the cache (tests, shutdown). */
export async function stopProcessWideCache(name: string): Promise<void> {
  const existing = entries().get(name);
  entries().delete(name);
  const listener = await existing?.listener;
  await listener?.stop();
}
