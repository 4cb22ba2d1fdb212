import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { PageHeading } from "@/components/app-shell/page-heading";
import { currentUser } from "@/components/auth/current-user";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

/**
 * The admin section (users, agent keys): admins only. Anyone else signed in gets a localized "not
 * allowed" page instead of the section (the API refuses them too); the navigation hides its link.
 */
export default async function AdminLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: LocaleParams;
}) {
  const locale = await resolvePageLocale(params);
  const user = await currentUser();
  if (user?.role !== "admin") {
    const t = await getTranslations({ locale, namespace: "AdminForbidden" });
    return (
      <div data-testid="admin-forbidden">
        <PageHeading title={t("title")}>
          <p>{t("description")}</p>
        </PageHeading>
      </div>
    );
  }
  return (
    <>
      <AdminNav />
      {children}
    </>
  );
}
