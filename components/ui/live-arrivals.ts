"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** How long rows that arrived live stay highlighted, and how long arrivals add up into one count. */
const HIGHLIGHT_MS = 6_000;

/**
 * Rows that arrived live (a list's refresh found ids it had not shown before): they stay highlighted for
 * a few seconds, and arrivals in quick succession add up, so eight runs queued in two bursts are
 * announced as "8 new runs arrived", not as the last burst's 2. `record` takes the new ids of one refresh
 * and returns how many arrived in the current run of arrivals (for the announcement).
 */
export function useLiveArrivals() {
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const count = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const record = useCallback((ids: readonly string[]): number => {
    if (ids.length === 0) return count.current;
    count.current += ids.length;
    setHighlighted((previous) => new Set([...previous, ...ids]));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      count.current = 0;
      setHighlighted(new Set());
    }, HIGHLIGHT_MS);
    return count.current;
  }, []);

  return { highlighted, record };
}
