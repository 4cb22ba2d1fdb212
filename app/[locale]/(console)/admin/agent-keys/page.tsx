import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeading } from "@/components/app-shell/page-heading";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "AgentKeysPage" });
  return { title: t("title") };
}

/** /[locale]/admin/agent-keys (admin): API keys for agent runtimes, with scopes. */
export default async function AgentKeysPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "AgentKeysPage" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <ApiKeysPanel kind="agent" />
    </>
  );
}
