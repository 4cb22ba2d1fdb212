import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { HaltDetail } from "@/components/halts/halt-detail";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

type Params = Promise<{ locale: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params as LocaleParams);
  const t = await getTranslations({ locale, namespace: "HaltDetailPage" });
  return { title: t("title") };
}

/** /[locale]/halts/[id]: one halt, its context and session, and the acknowledge form. */
export default async function HaltDetailPage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params as LocaleParams);
  const { id } = await params;
  const t = await getTranslations({ locale, namespace: "HaltDetailPage" });
  return (
    <>
      <PageHeading title={t("title")} />
      <HaltDetail haltId={id} />
    </>
  );
}
