import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { currentUser } from "@/components/auth/current-user";
import {
  filtersToApi,
  HALTS_PAGE_SIZE,
  haltsRequestKey,
  readFilters,
  type ServedHaltsPage,
} from "@/components/halts/halt-filters";
import { HaltsList } from "@/components/halts/halts-list";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";
import type { Role } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/client";
import { listHalts } from "@/lib/halts/service";
import { createLogger, errorFields } from "@/lib/log/logger";
import { listHaltsQuerySchema } from "@/lib/schemas/halts";

const log = createLogger({ component: "halts-page" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  return { title: t("title") };
}

/**
 * The first page of the list for the URL's filters, read on the server with the same service and query
 * contract as GET /api/halts, so the first rows arrive with the HTML. Null (the browser then reads the
 * list itself and shows its loading and error states) when the URL's cursor is not valid or the read fails.
 */
async function serveFirstPage(
  record: Record<string, string | string[] | undefined>,
  user: { userId: string; username: string; role: Role },
): Promise<ServedHaltsPage | null> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(record)) if (typeof value === "string") search.set(name, value);
  const filters = readFilters(search);
  const cursor = search.get("cursor") ?? undefined;
  const query = Object.fromEntries(
    Object.entries({ ...filtersToApi(filters, cursor), limit: String(HALTS_PAGE_SIZE) }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const parsed = listHaltsQuerySchema.safeParse(query);
  if (!parsed.success) return null;
  try {
    const page = await listHalts(
      getPrisma(),
      { kind: "user", via: "session", userId: user.userId, username: user.username, role: user.role },
      parsed.data,
    );
    return { key: haltsRequestKey(filters, cursor), page };
  } catch (error) {
    log.error("reading the first page of halts failed", errorFields(error));
    return null;
  }
}

/**
 * /[locale]/halts: the halt review list; filters and page live in the URL, the first page comes with the
 * HTML. The list is part of the page's shell, not behind a Suspense boundary: React reveals a streamed
 * boundary's content at the earliest 300 ms after the first paint (it batches reveals), so the rows of a
 * boundary that completes after the shell appeared a third of a second late on every load.
 */
export default async function HaltsPage({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: SearchParams;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  // The console layout redirects anyone signed out; this page reads nothing for them either.
  const user = await currentUser();
  if (!user) return null;
  const served = await serveFirstPage(await searchParams, user);
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <HaltsList served={served} />
    </>
  );
}
