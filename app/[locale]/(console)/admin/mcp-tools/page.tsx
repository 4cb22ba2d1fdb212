import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { McpToolsPanel } from "@/components/mcp-gateway/mcp-tools-panel";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "McpTools" });
  return { title: t("title") };
}

/** /[locale]/admin/mcp-tools (admin section; approving needs operator): the MCP gateway's tool pins. */
export default async function McpToolsPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "McpTools" });
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      <McpToolsPanel />
    </>
  );
}
