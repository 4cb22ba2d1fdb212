import { describe, expect, it } from "vitest";
import { createBracketBalance, findLeadPayloadStart, scanBracketBalance } from "./lead-payload";

describe("findLeadPayloadStart", () => {
  it.each([
    ["bracket right away", "[{}]", "bracketed", false, { type: "payload", start: 0 }],
    ["brace after whitespace", " \n {}", "bracketed", false, { type: "payload", start: 3 }],
    ["prose", " hello", "bracketed", false, { type: "none" }],
    ["only whitespace so far", "  ", "bracketed", false, { type: "partial" }],
    ["only whitespace at stream end", "  ", "bracketed", true, { type: "none" }],
    ["too much whitespace", `${" ".repeat(17)}[`, "bracketed", false, { type: "none" }],
    [
      "Mistral v11 name and arguments",
      'get_weather[ARGS]{"a":1}',
      "named-arguments",
      false,
      { type: "payload", start: 17 },
    ],
    [
      "Mistral call id",
      "f[CALL_ID]abc123XYZ[ARGS] {}",
      "named-arguments",
      false,
      { type: "payload", start: 26 },
    ],
    ["name without arguments marker", "hello world", "named-arguments", false, { type: "none" }],
    ["name still arriving", "get_wea", "named-arguments", false, { type: "partial" }],
    ["arguments marker still arriving", "get_weather[AR", "named-arguments", false, { type: "partial" }],
    ["arguments marker at stream end", "get_weather[AR", "named-arguments", true, { type: "none" }],
    ["names are not accepted by the bracketed grammar", "f[ARGS]{}", "bracketed", false, { type: "none" }],
  ] as const)("%s", (_name, text, grammar, atStreamEnd, expected) => {
    expect(findLeadPayloadStart(text, 0, atStreamEnd, grammar)).toEqual(expected);
  });
});

describe("scanBracketBalance", () => {
  it("finds the balancing bracket, ignoring brackets inside strings", () => {
    const text = `[{"a": "] } )", 'b': '[', "c": "\\"]"}] tail`;
    expect(scanBracketBalance(createBracketBalance(), text, 0)).toBe(text.indexOf(" tail"));
  });

  it("carries its state across chunks", () => {
    const balance = createBracketBalance();
    expect(scanBracketBalance(balance, '[{"a": "x\\', 0)).toBe(-1);
    expect(balance).toEqual({ depth: 2, quote: 0x22, escaped: true });
    expect(scanBracketBalance(balance, '"]"}', 0)).toBe(-1);
    expect(scanBracketBalance(balance, "]!", 0)).toBe(1);
  });

  it("balances Pythonic calls with parentheses", () => {
    const text = "[read(path='/a)b'), g()] rest";
    expect(scanBracketBalance(createBracketBalance(), text, 0)).toBe(text.indexOf(" rest"));
  });
});
