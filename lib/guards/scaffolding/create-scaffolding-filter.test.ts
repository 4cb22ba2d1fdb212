import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCAFFOLDING_PATTERNS } from "./scaffolding-patterns";
import { createScaffoldingScanner } from "./scaffolding-scanner";
import type { ScaffoldingStripEvent } from "./scaffolding-strip-event";
import { formatScaffoldingStripWarning, STRIP_PREVIEW_LIMIT } from "./scaffolding-strip-event";
import { scanChunks, splitAt, streamChunks } from "./scaffolding-test-support";
import { stripScaffolding } from "./strip-scaffolding";

const SEED_SPAN = "<|tool_call_start|>[read(path='/homelab/backup-notes.md')]<|tool_call_end|>";

/** Ordinary text that merely looks like scaffolding; every one must pass byte-identical. */
const LOOK_ALIKES: readonly (readonly [name: string, text: string])[] = [
  ["prose with the word tool_call", "The tool_call field holds the call; tool_call_start marks it."],
  ["unknown special token", "We saw <|some_other_token|> in the logs."],
  ["lone LFM2/Kimi end token without a start", "Text <|tool_call_end|> more text"],
  ["bare Kimi call outside a section", "<|tool_call_begin|>functions.f:0<|tool_call_end|>"],
  ["keyword prose", "<function> is a keyword in this grammar."],
  [
    "bracketed prose",
    "[TOOL_CALLS are logged] and [TOOL_CALL] is a typo; [ARGS] and [CALL_ID] are CLI usage.",
  ],
  ["docs tag", "Use the <tool> element; <tools> wraps them; <toolcall> differs; <Tool_call> too."],
  [
    "inline code",
    "Qwen emits `<tool_call>` and Mistral emits `[TOOL_CALLS]`; LFM2 uses `<|tool_call_start|>`.",
  ],
  [
    "string literals in code",
    `if text.startswith("<tool_call>"): end = text.find('</tool_call>', "<|python_tag|>")`,
  ],
  [
    "fenced code block documenting a format",
    'Qwen leaks look like this:\n```xml\n<tool_call>\n{"name": "f"}\n</tool_call>\n```\nand Mistral:\n~~~~\n[TOOL_CALLS][{}]\n~~~~\nDone.',
  ],
  ["unclosed fenced code block", "```python\nSTART = <|tool_call_start|>\nEND = <|end|>"],
  ["indented fence (up to three spaces)", "   ```\n<tool_call>\n   ```"],
  ["HTML", '<div class="tool_call">a < b && c > d</div><br/><p>[1]</p>'],
  ["XML", '<?xml version="1.0"?><calls><call name="x"/></calls>'],
  ["TypeScript", "const list: Array<Map<string, number[]>> = [];\nif (a < b && list[0]) { f<T>(x); }"],
  ["markdown", "- [ ] todo\n- [x] done\n[link](https://example.com) ![img](a.png) [^1]"],
  ["comparison chains", "1 <2 <| 3 <<|| 4 [[ ]] <||> <| |> [ ] <>"],
  [
    "partial markers mid-text",
    "<|tool_call_st and <tool_cal and [TOOL_CALL and <|start_hea and <function= x",
  ],
  ["function tag without a valid name", "<function=> and <function= name> and <function=a b>"],
  ["fullwidth prose", "全角の｜記号｜と▁ブロック▁<｜not a marker｜>"],
  ["tool_call_end spelled in fullwidth without start", "<｜tool▁call▁end｜> stays"],
  ["emoji and astral characters", "Result 😀 <💡> [🔧] done"],
  ["lead token word without payload prefix", "[TOOL_CALLSX] and <|tool_callz|>"],
];

describe("createScaffoldingFilter — stream semantics", () => {
  it("strips the seed incident span in one chunk", async () => {
    const { deltas, filter } = await streamChunks([`Here you go: ${SEED_SPAN} done.`]);
    expect(deltas.join("")).toBe("Here you go:  done.");
    expect(filter.stats()).toEqual({ strippedChars: SEED_SPAN.length, perPattern: { "lfm2-tool-call": 1 } });
  });

  it("yields zero deltas for a stream of pure scaffolding", async () => {
    const { deltas, filter } = await streamChunks([...SEED_SPAN]);
    expect(deltas).toEqual([]);
    expect(filter.stats().strippedChars).toBe(SEED_SPAN.length);
  });

  it("strips multiple spans and tokens in one chunk and counts each pattern", () => {
    const text = `a${SEED_SPAN}b<|tool_calls|>c${SEED_SPAN}d<|tool_call|>e<tool_call>{"n":1}</tool_call>f`;
    const result = stripScaffolding(text);
    expect(result.text).toBe("abcdef");
    expect(result.perPattern).toEqual({
      "lfm2-tool-call": 2,
      "tool-calls-token": 1,
      "tool-call-token": 1,
      "hermes-tool-call": 1,
    });
    expect(result.strippedChars).toBe(text.length - 6);
  });

  it("strips the standalone seed sibling tokens on their own", () => {
    expect(stripScaffolding("x <|tool_calls|> y <|tool_call|> z").text).toBe("x  y  z");
  });

  it("suppresses everything after an unclosed opener to stream end", async () => {
    const chunks = [
      "Answer first. <|tool_call_start|>[read(",
      "path='/a')]",
      " and then prose that never closes",
      "…",
    ];
    const events: ScaffoldingStripEvent[] = [];
    const { deltas, filter } = await streamChunks(chunks, { onStrip: (event) => events.push(event) });
    expect(deltas.join("")).toBe("Answer first. ");
    const suppressed = chunks.join("").length - "Answer first. ".length;
    expect(filter.stats()).toEqual({ strippedChars: suppressed, perPattern: { "lfm2-tool-call": 1 } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      patternId: "lfm2-tool-call",
      unclosed: true,
      strippedChars: suppressed,
    });
  });

  it("suppresses an unbalanced lead payload to stream end", () => {
    expect(stripScaffolding('ok [TOOL_CALLS][{"name": "f", "arguments": {"a": "]"').text).toBe("ok ");
  });

  it("honours brackets and quotes inside a lead payload", () => {
    const payload = `[{"name":"f","arguments":{"q":"a ] } ) [ \\" x"}}]`;
    expect(stripScaffolding(`ok [TOOL_CALLS]${payload} after`).text).toBe("ok  after");
    expect(stripScaffolding(`ok <|tool_call|>[{"name":"f"}]<|/tool_call|> after`).text).toBe("ok  after");
  });

  it("releases a partial marker at stream end as-is", async () => {
    for (const tail of [
      "<",
      "<|",
      "<|tool_call_st",
      "[TOOL_CAL",
      "<function=abc",
      "<|channel",
      "<|start_header_id",
      "<|tool_call|> ",
    ]) {
      const { deltas, filter } = await streamChunks(["Text ", tail]);
      const expected = tail === "<|tool_call|> " ? "Text  " : `Text ${tail}`;
      expect(deltas.join(""), tail).toBe(expected);
      if (tail !== "<|tool_call|> ") expect(filter.stats().strippedChars).toBe(0);
    }
  });

  it("holds back only a possible partial marker at the tail", () => {
    const scanner = createScaffoldingScanner();
    expect(scanner.push("Hello")).toBe("Hello");
    expect(scanner.push(" world <|tool")).toBe(" world ");
    expect(scanner.push("_call_st")).toBe("");
    expect(scanner.push("art|>secret")).toBe("");
    expect(scanner.push("<|tool_call_e")).toBe("");
    expect(scanner.push("nd|> visible <")).toBe(" visible ");
    expect(scanner.push("b>bold</b>")).toBe("<b>bold</b>");
    expect(scanner.finish()).toBe("");
  });

  it("releases text inside an open span immediately as stripped, keeping memory flat", () => {
    const scanner = createScaffoldingScanner();
    expect(scanner.push("<tool_call>")).toBe("");
    for (let index = 0; index < 1000; index++) expect(scanner.push("x".repeat(1000))).toBe("");
    expect(scanner.push("</tool_call>tail")).toBe("tail");
    expect(scanner.stats().strippedChars).toBe("<tool_call>".length + 1_000_000 + "</tool_call>".length);
  });

  it("strips leaks outside fences while leaving fenced ones alone", () => {
    const text = `Example:\n\`\`\`\n${SEED_SPAN}\n\`\`\`\nAnswer: ${SEED_SPAN}ok\n    \`\`\`\n${SEED_SPAN}`;
    expect(stripScaffolding(text).text).toBe(
      `Example:\n\`\`\`\n${SEED_SPAN}\n\`\`\`\nAnswer: ok\n    \`\`\`\n`,
    );
    // A closing run must use the fence character and be at least as long as the opener.
    expect(stripScaffolding(`\`\`\`\`\n\`\`\`\n~~~\n${SEED_SPAN}`).text).toBe(
      `\`\`\`\`\n\`\`\`\n~~~\n${SEED_SPAN}`,
    );
    expect(stripScaffolding(`\`\`\`\`\n\`\`\`\`\`\n${SEED_SPAN}`).text).toBe("````\n`````\n");
  });

  it("treats a marker on a fence's opening line as fenced, and a short or indented run as no fence", () => {
    expect(stripScaffolding(`\`\`\` ${SEED_SPAN}`).text).toBe(`\`\`\` ${SEED_SPAN}`);
    expect(stripScaffolding(`\`\` ${SEED_SPAN}`).text).toBe("`` ");
    expect(stripScaffolding(`x \`\`\` ${SEED_SPAN}`).text).toBe("x ``` ");
    expect(stripScaffolding(`    \`\`\`\n${SEED_SPAN}`).text).toBe("    ```\n");
  });

  it("does not let Kimi's inner <|tool_call_end|> close the section", () => {
    const section =
      "<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>";
    expect(stripScaffolding(`Before ${section} after`).text).toBe("Before  after");
    // An LFM2 span closes at the first <|tool_call_end|>; prose after it survives.
    expect(stripScaffolding(`<|tool_call_start|>[f()]<|tool_call_end|> prose <|tool_call_end|>`).text).toBe(
      " prose <|tool_call_end|>",
    );
  });

  it("keeps the harmony final channel body and strips the commentary call", () => {
    const text =
      '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Paris"}<|call|><|start|>assistant<|channel|>final<|message|>It is 21 °C.<|return|>';
    expect(stripScaffolding(text).text).toBe("It is 21 °C.");
  });

  it("matches fullwidth, ASCII-degraded and mixed DeepSeek spellings", () => {
    for (const opener of ["<｜tool▁calls▁begin｜>", "<|tool_calls_begin|>", "<｜tool_calls▁begin|>"]) {
      expect(stripScaffolding(`a${opener}f<｜tool▁sep｜>{}<|tool_calls_end|>b`).text, opener).toBe("ab");
    }
  });

  it("ignores empty chunks", async () => {
    const { deltas } = await streamChunks([
      "",
      "a",
      "",
      "<|tool_call_start|>",
      "",
      "x<|tool_call_end|>",
      "",
      "b",
      "",
    ]);
    expect(deltas.join("")).toBe("ab");
  });

  it("passes everything through byte-identical when disabled", async () => {
    const chunks = ["a", SEED_SPAN, "<|tool_call_start|>unclosed"];
    const { deltas, filter } = await streamChunks(chunks, { enabled: false });
    expect(deltas).toEqual(chunks);
    expect(filter.stats()).toEqual({ strippedChars: 0, perPattern: {} });
    expect(stripScaffolding(SEED_SPAN, { enabled: false })).toEqual({
      text: SEED_SPAN,
      strippedChars: 0,
      perPattern: {},
    });
  });

  it("accepts a custom registry", () => {
    const result = stripScaffolding("a<<CALL>>x<</CALL>>b [TOOL_CALLS]", {
      patterns: [
        {
          kind: "span",
          id: "custom",
          family: "test",
          opener: "<<CALL>>",
          closers: ["<</CALL>>"],
          fixtures: [{ family: "test", leaked: "<<CALL>>x<</CALL>>" }],
        },
      ],
    });
    expect(result).toEqual({ text: "ab [TOOL_CALLS]", strippedChars: 18, perPattern: { custom: 1 } });
  });
});

describe("strip warnings", () => {
  it("reports each strip with its pattern, family and span", () => {
    const events: ScaffoldingStripEvent[] = [];
    stripScaffolding(`x${SEED_SPAN}y`, { onStrip: (event) => events.push(event) });
    expect(events).toEqual([
      {
        patternId: "lfm2-tool-call",
        family: "Liquid AI LFM2 / LFM2.5",
        span: SEED_SPAN,
        truncated: false,
        strippedChars: SEED_SPAN.length,
        unclosed: false,
      },
    ]);
    expect(formatScaffoldingStripWarning(events[0]!)).toBe(
      `Stripped tool scaffolding pattern=lfm2-tool-call chars=${SEED_SPAN.length} unclosed=false family="Liquid AI LFM2 / LFM2.5" span=${JSON.stringify(SEED_SPAN)}`,
    );
  });

  it("truncates the logged span to 200 characters across chunks", () => {
    const body = "y".repeat(500);
    const events: ScaffoldingStripEvent[] = [];
    scanChunks(["<tool_call>", body.slice(0, 150), body.slice(150), "</tool_call>"], {
      onStrip: (event) => events.push(event),
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.span).toBe(`<tool_call>${"y".repeat(STRIP_PREVIEW_LIMIT - "<tool_call>".length)}`);
    expect(events[0]!.span).toHaveLength(STRIP_PREVIEW_LIMIT);
    expect(events[0]!.truncated).toBe(true);
    expect(events[0]!.strippedChars).toBe(500 + "<tool_call></tool_call>".length);
    expect(formatScaffoldingStripWarning(events[0]!).endsWith('"…')).toBe(true);
  });

  it("never lets a throwing logger break the stream", async () => {
    const { deltas } = await streamChunks([`a${SEED_SPAN}b`], {
      onStrip: () => {
        throw new Error("logger down");
      },
    });
    expect(deltas.join("")).toBe("ab");
  });
});

describe("look-alikes", () => {
  it.each(LOOK_ALIKES)("passes %s untouched", (_name, text) => {
    expect(stripScaffolding(text)).toEqual({ text, strippedChars: 0, perPattern: {} });
  });

  it("passes every look-alike untouched at every split offset", () => {
    for (const [name, text] of LOOK_ALIKES) {
      for (let offset = 0; offset <= text.length; offset++) {
        const output = scanChunks(splitAt(text, offset));
        if (output !== text) expect.fail(`${name} split at ${offset}: ${JSON.stringify(output)}`);
      }
    }
  });
});

describe("properties", () => {
  const pieces = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...LOOK_ALIKES.map(([, text]) => text)),
    fc.constantFrom(
      ...SCAFFOLDING_PATTERNS.flatMap((pattern) => pattern.fixtures.map((fixture) => fixture.leaked)),
    ),
    fc.constantFrom(
      "<",
      "<|",
      "[",
      "`",
      "|>",
      ">",
      "]",
      "{",
      "}",
      '"',
      "｜",
      "▁",
      "\n",
      "```",
      "\n```\n",
      "~~~",
      "   ",
    ),
  );
  const chunking = fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 });

  function chunkBy(text: string, sizes: readonly number[]): string[] {
    const chunks: string[] = [];
    let position = 0;
    for (const size of sizes) {
      chunks.push(text.slice(position, position + size));
      position += size;
    }
    chunks.push(text.slice(position));
    return chunks;
  }

  it("gives the same output, stats and strip events for any chunking as for the whole text", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), chunking, (parts, sizes) => {
        const text = parts.join("");
        const wholeEvents: ScaffoldingStripEvent[] = [];
        const whole = stripScaffolding(text, { onStrip: (event) => wholeEvents.push(event) });
        const chunkedEvents: ScaffoldingStripEvent[] = [];
        const scanner = createScaffoldingScanner({ onStrip: (event) => chunkedEvents.push(event) });
        let output = "";
        for (const chunk of chunkBy(text, sizes)) output += scanner.push(chunk);
        output += scanner.finish();
        expect(output).toBe(whole.text);
        expect(scanner.stats()).toEqual({ strippedChars: whole.strippedChars, perPattern: whole.perPattern });
        expect(chunkedEvents).toEqual(wholeEvents);
        expect(whole.text.length + whole.strippedChars).toBe(text.length);
      }),
      { numRuns: 1500 },
    );
  });

  it("never changes text without '<' or '['", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), chunking, (raw, sizes) => {
        const text = raw.replace(/[<[]/g, "");
        expect(scanChunks(chunkBy(text, sizes))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("only ever removes characters (output is a subsequence of the input)", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        const output = stripScaffolding(text).text;
        let cursor = 0;
        for (const character of output) {
          cursor = text.indexOf(character, cursor);
          expect(cursor).toBeGreaterThanOrEqual(0);
          cursor += character.length;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("hostile input", () => {
  // Each input is built from a repeated unit; quadratic scanning shows up as a 16x slowdown for 4x the input.
  const megabyte = 1024 * 1024;
  const hostile: readonly (readonly [name: string, unit: string])[] = [
    ["'<' flood", "<"],
    ["'[' flood", "["],
    ["fullwidth bar flood", "<｜"],
    ["partial openers", "<|tool_call_st<tool_cal[TOOL_CALL"],
    ["lead tokens with look-ahead", `[TOOL_CALLS]${"n".repeat(60)}[ARG`],
    ["many tokens on one line", "x<|end|>"],
    ["many quoted markers on one line", "`<|end|>"],
    ["many spans on one line", "<tool_call>{}</tool_call><tool_call></tool_cal"],
  ];

  function bestMilliseconds(text: string): number {
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      const result = stripScaffolding(text);
      best = Math.min(best, performance.now() - started);
      expect(result.text.length + result.strippedChars).toBe(text.length);
    }
    return best;
  }

  it.each(hostile)("stays linear on a single 1 MB chunk: %s", (_name, unit) => {
    const large = unit.repeat(Math.ceil(megabyte / unit.length));
    const small = large.slice(0, large.length / 4);
    const largeMilliseconds = bestMilliseconds(large);
    const smallMilliseconds = bestMilliseconds(small);
    // Linear: about 4x. Allow noise, but fail a quadratic (16x) scan unless it is fast in absolute terms.
    if (largeMilliseconds > 150) expect(largeMilliseconds / smallMilliseconds).toBeLessThan(10);
  });

  it("suppresses an unbalanced payload of 1 MB in linear time", () => {
    const text = `[TOOL_CALLS][${'{"a":"['.repeat(megabyte / 8)}`;
    expect(bestMilliseconds(text)).toBeLessThan(2000);
  });
});
