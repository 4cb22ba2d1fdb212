import { describe, expect, it } from "vitest";
import { compileScaffoldingPatterns } from "./compile-scaffolding-patterns";
import { foldMarker } from "./marker-trie";
import type { ScaffoldingPattern } from "./scaffolding-pattern";
import { patternStartMarker } from "./scaffolding-pattern";
import { SCAFFOLDING_PATTERNS } from "./scaffolding-patterns";
import type { ScaffoldingStripEvent } from "./scaffolding-strip-event";
import { asciiDegraded, scanChunks, splitAt, streamChunks } from "./scaffolding-test-support";
import { stripScaffolding } from "./strip-scaffolding";

const PREFIX = "Before the call. ";
const SUFFIX = " After the call.";

/** Every fixture, plus its ASCII-degraded spelling when it contains DeepSeek's fullwidth characters. */
const FIXTURE_CASES = SCAFFOLDING_PATTERNS.flatMap((pattern) =>
  pattern.fixtures.flatMap((fixture) => {
    const visible = fixture.visible ?? "";
    const base = { pattern, family: fixture.family, leaked: fixture.leaked, visible };
    const degraded = asciiDegraded(fixture.leaked);
    return degraded === fixture.leaked
      ? [base]
      : [base, { ...base, family: `${fixture.family} (ASCII)`, leaked: degraded }];
  }),
);

function isUnclosed(leaked: string): boolean {
  const events: ScaffoldingStripEvent[] = [];
  stripScaffolding(leaked, { onStrip: (event) => events.push(event) });
  return events.some((event) => event.unclosed);
}

function allMarkers(pattern: ScaffoldingPattern): string[] {
  const markers = [patternStartMarker(pattern)];
  if (pattern.kind === "span") markers.push(...pattern.closers, ...(pattern.keepClosers ?? []));
  return markers;
}

describe("SCAFFOLDING_PATTERNS registry", () => {
  it("compiles without duplicate markers", () => {
    expect(() => compileScaffoldingPatterns(SCAFFOLDING_PATTERNS)).not.toThrow();
  });

  it("has unique kebab-case ids, a family and at least one fixture per entry", () => {
    const ids = SCAFFOLDING_PATTERNS.map((pattern) => pattern.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const pattern of SCAFFOLDING_PATTERNS) {
      expect(pattern.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(pattern.family.length).toBeGreaterThan(0);
      expect(pattern.fixtures.length).toBeGreaterThan(0);
      for (const fixture of pattern.fixtures) expect(fixture.family.length).toBeGreaterThan(0);
    }
  });

  it("has a fixture that exercises every start marker and closer", () => {
    const fixtureText = SCAFFOLDING_PATTERNS.flatMap((pattern) =>
      pattern.fixtures.map((fixture) => fixture.leaked),
    )
      .map(foldMarker)
      .join("\n");
    for (const pattern of SCAFFOLDING_PATTERNS) {
      for (const marker of allMarkers(pattern)) {
        // A `{name}` marker is checked piecewise: its literal prefix and suffix must both occur.
        for (const literal of foldMarker(marker).split("{name}")) {
          expect(fixtureText.includes(literal), `${pattern.id}: ${marker}`).toBe(true);
        }
      }
    }
  });

  it("covers the model families listed in docs/design.md#scaffolding-patterns", () => {
    const families = SCAFFOLDING_PATTERNS.map((pattern) => pattern.family).join(" | ");
    for (const family of [
      "LFM2",
      "Granite",
      "Phi-4",
      "Hermes",
      "Qwen3-Coder",
      "Seed-OSS",
      "GLM",
      "MiniMax-M2",
      "DeepSeek V3",
      "DSML",
      "Kimi K2",
      "Mistral",
      "Llama 3.1",
      "Llama 4",
      "gpt-oss",
      "Gemma 4",
      "FunctionGemma",
      "Nemotron-H",
      "Cohere",
      "Apertus",
      "Hunyuan",
      "InternLM",
      "LongCat",
      "Kimi-K3",
    ]) {
      expect(families, family).toContain(family);
    }
  });
});

describe("registry fixtures", () => {
  it.each(
    FIXTURE_CASES.map(
      (fixtureCase) => [`${fixtureCase.pattern.id} — ${fixtureCase.family}`, fixtureCase] as const,
    ),
  )("%s strips to its visible text, counted under its pattern", (_name, { pattern, leaked, visible }) => {
    const result = stripScaffolding(leaked);
    expect(result.text).toBe(visible);
    expect(result.strippedChars).toBe(leaked.length - visible.length);
    expect(result.perPattern[pattern.id]).toBeGreaterThanOrEqual(1);
  });

  it.each(
    FIXTURE_CASES.map(
      (fixtureCase) => [`${fixtureCase.pattern.id} — ${fixtureCase.family}`, fixtureCase] as const,
    ),
  )(
    "%s leaves surrounding prose intact (or suppresses to stream end when unclosed)",
    (_name, { leaked, visible }) => {
      const expected = isUnclosed(leaked) ? PREFIX + visible : PREFIX + visible + SUFFIX;
      expect(stripScaffolding(PREFIX + leaked + SUFFIX).text).toBe(expected);
    },
  );
});

describe("chunk-boundary matrix", () => {
  const documents = FIXTURE_CASES.map((fixtureCase) => {
    const unclosed = isUnclosed(fixtureCase.leaked);
    return {
      name: `${fixtureCase.pattern.id} — ${fixtureCase.family}`,
      text: PREFIX + fixtureCase.leaked + SUFFIX,
      expected: unclosed ? PREFIX + fixtureCase.visible : PREFIX + fixtureCase.visible + SUFFIX,
    };
  });
  const splitCount = documents.reduce((sum, document) => sum + document.text.length + 1, 0);

  it(`splits every fixture document at every offset (${splitCount} two-chunk splits)`, () => {
    let checked = 0;
    for (const document of documents) {
      for (let offset = 0; offset <= document.text.length; offset++) {
        const output = scanChunks(splitAt(document.text, offset));
        if (output !== document.expected) {
          expect.fail(`${document.name} split at ${offset}: ${JSON.stringify(output)}`);
        }
        checked++;
      }
    }
    expect(checked).toBe(splitCount);
  });

  it("splits every fixture document into single characters", () => {
    for (const document of documents) {
      expect(scanChunks([...document.text]), document.name).toBe(document.expected);
    }
  });

  it("cuts every fixture document into three chunks at a sweeping pair of offsets", () => {
    let checked = 0;
    for (const document of documents) {
      for (let first = PREFIX.length - 1; first <= document.text.length; first += 1) {
        const second = Math.min(document.text.length, first + 1 + (first % 7));
        const output = scanChunks([
          document.text.slice(0, first),
          document.text.slice(first, second),
          document.text.slice(second),
        ]);
        if (output !== document.expected) expect.fail(`${document.name} split at ${first}/${second}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(splitCount / 2);
  });

  it("gives the same deltas through the real TransformStream", async () => {
    for (const document of documents) {
      for (const offset of [1, PREFIX.length + 1, PREFIX.length + 3, document.text.length - 2]) {
        const { deltas } = await streamChunks(splitAt(document.text, offset));
        expect(deltas.join(""), `${document.name} at ${offset}`).toBe(document.expected);
        expect(deltas.every((delta) => delta.length > 0)).toBe(true);
      }
    }
  });
});

/** Minimal documents around every single marker: span opener/closer, token, lead with and without payload. */
function markerDocuments(): { name: string; text: string; expected: string; marker: string }[] {
  const documents: { name: string; text: string; expected: string; marker: string }[] = [];
  for (const pattern of SCAFFOLDING_PATTERNS) {
    const spellings = (marker: string) => {
      const concrete = marker.replace("{name}", "get_weather");
      const degraded = asciiDegraded(concrete);
      return degraded === concrete ? [concrete] : [concrete, degraded];
    };
    if (pattern.kind === "span") {
      for (const opener of spellings(pattern.opener)) {
        for (const closer of pattern.closers.flatMap(spellings)) {
          const text = `Ab ${opener}x y${closer} cD`;
          documents.push({
            name: `${pattern.id} ${opener}…${closer}`,
            text,
            expected: "Ab  cD",
            marker: opener,
          });
          documents.push({
            name: `${pattern.id} closer ${closer}`,
            text,
            expected: "Ab  cD",
            marker: closer,
          });
        }
        for (const closer of (pattern.keepClosers ?? []).flatMap(spellings)) {
          const text = `Ab ${opener}x${closer}final<|message|> cD`;
          documents.push({ name: `${pattern.id} kept ${closer}`, text, expected: "Ab  cD", marker: closer });
        }
      }
    } else {
      for (const token of spellings(pattern.token)) {
        documents.push({
          name: `${pattern.id} ${token}`,
          text: `Ab ${token} cD`,
          expected: "Ab  cD",
          marker: token,
        });
        if (pattern.kind === "lead") {
          const text = `Ab ${token}[{"k": "v]"}] cD`;
          documents.push({ name: `${pattern.id} ${token} payload`, text, expected: "Ab  cD", marker: token });
        }
      }
    }
  }
  return documents;
}

describe("every marker split at every offset", () => {
  const documents = markerDocuments();
  const pairCount = documents.reduce(
    (sum, document) => sum + ((document.marker.length + 1) * (document.marker.length + 2)) / 2,
    0,
  );

  it(`strips each minimal document whole (${documents.length} marker documents)`, () => {
    for (const document of documents)
      expect(stripScaffolding(document.text).text, document.name).toBe(document.expected);
  });

  it(`splits each marker at every pair of offsets into three chunks (${pairCount} splits)`, () => {
    let checked = 0;
    for (const document of documents) {
      const markerStart = document.text.indexOf(document.marker);
      for (let first = markerStart; first <= markerStart + document.marker.length; first++) {
        for (let second = first; second <= markerStart + document.marker.length; second++) {
          const output = scanChunks([
            document.text.slice(0, first),
            document.text.slice(first, second),
            document.text.slice(second),
          ]);
          if (output !== document.expected)
            expect.fail(`${document.name} split at ${first}/${second}: ${output}`);
          checked++;
        }
      }
    }
    expect(checked).toBe(pairCount);
  });
});
