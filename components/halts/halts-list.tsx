"use client";

import { useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useHasRole } from "@/components/auth/signed-in-user";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { FilterSelect } from "@/components/ui/filter-select";
import { useLiveArrivals } from "@/components/ui/live-arrivals";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import { Link, useRouter } from "@/i18n/navigation";
import {
  HALT_SEARCH_MIN_LENGTH,
  HALT_TYPES,
  type ListHaltsOutput,
  SEVERITY_LEVELS,
} from "@/lib/schemas/halts";
import { isUuidPrefix } from "@/lib/schemas/uuid";
import { BulkAcknowledge } from "./bulk-acknowledge";
import { haltCountsMessage } from "./halt-counts";
import {
  EMPTY_FILTERS,
  filtersToApi,
  filtersToQuery,
  HALTS_PAGE_SIZE,
  type HaltFilterValues,
  haltsRequestKey,
  hasFilters,
  rangeIsReversed,
  readFilters,
  type ServedHaltsPage,
} from "./halt-filters";
import { HaltStatus, useHaltDescription } from "./halt-labels";
import { HaltTime } from "./halt-time";
import { listHalts } from "./halts-api";
import { resyncs, useLiveEvents } from "./live-events";
import { SeverityBadge } from "./severity-badge";

type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; page: ListHaltsOutput };

/**
 * The halt review list: filters kept in the URL, keyset pagination ("next page" with the API's
 * cursor), total and unacknowledged counts, and live updates from /api/events (a new halt appears and
 * is highlighted for a few seconds; an acknowledgement elsewhere updates its row), announced politely.
 * The server renders the first page (`served`, read with the same filters by the page); the browser
 * reads the list itself only when the URL asks for a page the server did not render, and for live updates.
 */
export function HaltsList({ served = null }: { served?: ServedHaltsPage | null }) {
  const t = useTranslations("HaltsList");
  const format = useFormatter();
  const haltDescription = useHaltDescription();
  const tCondition = useTranslations("ConditionsPanel");
  const tLabel = useTranslations("HaltLabels");
  const failureMessage = useFailureMessage();
  const searchParams = useSearchParams();
  const router = useRouter();
  const filters = readFilters(searchParams);
  const cursor = searchParams.get("cursor") ?? undefined;
  const requestKey = haltsRequestKey(filters, cursor);
  const servedNow = served !== null && served.key === requestKey ? served.page : null;
  const [list, setList] = useState<ListState>(
    servedNow ? { status: "ready", page: servedNow } : { status: "loading" },
  );
  const { highlighted, record: recordArrivals } = useLiveArrivals();
  const canAcknowledge = useHasRole("operator");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const knownIds = useRef<Set<string> | null>(
    servedNow ? new Set(servedNow.halts.map((halt) => halt.halt_id)) : null,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // The request the URL asks for now: an answer to an older one (a live reload that started before the
  // filters changed) is dropped instead of replacing the rows of the new filters.
  const latestKey = useRef(requestKey);
  latestKey.current = requestKey;

  const load = useCallback(
    async (mode: "initial" | "live", signal?: AbortSignal) => {
      const current = JSON.parse(requestKey) as Record<string, string>;
      if (mode === "initial") {
        setList({ status: "loading" });
        knownIds.current = null;
      }
      const result = await listHalts(
        {
          ...filtersToApi(readFilters(new URLSearchParams(current)), current.cursor),
          limit: HALTS_PAGE_SIZE,
        },
        signal,
      );
      if (signal?.aborted || latestKey.current !== requestKey) return;
      if (result.type === "failed") {
        // A failed live refresh keeps the rows on screen; only the first load shows the error.
        if (mode === "initial") setList({ status: "error", failure: result.failure });
        return;
      }
      const ids = result.data.halts.map((halt) => halt.halt_id);
      if (mode === "live" && knownIds.current) {
        const fresh = ids.filter((id) => !knownIds.current?.has(id));
        if (fresh.length > 0) setAnnouncement(t("liveNew", { count: recordArrivals(fresh) }));
      }
      knownIds.current = new Set([...(knownIds.current ?? []), ...ids]);
      setList({ status: "ready", page: result.data });
    },
    [requestKey, t, recordArrivals],
  );

  useEffect(() => {
    if (servedNow) {
      // The server rendered this page (on the first load, and again on each navigation to new filters).
      knownIds.current = new Set(servedNow.halts.map((halt) => halt.halt_id));
      setList({ status: "ready", page: servedNow });
      return;
    }
    const controller = new AbortController();
    load("initial", controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load, servedNow]);

  const latestLoad = useRef(load);
  latestLoad.current = load;
  const liveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvents((event) => {
    if (event.type !== "halt" && !resyncs(event, "halts")) return;
    if (event.type === "halt" && event.data.type === "halt.acknowledged")
      setAnnouncement(t("liveAcknowledged"));
    // Bursts of events (an agent recording several halts) cause one reload.
    if (liveTimer.current) clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(() => {
      latestLoad.current("live").catch(() => {});
    }, 250);
  });

  function navigate(values: HaltFilterValues, nextCursor?: string) {
    router.replace({ pathname: "/halts", query: filtersToQuery(values, nextCursor) }, { scroll: false });
  }

  return (
    <div className="space-y-6">
      <HaltFilterForm
        key={JSON.stringify(filters)}
        initial={filters}
        onApply={(values) => navigate(values)}
      />

      <section aria-labelledby={headingId} aria-busy={list.status === "loading" || undefined}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            {t("listHeading")}
          </h2>
          {list.status === "ready" ? (
            <p className="text-sm text-slate-700" data-testid="halt-counts">
              {(() => {
                const counts = haltCountsMessage(list.page, (value) => format.number(value));
                return counts.key === "counts"
                  ? t("counts", counts.values)
                  : t("countsCapped", counts.values);
              })()}
            </p>
          ) : null}
        </div>
        <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="halts-live">
          {announcement}
        </p>

        {list.status === "loading" ? <LoadingStatus label={t("loading")} className="mt-3" /> : null}
        {list.status === "error" ? (
          <LoadErrorAlert
            title={t("loadError")}
            detail={failureMessage(list.failure)}
            retry={{ label: t("retry"), onRetry: () => load("initial") }}
            className="mt-3"
          />
        ) : null}
        {list.status === "ready" && list.page.halts.length === 0 ? (
          <div className="mt-3 rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            <p>{hasFilters(filters) ? t("emptyFiltered") : t("empty")}</p>
            {hasFilters(filters) ? (
              <button
                type="button"
                onClick={() => navigate(EMPTY_FILTERS)}
                className={`mt-3 ${buttonClass.secondary}`}
              >
                {t("clearFilters")}
              </button>
            ) : null}
          </div>
        ) : null}
        {list.status === "ready" && canAcknowledge && list.page.halts.some(isBulkSelectable) ? (
          <div className="mt-3">
            <BulkAcknowledge
              selectedIds={list.page.halts
                .filter((halt) => selected.has(halt.halt_id))
                .map((halt) => halt.halt_id)}
              onDone={(result) => {
                setBulkResult(result);
                setSelected(new Set());
                load("live").catch(() => {});
              }}
            />
          </div>
        ) : null}
        {canAcknowledge ? (
          // Outside the bulk form: once every selectable halt is acknowledged the form goes away (the list
          // re-reads live), and the result must stay readable and announced.
          <p aria-live="polite" className="mt-2 text-sm text-slate-800" data-testid="bulk-result">
            {bulkResult}
          </p>
        ) : null}
        {list.status === "ready" && list.page.halts.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {list.page.halts.map((halt) => (
              <li
                key={halt.halt_id}
                data-testid="halt-row"
                data-halt-id={halt.halt_id}
                data-highlighted={highlighted.has(halt.halt_id) || undefined}
                className={`grid gap-2 p-4 transition-colors duration-700 sm:grid-cols-[7rem_1fr_12rem] sm:gap-4 ${
                  highlighted.has(halt.halt_id) ? "bg-amber-100" : ""
                }`}
              >
                <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-start">
                  {canAcknowledge && isBulkSelectable(halt) ? (
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={selected.has(halt.halt_id)}
                      aria-label={t("selectHalt", { description: haltDescription(halt).slice(0, 80) })}
                      onChange={(event) => {
                        const next = new Set(selected);
                        if (event.target.checked) next.add(halt.halt_id);
                        else next.delete(halt.halt_id);
                        setSelected(next);
                        setBulkResult("");
                      }}
                    />
                  ) : null}
                  <SeverityBadge severity={halt.severity} />
                  <span className="text-xs text-slate-700">
                    {tLabel("haltType", { type: halt.halt_type })}
                  </span>
                </div>
                <div className="min-w-0">
                  {/* Row links are not prefetched: a page of 25 rows would send the server up to 50
                      prefetch requests right after every load of the list (a click still navigates
                      in the client). */}
                  <Link
                    href={`/halts/${halt.halt_id}`}
                    prefetch={false}
                    className="font-medium break-words text-blue-800 underline underline-offset-2 hover:text-blue-950"
                  >
                    {haltDescription(halt)}
                  </Link>
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    {halt.condition_name ? (
                      <div className="flex gap-1">
                        <dt>{t("condition")}</dt>
                        <dd className="break-all" title={halt.condition_name}>
                          {tCondition("conditionName", { name: halt.condition_name })}
                        </dd>
                      </div>
                    ) : null}
                    {halt.session_id ? (
                      <div className="flex gap-1">
                        <dt>{t("session")}</dt>
                        <dd>
                          <Link
                            href={`/sessions/${halt.session_id}`}
                            prefetch={false}
                            className="font-mono text-xs leading-5 text-blue-800 underline"
                            aria-label={t("sessionLink", { id: halt.session_id })}
                          >
                            {halt.session_id.slice(0, 8)}
                          </Link>
                        </dd>
                      </div>
                    ) : null}
                    {halt.task_id ? (
                      <div className="flex gap-1">
                        <dt>{t("task")}</dt>
                        <dd className="break-all">{halt.task_id}</dd>
                      </div>
                    ) : null}
                  </dl>
                </div>
                <div className="text-sm text-slate-800">
                  <HaltTime iso={halt.triggered_at} layout="stacked" />
                  <p className="mt-1" data-testid="halt-status">
                    <HaltStatus halt={halt} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {list.status === "ready" && (cursor || list.page.next_cursor) ? (
          <nav aria-label={t("pagination")} className="mt-4 flex flex-wrap gap-3">
            {cursor ? (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => {
                  navigate(filters);
                  headingRef.current?.focus();
                }}
              >
                {t("firstPage")}
              </button>
            ) : null}
            {list.page.next_cursor ? (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => {
                  navigate(filters, list.page.next_cursor ?? undefined);
                  headingRef.current?.focus();
                }}
              >
                {t("nextPage")}
              </button>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

const fieldClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900";
const labelClass = "block text-sm font-medium text-slate-900";

/** The filter form; applying it writes the filters into the URL (the list follows the URL). */
function HaltFilterForm({
  initial,
  onApply,
}: {
  initial: HaltFilterValues;
  onApply: (values: HaltFilterValues) => void;
}) {
  const t = useTranslations("HaltsList");
  const tLabel = useTranslations("HaltLabels");
  const [values, setValues] = useState(initial);
  const id = useId();
  const set = (name: keyof HaltFilterValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));

  const [rangeError, setRangeError] = useState(false);
  const session = values.session_id.trim();
  const sessionInvalid = session !== "" && !isUuidPrefix(session);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rangeIsReversed(values)) {
      setRangeError(true);
      document.getElementById(`${id}-from`)?.focus();
      return;
    }
    setRangeError(false);
    onApply({ ...values, q: values.q.trim(), session_id: values.session_id.trim().toLowerCase() });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t("filtersLabel")}
      className="grid gap-3 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2 lg:col-span-4">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {t("search")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={values.q}
          onChange={set("q")}
          minLength={HALT_SEARCH_MIN_LENGTH}
          maxLength={200}
          className={fieldClass}
        />
      </div>
      <FilterSelect
        id={`${id}-severity`}
        label={t("severity")}
        anyLabel={t("any")}
        value={values.severity}
        options={SEVERITY_LEVELS.map((severity) => ({
          value: severity,
          label: tLabel("severity", { severity }),
        }))}
        onChange={(severity) => setValues((previous) => ({ ...previous, severity }))}
      />
      <FilterSelect
        id={`${id}-type`}
        label={t("typeLabel")}
        anyLabel={t("any")}
        value={values.halt_type}
        options={HALT_TYPES.map((type) => ({ value: type, label: tLabel("haltType", { type }) }))}
        onChange={(halt_type) => setValues((previous) => ({ ...previous, halt_type }))}
      />
      <FilterSelect
        id={`${id}-acknowledged`}
        label={t("acknowledged")}
        anyLabel={t("any")}
        value={values.acknowledged}
        options={[
          { value: "false", label: t("onlyOpen") },
          { value: "true", label: t("onlyAcknowledged") },
        ]}
        onChange={(acknowledged) => setValues((previous) => ({ ...previous, acknowledged }))}
      />
      <div>
        <label htmlFor={`${id}-session`} className={labelClass}>
          {t("sessionId")}
        </label>
        <input
          id={`${id}-session`}
          value={values.session_id}
          onChange={set("session_id")}
          spellCheck={false}
          autoComplete="off"
          maxLength={36}
          pattern="[0-9a-fA-F]{8}[0-9a-fA-F\-]{0,28}"
          aria-describedby={`${id}-session-hint`}
          aria-invalid={sessionInvalid || undefined}
          className={`${fieldClass} font-mono`}
        />
        <p id={`${id}-session-hint`} className="mt-1 text-xs text-slate-600">
          {t("sessionIdHint")}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {t("from")}
        </label>
        <input
          id={`${id}-from`}
          type="datetime-local"
          value={values.from}
          onChange={(event) => {
            setRangeError(false);
            set("from")(event);
          }}
          aria-invalid={rangeError || undefined}
          aria-describedby={rangeError ? `${id}-range-error` : undefined}
          className={fieldClass}
        />
        {rangeError ? (
          <p id={`${id}-range-error`} role="alert" className="mt-1 text-sm font-medium text-red-800">
            {t("rangeReversed")}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          {t("to")}
        </label>
        <input
          id={`${id}-to`}
          type="datetime-local"
          value={values.to}
          onChange={(event) => {
            setRangeError(false);
            set("to")(event);
          }}
          aria-invalid={rangeError || undefined}
          className={fieldClass}
        />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" className={buttonClass.primary}>
          {t("apply")}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            setValues(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {t("reset")}
        </button>
      </div>
    </form>
  );
}

/** Halts that bulk acknowledgement may take: open and not critical (those need their own page). */
function isBulkSelectable(halt: ListHaltsOutput["halts"][number]): boolean {
  return !halt.acknowledged && halt.severity !== "critical";
}
