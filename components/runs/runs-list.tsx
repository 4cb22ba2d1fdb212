"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { HaltTime } from "@/components/halts/halt-time";
import { resyncs, useLiveEvents } from "@/components/halts/live-events";
import { buttonClass } from "@/components/ui/buttons";
import { FilterSelect } from "@/components/ui/filter-select";
import { useLiveArrivals } from "@/components/ui/live-arrivals";
import { LoadErrorAlert } from "@/components/ui/load-state";
import { Link, useRouter } from "@/i18n/navigation";
import { COMPLETION_VERDICTS, RUN_KINDS, RUN_STATUSES, type Run, type RunList } from "@/lib/schemas/runs";
import { GuardCounters } from "./guard-counters";
import { truncateText } from "./run-events";
import {
  EMPTY_RUN_FILTERS,
  hasRunFilters,
  RUNS_PAGE_SIZE,
  type RunFilterValues,
  runFiltersToQuery,
} from "./run-filters";
import { BudgetExhaustedMarker, RunKindTag, RunOutcomeBadge } from "./run-labels";
import { listRuns } from "./runs-api";

/** The API's largest page: a live refresh re-reads at most this many rows. */
const MAX_REFRESH = 100;
/** Live events arriving in a burst (every step of a run sends one) cause one refresh after this delay. */
const LIVE_DELAY_MS = 400;
const TASK_PREVIEW_CHARS = 160;

type ListState =
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; runs: Run[]; nextCursor: string | null };

/**
 * The runs list, newest first: filters (status, kind) live in the URL and the server renders the first
 * page; "Show more" appends the next keyset page. Live `run` events re-read the rows on screen (one
 * request per burst), highlight runs that are new and announce them politely.
 */
export function RunsList({ initial, filters }: { initial: RunList | null; filters: RunFilterValues }) {
  const t = useTranslations("RunsList");
  const failureMessage = useFailureMessage();
  const router = useRouter();
  const headingId = useId();
  const [list, setList] = useState<ListState>(
    initial
      ? { status: "ready", runs: initial.runs, nextCursor: initial.nextCursor }
      : { status: "error", failure: { kind: "server" } },
  );
  const [more, setMore] = useState<"idle" | "loading" | "failed">("idle");
  const { highlighted, record: recordArrivals } = useLiveArrivals();
  const [announcement, setAnnouncement] = useState("");
  const knownIds = useRef(new Set(initial?.runs.map((run) => run.id) ?? []));
  const listRef = useRef(list);
  listRef.current = list;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);

  /** Re-reads the rows on screen (at least one page); keeps older rows beyond the API's largest page. */
  const refresh = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const current = listRef.current;
        const shown = current.status === "ready" ? current.runs.length : 0;
        const limit = Math.min(MAX_REFRESH, Math.max(RUNS_PAGE_SIZE, shown));
        const result = await listRuns({ ...filters, limit });
        if (result.type === "failed") {
          // A failed live refresh keeps the rows on screen; only a list in error shows the new failure.
          if (listRef.current.status === "error") setList({ status: "error", failure: result.failure });
          return;
        }
        const head = result.data.runs;
        const headIds = new Set(head.map((run) => run.id));
        const before = listRef.current;
        const tail =
          before.status === "ready" && before.runs.length > head.length && result.data.nextCursor
            ? before.runs.slice(limit).filter((run) => !headIds.has(run.id))
            : [];
        const fresh = head.filter((run) => !knownIds.current.has(run.id));
        for (const run of head) knownIds.current.add(run.id);
        if (fresh.length > 0 && before.status === "ready")
          setAnnouncement(t("liveNew", { count: recordArrivals(fresh.map((run) => run.id)) }));
        setList({
          status: "ready",
          runs: [...head, ...tail],
          nextCursor:
            tail.length > 0 && before.status === "ready" ? before.nextCursor : result.data.nextCursor,
        });
      } while (again.current);
    } finally {
      inFlight.current = false;
    }
  }, [filters, t, recordArrivals]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLiveEvents((event) => {
    if (event.type !== "run" && !resyncs(event, "runs")) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh().catch(() => {});
    }, LIVE_DELAY_MS);
  });

  async function showMore() {
    if (list.status !== "ready" || !list.nextCursor || more === "loading") return;
    setMore("loading");
    const result = await listRuns({ ...filters, limit: RUNS_PAGE_SIZE, cursor: list.nextCursor });
    if (result.type === "failed") {
      setMore("failed");
      return;
    }
    setMore("idle");
    for (const run of result.data.runs) knownIds.current.add(run.id);
    setList((previous) => {
      if (previous.status !== "ready") return previous;
      const ids = new Set(previous.runs.map((run) => run.id));
      return {
        status: "ready",
        runs: [...previous.runs, ...result.data.runs.filter((run) => !ids.has(run.id))],
        nextCursor: result.data.nextCursor,
      };
    });
  }

  function navigate(values: RunFilterValues) {
    router.replace({ pathname: "/runs", query: runFiltersToQuery(values) }, { scroll: false });
  }

  return (
    <div className="space-y-4">
      <RunFilterForm key={JSON.stringify(filters)} initial={filters} onApply={navigate} />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t("listHeading")}
        </h2>
        <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="runs-live">
          {announcement}
        </p>
        {list.status === "error" ? (
          <LoadErrorAlert
            title={t("loadError")}
            detail={failureMessage(list.failure)}
            retry={{ label: t("retry"), onRetry: () => refresh() }}
            className="mt-3"
          />
        ) : null}
        {list.status === "ready" && list.runs.length === 0 ? (
          <div
            className="mt-3 rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700"
            data-testid="runs-empty"
            data-filtered={hasRunFilters(filters) || undefined}
          >
            <p className="font-medium text-slate-900">
              {hasRunFilters(filters) ? t("emptyFiltered") : t("empty")}
            </p>
            <p className="mt-2 max-w-3xl text-sm">{t("whatIsARun")}</p>
            <p className="mt-2 max-w-3xl text-sm">{t("howToStart")}</p>
            {hasRunFilters(filters) ? (
              <button
                type="button"
                onClick={() => navigate(EMPTY_RUN_FILTERS)}
                className={`mt-3 ${buttonClass.secondary}`}
              >
                {t("clearFilters")}
              </button>
            ) : null}
          </div>
        ) : null}
        {list.status === "ready" && list.runs.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {list.runs.map((run) => (
              <RunRow key={run.id} run={run} highlighted={highlighted.has(run.id)} />
            ))}
          </ul>
        ) : null}
        {list.status === "ready" && list.nextCursor ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={showMore}
              aria-disabled={more === "loading" || undefined}
            >
              {more === "loading" ? t("loadingMore") : t("showMore")}
            </button>
            {more === "failed" ? (
              <p role="alert" className="text-sm font-medium text-red-800">
                {t("moreError")}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** One run: task (link), status, kind, budget marker, model, tool steps, guard counters and time. */
function RunRow({ run, highlighted }: { run: Run; highlighted: boolean }) {
  const t = useTranslations("RunsList");
  return (
    <li
      data-testid="run-row"
      data-run-id={run.id}
      data-highlighted={highlighted || undefined}
      className={`grid gap-3 p-4 transition-colors duration-700 sm:grid-cols-[1fr_11rem] sm:gap-4 ${
        highlighted ? "bg-amber-100" : ""
      }`}
    >
      <div className="min-w-0">
        <Link
          href={`/runs/${run.id}`}
          className="font-medium break-words text-blue-800 underline underline-offset-2 hover:text-blue-950"
        >
          {truncateText(run.task, TASK_PREVIEW_CHARS)}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <RunOutcomeBadge outcome={run.outcome} />
          <RunKindTag kind={run.kind} />
          {run.toolBudgetExhausted ? <BudgetExhaustedMarker /> : null}
        </div>
        <dl className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <div className="flex min-w-0 items-baseline gap-1">
            <dt>{t("model")}</dt>
            <dd className="min-w-0 break-all">
              {run.model ? <code className="font-mono text-xs">{run.model}</code> : t("modelPending")}
            </dd>
          </div>
          <div className="flex items-baseline gap-1">
            <dt>{t("toolSteps")}</dt>
            <dd className="tabular-nums">{run.toolSteps}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>{t("guards")}</dt>
            <dd>
              <GuardCounters counts={run.guardCounts} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="text-sm text-slate-800">
        <span className="sr-only">{t("created")} </span>
        <HaltTime iso={run.createdAt} layout="stacked" />
      </div>
    </li>
  );
}

/** Status, kind and completion verdict; applying writes them into the URL (the server renders the list for it). */
function RunFilterForm({
  initial,
  onApply,
}: {
  initial: RunFilterValues;
  onApply: (values: RunFilterValues) => void;
}) {
  const t = useTranslations("RunsList");
  const tLabel = useTranslations("RunLabels");
  const tTimeline = useTranslations("RunTimeline");
  const [values, setValues] = useState(initial);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(values);
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t("filtersLabel")}
      className="grid gap-3 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <FilterSelect
        id={`${id}-status`}
        label={t("statusFilter")}
        anyLabel={t("any")}
        value={values.status}
        options={RUN_STATUSES.map((status) => ({ value: status, label: tLabel("status", { status }) }))}
        onChange={(status) => setValues((previous) => ({ ...previous, status }))}
      />
      <FilterSelect
        id={`${id}-kind`}
        label={t("kindFilter")}
        anyLabel={t("any")}
        value={values.kind}
        options={RUN_KINDS.map((kind) => ({ value: kind, label: tLabel("kind", { kind }) }))}
        onChange={(kind) => setValues((previous) => ({ ...previous, kind }))}
      />
      <FilterSelect
        id={`${id}-verdict`}
        label={t("verdictFilter")}
        anyLabel={t("any")}
        value={values.verdict}
        options={COMPLETION_VERDICTS.map((verdict) => ({
          value: verdict,
          label: tTimeline("judgeVerdict", { verdict }),
        }))}
        onChange={(verdict) => setValues((previous) => ({ ...previous, verdict }))}
      />
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass.primary}>
          {t("apply")}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            setValues(EMPTY_RUN_FILTERS);
            onApply(EMPTY_RUN_FILTERS);
          }}
        >
          {t("reset")}
        </button>
      </div>
    </form>
  );
}
