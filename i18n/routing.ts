import { defineRouting } from "next-intl/routing";

/**
 * The one list of locales. Every URL carries its locale as the first segment (`/de/settings/runtime`);
 * `/` negotiates from the NEXT_LOCALE cookie, then Accept-Language, and falls back to English.
 */
export const routing = defineRouting({
  locales: ["de", "en", "it"],
  defaultLocale: "en",
  localePrefix: "always",
});

export type AppLocale = (typeof routing.locales)[number];
