import type { MetadataRoute } from "next";
import { hasLocale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { BACKGROUND_COLOR, THEME_COLOR } from "@/components/app-shell/app-theme";
import { routing } from "@/i18n/routing";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

/**
 * GET /<locale>/manifest.webmanifest: the web app manifest in the page's language, so the console and
 * its settings panel can be added to a phone's home screen or a desktop dock and open without browser
 * chrome (standalone). Each locale's pages link their own (app/[locale]/layout.tsx); the installed app
 * starts in that language and its shortcuts open the halts and the runtime settings.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response("Not found", { status: 404 });
  const t = await getTranslations({ locale, namespace: "Metadata" });
  const nav = await getTranslations({ locale, namespace: "MainNav" });
  const manifest: MetadataRoute.Manifest = {
    id: `/${locale}`,
    name: t("title"),
    short_name: t("title"),
    description: t("description"),
    lang: locale,
    dir: "ltr",
    start_url: `/${locale}`,
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: nav("halts"), url: `/${locale}/halts` },
      { name: nav("settings"), url: `/${locale}/settings/runtime` },
    ],
  };
  return Response.json(manifest, {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" },
  });
}
