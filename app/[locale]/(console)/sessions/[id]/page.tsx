import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { SessionPanel } from "@/components/halts/session-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

type Params = Promise<{ locale: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params as LocaleParams);
  const t = await getTranslations({ locale, namespace: "SessionPage" });
  return { title: t("title") };
}

/** /[locale]/sessions/[id]: an agent session's state, its halts and whether it can resume. */
export default async function SessionPage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params as LocaleParams);
  const { id } = await params;
  const t = await getTranslations({ locale, namespace: "SessionPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p className="font-mono text-sm break-all">{id}</p>
      </PageHeading>
      <SessionPanel sessionId={id} />
    </>
  );
}
