"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `poll` now and then `intervalMs` after each call settles (a setTimeout chain scheduled in
 * `finally`, so slow answers never overlap). Stops on unmount and aborts the call in flight.
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<void>, intervalMs: number) {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  }, [poll]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const tick = async () => {
      try {
        await pollRef.current(controller.signal);
      } catch {
        // A failed poll is shown by the caller; the chain keeps going.
      } finally {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      }
    };
    tick();

    return () => {
      stopped = true;
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [intervalMs]);
}
