import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { THEME_COLOR } from "@/components/app-shell/app-theme";
import { HydrationMarker } from "@/components/app-shell/hydration-marker";
import { SkipLink } from "@/components/app-shell/skip-link";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";
import { routing } from "@/i18n/routing";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return {
    title: { default: t("title"), template: `%s · ${t("title")}` },
    description: t("description"),
    // Installable (web app manifest, standalone); app/icon.svg, app/favicon.ico and app/apple-icon.png
    // are linked by Next's file conventions.
    manifest: `/${locale}/manifest.webmanifest`,
    appleWebApp: { capable: true, title: t("title"), statusBarStyle: "default" },
  };
}

export const viewport: Viewport = { themeColor: THEME_COLOR, width: "device-width", initialScale: 1 };

/**
 * The document for one locale: the skip link, then the route group's frame. (console)/layout.tsx adds
 * the sign-in check, the app header with navigation and user, and the main landmark; (public)/layout.tsx
 * a header without navigation for the sign-in page.
 */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: LocaleParams;
}) {
  const locale = await resolvePageLocale(params);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider>
          <SkipLink />
          {children}
          <HydrationMarker />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
