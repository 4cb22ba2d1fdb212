import { notFound } from "next/navigation";
import { hasLocale, type Locale } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import { routing } from "./routing";

/** Route params of every page under app/[locale]. */
export type LocaleParams = Promise<{ locale: string }>;

/**
 * Validates the `[locale]` segment of a layout or page, answers 404 for an unknown one, and enables
 * static rendering for the rest of the request. Returns the typed locale.
 */
export async function resolvePageLocale(params: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
