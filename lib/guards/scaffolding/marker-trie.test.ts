import { describe, expect, it } from "vitest";
import { foldMarker, MarkerTrie, matchLiteral } from "./marker-trie";

const trie = new MarkerTrie([
  ["<|start|>", "start"],
  ["<|start|>assistant", "start-assistant"],
  ["<｜tool▁sep｜>", "sep"],
  ["<function={name}>", "function"],
  ["[TOOL_CALLS]", "mistral"],
] as const);

describe("MarkerTrie", () => {
  it("collects the distinct first characters", () => {
    expect([...trie.firstCharacters].sort()).toEqual(["<", "["]);
  });

  it("prefers the longest marker and waits while a longer one is possible", () => {
    expect(trie.matchAt("<|start|>assistant!", 0, false)).toEqual({
      type: "match",
      value: "start-assistant",
      end: 18,
    });
    expect(trie.matchAt("<|start|>x", 0, false)).toEqual({ type: "match", value: "start", end: 9 });
    expect(trie.matchAt("<|start|>assi", 0, false)).toEqual({ type: "partial" });
    expect(trie.matchAt("<|start|>assi", 0, true)).toEqual({ type: "match", value: "start", end: 9 });
  });

  it("answers partial only before the stream ends", () => {
    expect(trie.matchAt("a<|sta", 1, false)).toEqual({ type: "partial" });
    expect(trie.matchAt("a<|sta", 1, true)).toEqual({ type: "none" });
    expect(trie.matchAt("<|stop|>", 0, false)).toEqual({ type: "none" });
  });

  it("folds DeepSeek's fullwidth characters both ways", () => {
    for (const spelling of ["<｜tool▁sep｜>", "<|tool_sep|>", "<｜tool_sep|>"]) {
      expect(trie.matchAt(spelling, 0, false)).toEqual({ type: "match", value: "sep", end: spelling.length });
    }
    expect(foldMarker("<｜tool▁sep｜>")).toBe("<|tool_sep|>");
  });

  it("matches a {name} placeholder of 1-64 name characters", () => {
    expect(trie.matchAt("<function=get_weather.v2>", 0, false)).toEqual({
      type: "match",
      value: "function",
      end: 25,
    });
    expect(trie.matchAt("<function=get_wea", 0, false)).toEqual({ type: "partial" });
    expect(trie.matchAt("<function=>", 0, false)).toEqual({ type: "none" });
    expect(trie.matchAt("<function=a b>", 0, false)).toEqual({ type: "none" });
    expect(trie.matchAt(`<function=${"a".repeat(65)}>`, 0, false)).toEqual({ type: "none" });
    expect(trie.matchAt(`<function=${"a".repeat(64)}>`, 0, false).type).toBe("match");
  });

  it("rejects duplicate and fold-equivalent markers", () => {
    expect(
      () =>
        new MarkerTrie([
          ["<|a|>", 1],
          ["<｜a｜>", 2],
        ]),
    ).toThrow(/Duplicate/);
    expect(() => new MarkerTrie([["", 1]])).toThrow(/empty/);
    expect(() => new MarkerTrie([["{name}>", 1]])).toThrow(/literal/);
  });
});

describe("matchLiteral", () => {
  it("reports match, partial and none", () => {
    expect(matchLiteral("[ARGS]", "x[ARGS]", 1, false)).toBe("match");
    expect(matchLiteral("[ARGS]", "x[AR", 1, false)).toBe("partial");
    expect(matchLiteral("[ARGS]", "x[AR", 1, true)).toBe("none");
    expect(matchLiteral("[ARGS]", "x[ARX", 1, false)).toBe("none");
  });
});
