"use client";

import { useSyncExternalStore } from "react";

/**
 * One shared clock for every relative time on the page ("5 seconds ago"): a single one-second interval
 * runs while anything subscribes. During the server render and hydration the clock reads null, so a
 * relative time is only ever computed in the browser: the server's "now" and the browser's differ, and
 * rendering "19 seconds ago" on the server and "20 seconds ago" while hydrating is React error #418.
 */
const TICK_MS = 1_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const clientSnapshot = () => now;
const serverSnapshot = () => null;

/** The current time in ms, updated every second; null while rendering on the server or hydrating. */
export function useClock(): number | null {
  return useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
}
