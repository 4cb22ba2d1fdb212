import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { RuntimeSettingsPanel } from "@/components/settings/runtime-settings-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "RuntimeSettingsPage" });
  return { title: t("title") };
}

/** /[locale]/settings/runtime: the static frame; the panel loads and saves the settings in the browser. */
export default async function RuntimeSettingsPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "RuntimeSettingsPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <RuntimeSettingsPanel />
    </>
  );
}
