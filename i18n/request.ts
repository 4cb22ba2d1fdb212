import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { routing } from "./routing";

/**
 * Per-request i18n configuration: the locale comes from the `[locale]` segment; an unknown value falls
 * back to the default locale (the layout answers 404 for it before anything renders).
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
    // Absolute times are shown in UTC and say so; relative times ("5 seconds ago") need no zone.
    timeZone: "UTC",
  };
});
