"use client";

import { useEffect, useRef } from "react";

/**
 * The console's live event stream (`GET /api/events`, server-sent events), shared by every component
 * of the page: one EventSource opens with the first subscriber and closes with the last. EventSource
 * reconnects by itself; after a reconnect the subscribers get `resync` and re-read. The server also sends
 * `resync` for one channel when its LISTEN (re)connects; that one names the channel, so only the
 * components showing that channel's data re-read (see `resyncs`).
 */

/** The server's NOTIFY channels behind the stream. */
export type LiveChannel = "halts" | "settings" | "runs";

/**
 * What a subscriber receives: a halt notification, a settings change, a run event, or "re-read" (for one
 * channel, or for all of them when `channel` is absent).
 */
export type LiveEvent =
  | {
      type: "halt";
      data: { type?: string; halt_id?: string; session_id?: string; severity?: string; resolution?: string };
    }
  | { type: "settings"; data: unknown }
  | { type: "run"; data: { runId?: string; seq?: number; type?: string; status?: string } }
  | { type: "resync"; channel?: LiveChannel };

const CHANNELS: readonly string[] = ["halts", "settings", "runs"] satisfies LiveChannel[];

/** Whether `event` asks the readers of `channel` to re-read (a resync of that channel or of all). */
export function resyncs(event: LiveEvent, channel: LiveChannel): boolean {
  return event.type === "resync" && (event.channel === undefined || event.channel === channel);
}

type Subscriber = (event: LiveEvent) => void;

const subscribers = new Set<Subscriber>();
let source: EventSource | null = null;
let opened = false;

function emit(event: LiveEvent) {
  for (const subscriber of [...subscribers]) subscriber(event);
}

function parse(data: string): Record<string, unknown> {
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function open() {
  if (typeof EventSource === "undefined") return;
  source = new EventSource("/api/events");
  opened = false;
  source.addEventListener("ready", () => {
    // The first `ready` is the initial connection; later ones follow a reconnect, when events were lost.
    if (opened) emit({ type: "resync" });
    opened = true;
  });
  source.addEventListener("halt", (event) =>
    emit({ type: "halt", data: parse((event as MessageEvent).data) }),
  );
  source.addEventListener("settings", (event) =>
    emit({ type: "settings", data: parse((event as MessageEvent).data) }),
  );
  source.addEventListener("run", (event) => emit({ type: "run", data: parse((event as MessageEvent).data) }));
  source.addEventListener("resync", (event) => {
    const { channel } = parse((event as MessageEvent).data);
    emit(
      typeof channel === "string" && CHANNELS.includes(channel)
        ? { type: "resync", channel: channel as LiveChannel }
        : { type: "resync" },
    );
  });
}

/** Subscribes to the live events; returns the unsubscribe function. */
export function subscribeLiveEvents(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  if (source === null) open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0 && source !== null) {
      source.close();
      source = null;
    }
  };
}

/** Calls `onEvent` (latest version, no resubscribe per render) for every live event while mounted. */
export function useLiveEvents(onEvent: Subscriber): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => subscribeLiveEvents((event) => handler.current(event)), []);
}
