import { createTranslator } from "next-intl";
import de from "../../../messages/de.json" with { type: "json" };
import en from "../../../messages/en.json" with { type: "json" };
import it from "../../../messages/it.json" with { type: "json" };

/** The UI locales, in the order the specs walk through them. */
export const E2E_LOCALES = ["de", "en", "it"] as const;
export type E2ELocale = (typeof E2E_LOCALES)[number];

const catalogs = { de, en, it } as const;

/**
 * The app's own translator over messages/<locale>.json, so specs find controls by the exact localized
 * names users see (and fail when a translation goes missing).
 */
export function translatorFor(locale: E2ELocale) {
  return createTranslator({ locale, messages: catalogs[locale] });
}

export type Translator = ReturnType<typeof translatorFor>;
