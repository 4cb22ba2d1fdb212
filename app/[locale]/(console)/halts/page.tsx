import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotYetAvailable } from "@/components/app-shell/not-yet-available";
import { PageHeading } from "@/components/app-shell/page-heading";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  return { title: t("title") };
}

export default async function HaltsPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  return (
    <>
      <PageHeading title={t("title")} />
      <NotYetAvailable>
        <p>{t("notYet")}</p>
      </NotYetAvailable>
    </>
  );
}
