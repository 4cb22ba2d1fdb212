/**
 * Texts Keel writes itself about a halt (a condition's description, the audit gate's halt, the
 * fail-safe answer) are message keys with parameters, not sentences: `messages/<locale>.json`
 * `HaltTexts.<key>` holds the sentence in each language, the parameters hold only data (file paths,
 * commands, counts). A halt stores the key and parameters next to the English text (halt_events
 * description_key / description_params), so the console shows it in the reader's language and API
 * clients keep an English `description`. A description an agent wrote has no key and is shown as
 * written.
 *
 * The English text is rendered from the English catalog with next-intl's own formatter, so there is
 * one source per sentence.
 */
import { createTranslator } from "next-intl";
import english from "@/messages/en.json";

/** The keys of `HaltTexts` in the catalogs. */
export type HaltTextKey = keyof (typeof english)["HaltTexts"];

/** Parameters of a halt text: only data, never words of a language. */
export type HaltTextParams = Record<string, string | number>;

/** A text Keel wrote: the English description, and its key and parameters for other languages. */
export type HaltText = {
  description: string;
  description_key: HaltTextKey;
  description_params: HaltTextParams;
};

const translateEnglish = createTranslator({ locale: "en", messages: english, namespace: "HaltTexts" });

/** True for a key the catalogs have (a stored key from an older or newer Keel may not be one). */
export function isHaltTextKey(key: unknown): key is HaltTextKey {
  return typeof key === "string" && Object.hasOwn(english.HaltTexts, key);
}

/** The halt text for `key` with `params`, its English description rendered from the English catalog. */
export function haltText(key: HaltTextKey, params: HaltTextParams = {}): HaltText {
  return {
    description: translateEnglish(key, params),
    description_key: key,
    description_params: params,
  };
}

/**
 * A list as halt text parameters: `{ [name]: "a, b, c", [name + "More"]: 2 }` (at most `limit` items,
 * each cut to 200 characters; the catalogs say "and 2 more" in their language). Keeps descriptions
 * within the 4000-character contract even for long file lists.
 */
export function listParams(name: string, items: readonly string[], limit = 10): HaltTextParams {
  const shown = items.slice(0, limit).map((item) => (item.length > 200 ? `${item.slice(0, 197)}...` : item));
  return { [name]: shown.join(", "), [`${name}More`]: items.length - shown.length };
}
