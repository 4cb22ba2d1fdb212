import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { OverviewPanel } from "@/components/halts/overview-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "OverviewPage" });
  return { title: t("title") };
}

/** /[locale]: open halts by severity, runtime status and the latest halts. */
export default async function OverviewPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "OverviewPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <OverviewPanel />
    </>
  );
}
