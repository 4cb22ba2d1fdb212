import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { currentUser } from "@/components/auth/current-user";
import { DemoRuns } from "@/components/runs/demo-runs";
import { NewRunForm } from "@/components/runs/new-run-form";
import { RUNS_PAGE_SIZE, readRunFiltersFromRecord } from "@/components/runs/run-filters";
import { RunsList } from "@/components/runs/runs-list";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";
import { roleAtLeast } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { listRuns } from "@/lib/runs/runs-service";
import { getRuntimeStatus } from "@/lib/settings/runtime-status";

const log = createLogger({ component: "runs-page" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "RunsPage" });
  return { title: t("title") };
}

/**
 * /[locale]/runs: the runs list (filters status and kind in the URL; the server renders the first page,
 * the browser appends pages and follows live events), the new-run form for operators, and which model
 * serves runs (with the demo scenarios when the scripted demo model is running). A failed read shows
 * the list's error state with a retry instead of failing the page.
 */
export default async function RunsPage({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: SearchParams;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "RunsPage" });
  // The console layout redirects anyone signed out; this page reads nothing for them either.
  const user = await currentUser();
  if (!user) return null;
  const filters = readRunFiltersFromRecord(await searchParams);
  const database = getPrisma();
  const [initial, runtime] = await Promise.all([
    listRuns(database, null, {
      status: filters.status || undefined,
      kind: filters.kind || undefined,
      verdict: filters.verdict || undefined,
      guard: filters.guard || undefined,
      decision: (filters.guard && filters.decision) || undefined,
      since: (filters.guard && filters.since) || undefined,
      limit: RUNS_PAGE_SIZE,
    }).catch((error: unknown) => {
      log.error("reading the runs list failed", errorFields(error));
      return null;
    }),
    getRuntimeStatus(database).catch((error: unknown) => {
      log.error("reading the runtime status failed", errorFields(error));
      return null;
    }),
  ]);
  const canStart = roleAtLeast(user.role, "operator");
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <div className={`mb-8 grid gap-6 ${canStart ? "lg:grid-cols-[3fr_2fr]" : ""}`}>
        {canStart ? (
          <section
            aria-labelledby="new-run-heading"
            className="rounded-md border border-slate-200 bg-white p-4"
          >
            <h2 id="new-run-heading" className="text-lg font-semibold text-slate-900">
              {t("newRunHeading")}
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-700">{t("newRunIntro")}</p>
            <NewRunForm />
          </section>
        ) : null}
        <DemoRuns initialStatus={runtime} />
      </div>
      <RunsList key={JSON.stringify(filters)} initial={initial} filters={filters} />
    </>
  );
}
