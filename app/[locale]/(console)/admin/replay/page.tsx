import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { ReplayPanel } from "@/components/replay/replay-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "ReplayPanel" });
  return { title: t("title") };
}

/** /[locale]/admin/replay (admin): stored tool results through the current quarantine, before and after. */
export default async function ReplayPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "ReplayPanel" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <ReplayPanel />
    </>
  );
}
