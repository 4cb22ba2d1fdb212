"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { resyncs, useLiveEvents } from "@/components/halts/live-events";
import type { Run, RunEvent } from "@/lib/schemas/runs";
import { lastSeq, mergeRunEvents } from "./run-events";
import { RunHeader } from "./run-header";
import { RunTimeline } from "./run-timeline";
import { getRun, listRunEvents } from "./runs-api";

/** Live run events arriving in a burst cause one fetch after this delay. */
const LIVE_DELAY_MS = 200;
/** The events API answers at most this many per request by default; a full page means "ask again". */
const EVENTS_PAGE = 500;

/**
 * One run: its header (task, status, model, times, answer, error) and the timeline of its events. The
 * server renders the first state; afterwards every `run` live event for this run (and a resync after a
 * reconnect) fetches only the events after the last seq shown and appends them, and refreshes the
 * header. A status change is announced politely. Failed refreshes keep what is on screen and are
 * retried with the next live event.
 */
export function RunView({ initialRun, initialEvents }: { initialRun: Run; initialEvents: RunEvent[] }) {
  const t = useTranslations("RunPage");
  const tLabel = useTranslations("RunLabels");
  const [run, setRun] = useState(initialRun);
  const [events, setEvents] = useState(initialEvents);
  const [announcement, setAnnouncement] = useState("");
  const [stale, setStale] = useState(false);
  const seqRef = useRef(lastSeq(initialEvents));
  const statusRef = useRef(initialRun.status);
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const result = await listRunEvents(initialRun.id, seqRef.current);
        if (result.type === "failed") {
          setStale(true);
          return;
        }
        setStale(false);
        const { events: fresh, status } = result.data;
        if (fresh.length > 0) {
          seqRef.current = Math.max(seqRef.current, lastSeq(fresh));
          setEvents((previous) => mergeRunEvents(previous, fresh));
          if (fresh.length >= EVENTS_PAGE) again.current = true;
        }
        const statusChanged = status !== statusRef.current;
        if (statusChanged) {
          statusRef.current = status;
          setAnnouncement(t("statusAnnouncement", { status: tLabel("status", { status }) }));
        }
        if (fresh.length > 0 || statusChanged) {
          const latest = await getRun(initialRun.id);
          if (latest.type === "ok") setRun(latest.data);
          else setRun((previous) => ({ ...previous, status }));
        }
      } while (again.current);
    } catch {
      setStale(true);
    } finally {
      inFlight.current = false;
    }
  }, [initialRun.id, t, tLabel]);

  const schedule = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh().catch(() => {});
    }, LIVE_DELAY_MS);
  }, [refresh]);

  // Catch up once after mounting: events written between the server render and the subscription.
  useEffect(() => {
    schedule();
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [schedule]);

  useLiveEvents((event) => {
    if (resyncs(event, "runs") || (event.type === "run" && event.data.runId === initialRun.id)) schedule();
  });

  return (
    <div className="space-y-8">
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="run-live">
        {announcement}
      </p>
      <RunHeader run={run} />
      <section aria-labelledby="run-timeline-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="run-timeline-heading" className="text-lg font-semibold text-slate-900">
            {t("timelineHeading")}
          </h2>
          <p className="text-sm text-slate-700" data-testid="run-event-count">
            {t("eventCount", { count: events.length })}
          </p>
        </div>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("timelineIntro")}</p>
        {stale ? (
          <p className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {t("refreshFailed")}
          </p>
        ) : null}
        <div className="mt-3">
          <RunTimeline events={events} />
        </div>
      </section>
    </div>
  );
}
