import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeading } from "@/components/app-shell/page-heading";
import { HaltsList } from "@/components/halts/halts-list";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  return { title: t("title") };
}

/** /[locale]/halts: the halt review list; filters and page live in the URL, the list loads in the browser. */
export default async function HaltsPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "HaltsPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <Suspense fallback={<p className="text-slate-700">{t("loading")}</p>}>
        <HaltsList />
      </Suspense>
    </>
  );
}
