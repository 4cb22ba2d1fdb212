import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersPanel } from "@/components/admin/users-panel";
import { PageHeading } from "@/components/app-shell/page-heading";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "UsersAdminPage" });
  return { title: t("title") };
}

/** /[locale]/admin/users (admin): add users, change roles, disable, set passwords. */
export default async function UsersAdminPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "UsersAdminPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <UsersPanel />
    </>
  );
}
