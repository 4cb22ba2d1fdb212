import { describe, expect, it } from "vitest";
import { routing } from "@/i18n/routing";
import de from "./de.json";
import en from "./en.json";
import { flattenMessages, type MessageTree } from "./flatten";
import itMessages from "./it.json";

/**
 * Completeness of the UI translations: messages/en.json is the source of truth. Every other locale must
 * have exactly its keys, no empty value, the same ICU arguments and select/plural options, and a real
 * translation (a value identical to English fails unless it is on the short allowlist below or has no
 * words of its own, like "{field}: {oldValue} → {newValue}").
 */

const catalogs: Record<string, MessageTree> = { de, en, it: itMessages };

/** Values that are legitimately the same in every language (product names, acronyms). */
const SAME_IN_EVERY_LOCALE = new Set(["Keel", "API", "MCP"]);

/**
 * The structure of an ICU message: argument names with their type, and for select/plural the option
 * keys. Minimal on purpose (no apostrophe quoting: the catalogs use typographic quotes).
 */
function parseIcu(message: string): { signature: string[]; literalText: string } {
  const signature: string[] = [];
  let literalText = "";
  let index = 0;

  const readWord = (): string => {
    const start = index;
    while (index < message.length && /[\w=:.-]/.test(message[index]!)) index++;
    return message.slice(start, index);
  };
  const skipSpace = () => {
    while (index < message.length && /\s/.test(message[index]!)) index++;
  };
  const expect = (char: string) => {
    if (message[index] !== char) throw new Error(`expected "${char}" at ${index} in: ${message}`);
    index++;
  };

  /** Parses text up to an unmatched "}" (or the end when top-level). */
  const parseText = (nested: boolean) => {
    while (index < message.length) {
      const char = message[index];
      if (char === "}") {
        if (nested) return;
        throw new Error(`unbalanced "}" at ${index} in: ${message}`);
      }
      if (char === "{") {
        index++;
        parseArgument();
      } else {
        if (char !== "#") literalText += char;
        index++;
      }
    }
    if (nested) throw new Error(`unterminated option in: ${message}`);
  };

  const parseArgument = () => {
    skipSpace();
    const name = readWord();
    if (!name) throw new Error(`argument without a name at ${index} in: ${message}`);
    skipSpace();
    if (message[index] === "}") {
      index++;
      signature.push(`arg:${name}`);
      return;
    }
    expect(",");
    skipSpace();
    const type = readWord();
    skipSpace();
    if (type === "select" || type === "plural" || type === "selectordinal") {
      expect(",");
      const options: string[] = [];
      for (;;) {
        skipSpace();
        if (message[index] === "}") {
          index++;
          break;
        }
        const option = readWord();
        if (!option) throw new Error(`option without a key at ${index} in: ${message}`);
        if (option.startsWith("offset:")) continue;
        options.push(option);
        skipSpace();
        expect("{");
        parseText(true);
        expect("}");
      }
      if (!options.includes("other")) throw new Error(`${type} "${name}" lacks "other" in: ${message}`);
      signature.push(`${type}:${name}:${options.sort().join("|")}`);
      return;
    }
    // number, date, time with an optional style: skip to the closing brace.
    let depth = 1;
    while (index < message.length && depth > 0) {
      if (message[index] === "{") depth++;
      else if (message[index] === "}") depth--;
      index++;
    }
    signature.push(`${type}:${name}`);
  };

  parseText(false);
  return { signature: [...new Set(signature)].sort(), literalText };
}

const icuSignature = (message: string) => parseIcu(message).signature;

/** True when the value has letters of its own once ICU syntax, argument names and option keys are removed. */
const hasOwnWords = (message: string) => /\p{L}/u.test(parseIcu(message).literalText);

const english = flattenMessages(en);

describe("message catalogs", () => {
  it("cover exactly the locales of the routing", () => {
    expect(Object.keys(catalogs).sort()).toEqual([...routing.locales].sort());
  });

  it("parse as ICU messages in English", () => {
    for (const [key, value] of english) {
      expect(() => icuSignature(value), key).not.toThrow();
    }
  });

  for (const locale of routing.locales.filter((candidate) => candidate !== "en")) {
    describe(locale, () => {
      const translated = flattenMessages(catalogs[locale]!);

      it("has every English key", () => {
        const missing = [...english.keys()].filter((key) => !translated.has(key));
        expect(missing).toEqual([]);
      });

      it("has no key that English lacks", () => {
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(extra).toEqual([]);
      });

      it("has no empty value", () => {
        const empty = [...translated].filter(([, value]) => value.trim() === "").map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it("uses the same ICU arguments and options as English", () => {
        for (const [key, value] of translated) {
          const source = english.get(key);
          if (source === undefined) continue;
          expect(icuSignature(value), `${locale}: ${key}`).toEqual(icuSignature(source));
        }
      });

      it("translates every value instead of copying English", () => {
        const copied = [...translated]
          .filter(([key, value]) => english.get(key) === value)
          .filter(([, value]) => !SAME_IN_EVERY_LOCALE.has(value) && hasOwnWords(value))
          .map(([key]) => key);
        expect(copied).toEqual([]);
      });
    });
  }

  it("has no empty value in English", () => {
    const empty = [...english].filter(([, value]) => value.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("detects what it claims to detect", () => {
    expect(icuSignature("{count, plural, one {# run} other {# runs}} at {time}")).toEqual([
      "arg:time",
      "plural:count:one|other",
    ]);
    expect(() => icuSignature("{mode, select, off {Off}}")).toThrow(/other/);
    expect(hasOwnWords("{field}: {oldValue} → {newValue}")).toBe(false);
    expect(hasOwnWords("Saved: {field}")).toBe(true);
    expect(hasOwnWords("{mode, select, off {Off} other {{mode}}}")).toBe(true);
  });
});
