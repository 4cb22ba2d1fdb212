import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeading } from "@/components/app-shell/page-heading";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "AccountPage" });
  return { title: t("title") };
}

/** /[locale]/account: change your password; create, list and revoke your personal access tokens. */
export default async function AccountPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "AccountPage" });
  return (
    <>
      <PageHeading title={t("title")} />
      <div className="space-y-8">
        <section
          aria-labelledby="password-heading"
          className="rounded-md border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="password-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t("passwordHeading")}
          </h2>
          <ChangePasswordForm />
        </section>
        <section aria-labelledby="tokens-heading">
          <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
            {t("tokensHeading")}
          </h2>
          <p className="mb-4 mt-1 max-w-3xl text-sm text-slate-700">{t("tokensIntro")}</p>
          <ApiKeysPanel kind="personal" />
        </section>
      </div>
    </>
  );
}
