import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { ConditionsPanel } from "@/components/halts/conditions-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "ConditionsAdminPage" });
  return { title: t("title") };
}

/** /[locale]/admin/conditions (admin): the halt conditions' configuration. */
export default async function ConditionsAdminPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "ConditionsAdminPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <ConditionsPanel />
    </>
  );
}
