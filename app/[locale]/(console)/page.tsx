import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotYetAvailable } from "@/components/app-shell/not-yet-available";
import { PageHeading } from "@/components/app-shell/page-heading";
import { Link } from "@/i18n/navigation";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "OverviewPage" });
  return { title: t("title") };
}

export default async function OverviewPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "OverviewPage" });
  return (
    <>
      <PageHeading title={t("title")} />
      <NotYetAvailable>
        <p>{t("notYet")}</p>
        <p className="mt-2">
          {t.rich("settingsHint", {
            settings: (chunks) => (
              <Link
                href="/settings/runtime"
                className="font-medium text-blue-800 underline underline-offset-2"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      </NotYetAvailable>
    </>
  );
}
