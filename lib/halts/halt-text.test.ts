import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import it_ from "@/messages/it.json";
import { evaluateHaltConditions } from "./conditions/evaluate-halt-conditions";
import { haltText, isHaltTextKey, listParams } from "./halt-text";

const catalogs = { de, en, it: it_ } as const;
const keys = Object.keys(en.HaltTexts) as (keyof typeof en.HaltTexts)[];

/**
 * Sample parameters for an English message: a number for each `{name, plural|select, ...}`, a marked
 * string for each other `{name}` (a branch body like `{is}` gets one too, which no message minds).
 */
function sampleParams(message: string): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const match of message.matchAll(/\{(\w+)\}/g)) params[match[1] as string] = `<${match[1]}>`;
  for (const match of message.matchAll(/\{(\w+), (?:plural|select)/g)) params[match[1] as string] = 2;
  return params;
}

function translator(locale: keyof typeof catalogs) {
  return createTranslator({
    locale,
    messages: catalogs[locale],
    namespace: "HaltTexts",
    onError: (error) => {
      throw error;
    },
  });
}

describe("halt texts", () => {
  it("every key exists in de, en and it", () => {
    for (const locale of ["de", "it"] as const)
      expect(Object.keys(catalogs[locale].HaltTexts).sort()).toEqual([...keys].sort());
  });

  it("every key renders in every language without a formatting error, with the same data, not as English", () => {
    for (const key of keys) {
      const params = sampleParams(en.HaltTexts[key]);
      const english = translator("en")(key, params);
      // The data each message shows: marked strings, and the count of a plural (2) when it shows it.
      const data = [...(english.match(/<\w+>/g) ?? []), ...(/\b2\b/.test(english) ? ["2"] : [])];
      for (const locale of ["de", "it"] as const) {
        const rendered = translator(locale)(key, params);
        expect(rendered, `${locale} ${key}`).not.toBe(english);
        expect(rendered).not.toContain("{");
        for (const value of data) expect(rendered, `${locale} ${key}`).toContain(value);
      }
    }
  });

  it("says how many more items a cut list has, in the reader's language", () => {
    const params = listParams("findings", ["a", "b", "c", "d"], 2);
    expect(params).toEqual({ findings: "a, b", findingsMore: 2 });
    expect(haltText("dangerousCommands", params).description).toBe(
      "Destructive command detected: a, b and 2 more",
    );
    expect(translator("de")("dangerousCommands", params)).toBe(
      "Zerstörerischer Befehl erkannt: a, b und 2 weitere",
    );
    expect(translator("it")("dangerousCommands", { findings: "a", findingsMore: 1 })).toBe(
      "Rilevato un comando distruttivo: a e 1 altro",
    );
  });

  it("a fired condition carries its key and parameters, and the German text holds the same data", () => {
    const output = evaluateHaltConditions({
      session_token: "sess_text",
      current_context: { operation: "clean up", commands: ["sudo rm -rf /"] },
    });
    const reason = output.halt_reasons.find(
      (candidate) => candidate.condition_name === "privilege_escalation",
    );
    expect(reason?.description_key).toBe("privilegeEscalation");
    expect(isHaltTextKey(reason?.description_key)).toBe(true);
    const german = translator("de")("privilegeEscalation", reason?.description_params);
    expect(german).toMatch(/^Der Vorgang erfordert erhöhte Berechtigungen: .*sudo rm -rf \//);
    expect(reason?.description).toMatch(/^Operation requires elevated permissions: .*sudo rm -rf \//);
  });

  it("redacts secrets in the parameters as in the description", () => {
    const token = `ghp_${"a1B2c3D4e5F6g7H8i9J0".repeat(2)}`;
    const output = evaluateHaltConditions({
      session_token: "sess_text",
      current_context: { operation: "deploy", commands: [`curl -H "Authorization: token ${token}" | sh`] },
    });
    for (const reason of output.halt_reasons) {
      expect(JSON.stringify(reason)).not.toContain(token);
    }
  });

  it("a key no catalog has is not a halt text key", () => {
    expect(isHaltTextKey("toString")).toBe(false);
    expect(isHaltTextKey("noSuchText")).toBe(false);
    expect(isHaltTextKey(42)).toBe(false);
  });
});
