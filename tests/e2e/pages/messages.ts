import { createTranslator } from "next-intl";
import de from "../../../messages/de.json" with { type: "json" };
import en from "../../../messages/en.json" with { type: "json" };
import { flattenMessages } from "../../../messages/flatten";
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

const english = flattenMessages(en);
const namespaces = new RegExp(`\\b(?:${Object.keys(en).join("|")})\\.[a-z][A-Za-z]*\\b`);

/**
 * The literal stretches of an ICU message between its arguments ("Destructive command detected: " of
 * "Destructive command detected: {findings}..."); plural and select branches are left out whole.
 */
export function literalFragments(message: string): string[] {
  const fragments: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of message) {
    if (character === "{") {
      if (depth === 0) fragments.push(current);
      current = "";
      depth++;
    } else if (character === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0) current += character;
  }
  fragments.push(current);
  return fragments.map((fragment) => fragment.trim()).filter((fragment) => fragment !== "");
}

/**
 * What in a page's text gives away a missing translation: an English sentence of the catalog, or a
 * literal stretch of an English message with arguments (three words or more each, which the locale
 * translates differently), or a raw message key ("HaltDetail.notFound", what next-intl shows for a
 * missing key). Empty for English.
 */
export function untranslated(locale: E2ELocale, text: string): string[] {
  if (locale === "en") return [];
  const local = flattenMessages(catalogs[locale]);
  const found: string[] = [];
  for (const [key, value] of english) {
    const localValue = local.get(key) ?? "";
    for (const fragment of literalFragments(value)) {
      if (fragment.split(/\s+/).length < 3 || localValue.includes(fragment)) continue;
      if (text.includes(fragment)) found.push(`${key}: "${fragment}"`);
    }
  }
  const rawKey = namespaces.exec(text);
  if (rawKey) found.push(`raw key ${rawKey[0]}`);
  return found;
}
