import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { currentUser } from "@/components/auth/current-user";
import { RunView } from "@/components/runs/run-view";
import { Link } from "@/i18n/navigation";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";
import { getPrisma } from "@/lib/db/client";
import { RunNotFoundError } from "@/lib/runs/run-service-error";
import { getRun, listRunEvents } from "@/lib/runs/runs-service";

type Params = Promise<{ locale: string; id: string }>;

/** Events rendered on the server; the browser fetches the rest (and every later one) after the last seq. */
const INITIAL_EVENTS = 1_000;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params as LocaleParams);
  const t = await getTranslations({ locale, namespace: "RunPage" });
  return { title: t("title") };
}

/**
 * /[locale]/runs/[id]: one run, its header and the timeline of its events (what each guard did),
 * following the run live until it finishes. An unknown id renders the run not-found page.
 */
export default async function RunPage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params as LocaleParams);
  const { id } = await params;
  const t = await getTranslations({ locale, namespace: "RunPage" });
  const user = await currentUser();
  if (!user) return null;
  const database = getPrisma();
  const found = await getRun(database, null, id).catch((error: unknown) => {
    if (error instanceof RunNotFoundError) return null;
    throw error;
  });
  if (!found) notFound();
  const { events } = await listRunEvents(database, null, id, { after: 0, limit: INITIAL_EVENTS });
  return (
    <>
      <Link href="/runs" className="text-sm font-medium text-blue-800 underline underline-offset-2">
        {t("backToList")}
      </Link>
      <div className="mt-4">
        <PageHeading title={t("title")} />
      </div>
      <RunView initialRun={found} initialEvents={events} />
    </>
  );
}
