/**
 * Benchmark for the streaming tool-scaffolding filter (lib/guards/scaffolding).
 *
 * Reports, from one run:
 * - `cleanMegabytesPerSecond`: clean text in 64-byte chunks through the filter's transform step (the
 *   synchronous scanner the TransformStream calls); target >= 200 MB/s;
 * - `streamMegabytesPerSecond`: the same through the real TransformStream, next to a no-op TransformStream
 *   measured in the same run (web-stream overhead per 64-byte chunk dominates both);
 * - `adversarial`: ms per 1 MB for hostile inputs, single chunk and 64-byte chunks; `worstMillisecondsPerMegabyte`;
 * - `naiveBaseline`: the public marker set (docs/design.md#scaffolding-patterns) applied literally (one regex
 *   replace over the accumulated text on every chunk), on the same clean input, and `speedupVersusNaive`; for
 *   context also the same regex run once over the whole buffered text (not streaming-capable, no
 *   chunk-boundary handling needed).
 *
 * Run directly: `npx tsx bench/guards-scaffolding.ts` prints the JSON.
 */
import { pathToFileURL } from "node:url";
import { createScaffoldingFilter } from "../lib/guards/scaffolding/create-scaffolding-filter";
import { SCAFFOLDING_PATTERNS } from "../lib/guards/scaffolding/scaffolding-patterns";
import { createScaffoldingScanner } from "../lib/guards/scaffolding/scaffolding-scanner";

const CHUNK_SIZE = 64;
const MEGABYTE = 1024 * 1024;

const PROSE_SENTENCES = [
  "The backup job runs nightly at two o'clock and keeps fourteen daily snapshots.",
  "If the disk fills up, the oldest snapshot is pruned first and an alert is sent.",
  "Restoring a single file takes about a minute; a full restore takes roughly an hour.",
  "Remember to rotate the credentials for the offsite bucket every ninety days.",
  "The notes also mention that the NAS firmware was updated last Tuesday.",
];

const TECHNICAL_SNIPPETS = [
  "Use `Array<string>` when a < b, and see [the docs](https://example.com/docs#tool-calls).",
  '<div class="note">Tools are declared in <tools>; the model answers in plain text.</div>',
  "- [ ] rotate keys\n- [x] update firmware\n",
  "if (list[0] <= limit && map.get(key)?.length > 2) { return [first, ...rest]; }",
];

/** Repeats pieces until the text has at least `length` characters (all ASCII, so characters = bytes). */
function repeatTo(pieces: readonly string[], length: number): string {
  const parts: string[] = [];
  let total = 0;
  for (let index = 0; total < length; index++) {
    const piece = `${pieces[index % pieces.length]!} `;
    parts.push(piece);
    total += piece.length;
  }
  return parts.join("").slice(0, length);
}

function chunk(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let position = 0; position < text.length; position += size)
    chunks.push(text.slice(position, position + size));
  return chunks;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Median wall time in ms of `run` over `repetitions` after `warmups` untimed runs. */
function medianMilliseconds(run: () => unknown, repetitions: number, warmups = 2): number {
  for (let index = 0; index < warmups; index++) run();
  const times: number[] = [];
  for (let index = 0; index < repetitions; index++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((left, right) => left - right);
  return times[Math.floor(times.length / 2)]!;
}

function median(values: number[]): number {
  values.sort((left, right) => left - right);
  return values[Math.floor(values.length / 2)]!;
}

/**
 * Times the real filter stream against a no-op TransformStream, interleaved after a warm-up so JIT and GC
 * effects hit both alike. Per-chunk web-stream overhead dominates both numbers.
 */
async function measureStreams(
  chunks: readonly string[],
): Promise<{ filterMilliseconds: number; noOpMilliseconds: number }> {
  const createNoOp = () =>
    new TransformStream<string, string>({
      transform(piece, controller) {
        controller.enqueue(piece);
      },
    });
  const filterTimes: number[] = [];
  const noOpTimes: number[] = [];
  for (let round = 0; round < 9; round++) {
    let started = performance.now();
    await pipeAll(chunks, createScaffoldingFilter().stream);
    if (round >= 2) filterTimes.push(performance.now() - started);
    started = performance.now();
    await pipeAll(chunks, createNoOp());
    if (round >= 2) noOpTimes.push(performance.now() - started);
  }
  return { filterMilliseconds: median(filterTimes), noOpMilliseconds: median(noOpTimes) };
}

function scanAll(chunks: readonly string[]): number {
  const scanner = createScaffoldingScanner();
  let visible = 0;
  for (const piece of chunks) visible += scanner.push(piece).length;
  return visible + scanner.finish().length;
}

async function pipeAll(chunks: readonly string[], stream: TransformStream<string, string>): Promise<number> {
  let index = 0;
  const source = new ReadableStream<string>(
    {
      pull(controller) {
        if (index < chunks.length) controller.enqueue(chunks[index++]!);
        else controller.close();
      },
    },
    { highWaterMark: 256 },
  );
  const reader = source.pipeThrough(stream).getReader();
  let visible = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) visible += read.value.length;
  return visible;
}

function escapeRegularExpression(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The naive baseline: the registry's markers applied literally as one regex (spans non-greedy to their
 * closer or to the end of the text, tokens alone), re-run over the whole accumulated text on every chunk,
 * emitting whatever the cleaned text grew by. This is what "regex replace on the accumulated text" costs.
 */
function createNaiveExpression(): RegExp {
  const alternatives = SCAFFOLDING_PATTERNS.map((pattern) => {
    if (pattern.kind !== "span") return escapeRegularExpression(pattern.token);
    const opener = escapeRegularExpression(pattern.opener).replace("\\{name\\}", "[\\w.:-]{1,64}");
    const closers = [...pattern.closers, ...(pattern.keepClosers ?? [])]
      .map(escapeRegularExpression)
      .join("|");
    return `${opener}[\\s\\S]*?(?:${closers}|$)`;
  });
  return new RegExp(alternatives.join("|"), "g");
}

function createNaiveBaseline(): (chunks: readonly string[]) => number {
  const expression = createNaiveExpression();
  return (chunks) => {
    let accumulated = "";
    let emitted = 0;
    for (const piece of chunks) {
      accumulated += piece;
      const cleaned = accumulated.replace(expression, "");
      if (cleaned.length > emitted) emitted = cleaned.length;
    }
    return emitted;
  };
}

type AdversarialResult = { singleChunk: number; chunks64: number };

function adversarialInputs(size: number): Record<string, string> {
  return {
    lessThanFlood: "<".repeat(size),
    barFlood: "<|".repeat(size / 2),
    fullwidthBarFlood: "<｜".repeat(size / 2),
    bracketFlood: "[".repeat(size),
    partialOpeners: repeatTo(
      ["<|tool_call_st", "<tool_cal", "[TOOL_CALL", "<|channel|", "<｜tool▁calls▁beg"],
      size,
    ),
    functionNameLookahead: repeatTo([`<function=${"a".repeat(64)}`], size),
    mistralNameLookahead: repeatTo([`[TOOL_CALLS]${"n".repeat(60)}[ARG`], size),
    leadWhitespaceLookahead: repeatTo(["<|tool_call|>               x"], size),
    unclosedOpenerThenOneMegabyte: `<|tool_call_start|>${repeatTo(["a < b <|tool_call_en x ", ...PROSE_SENTENCES], size)}`,
    spanWithNearClosers: `<tool_call>${repeatTo(["</tool_cal", "</tool_calx>", "<"], size)}`,
    unbalancedPayload: `[TOOL_CALLS][${repeatTo(['{"a":"[', "]", "}", '\\"'], size)}`,
    manyCompleteSpans: repeatTo(
      ["x<|tool_call_start|>[f()]<|tool_call_end|>", "<|tool_calls|>", "<|end|>"],
      size,
    ),
  };
}

/**
 * Runs the scaffolding benchmark and returns the JSON-serialisable results. `quick`: 256 KB of clean text,
 * 64 KB adversarial inputs, one run each (a smoke run for CI; the figures are not comparable).
 */
export async function benchScaffolding(quick = false): Promise<Record<string, unknown>> {
  const cleanSize = quick ? MEGABYTE / 4 : 8 * MEGABYTE;
  const runs = quick ? 1 : 7;
  const cleanProse = repeatTo(PROSE_SENTENCES, cleanSize);
  const cleanTechnical = repeatTo([...PROSE_SENTENCES, ...TECHNICAL_SNIPPETS], cleanSize);
  const proseChunks = chunk(cleanProse, CHUNK_SIZE);
  const technicalChunks = chunk(cleanTechnical, CHUNK_SIZE);
  const proseMegabytes = byteLength(cleanProse) / 1e6;
  const technicalMegabytes = byteLength(cleanTechnical) / 1e6;

  if (scanAll(proseChunks) !== cleanProse.length || scanAll(technicalChunks) !== cleanTechnical.length) {
    throw new Error("Clean benchmark text was modified by the filter");
  }
  const proseMilliseconds = medianMilliseconds(() => scanAll(proseChunks), runs);
  const technicalMilliseconds = medianMilliseconds(() => scanAll(technicalChunks), runs);

  const streamText = cleanProse.slice(0, quick ? 64 * 1024 : MEGABYTE);
  const streamChunks = chunk(streamText, CHUNK_SIZE);
  const streamMegabytes = byteLength(streamText) / 1e6;
  const { filterMilliseconds, noOpMilliseconds } = await measureStreams(streamChunks);

  const adversarial: Record<string, AdversarialResult> = {};
  let worst = 0;
  for (const [name, text] of Object.entries(adversarialInputs(quick ? 64 * 1024 : MEGABYTE))) {
    const megabytes = byteLength(text) / MEGABYTE;
    const chunks = chunk(text, CHUNK_SIZE);
    const singleChunk = medianMilliseconds(() => scanAll([text]), 3, 1) / megabytes;
    const chunks64 = medianMilliseconds(() => scanAll(chunks), 3, 1) / megabytes;
    adversarial[name] = { singleChunk: round(singleChunk), chunks64: round(chunks64) };
    worst = Math.max(worst, singleChunk, chunks64);
  }

  const naive = createNaiveBaseline();
  const naiveText = cleanProse.slice(0, 128 * 1024);
  const naiveChunks = chunk(naiveText, CHUNK_SIZE);
  const naiveMegabytes = byteLength(naiveText) / 1e6;
  const naiveMilliseconds = medianMilliseconds(() => naive(naiveChunks), 3, 1);
  const oursOnNaiveInputMilliseconds = medianMilliseconds(() => scanAll(naiveChunks), 15);
  const naiveMegabytesPerSecond = naiveMegabytes / (naiveMilliseconds / 1000);
  const naiveExpression = createNaiveExpression();
  const bufferedMilliseconds = medianMilliseconds(() => cleanProse.replace(naiveExpression, "").length, 3, 1);
  const oursOnNaiveInput = naiveMegabytes / (oursOnNaiveInputMilliseconds / 1000);

  const cleanMegabytesPerSecond = proseMegabytes / (proseMilliseconds / 1000);
  return {
    benchmark: "guards/scaffolding",
    node: process.version,
    chunkBytes: CHUNK_SIZE,
    patterns: SCAFFOLDING_PATTERNS.length,
    cleanMegabytesPerSecond: round(cleanMegabytesPerSecond),
    cleanTechnicalMegabytesPerSecond: round(technicalMegabytes / (technicalMilliseconds / 1000)),
    cleanTargetMegabytesPerSecond: 200,
    cleanTargetMet: cleanMegabytesPerSecond >= 200,
    streamMegabytesPerSecond: {
      scaffoldingFilter: round(streamMegabytes / (filterMilliseconds / 1000)),
      noOpTransformStream: round(streamMegabytes / (noOpMilliseconds / 1000)),
    },
    worstMillisecondsPerMegabyte: round(worst),
    adversarialMillisecondsPerMegabyte: adversarial,
    naiveBaseline: {
      description:
        "registry markers as one literal regex, replace over the accumulated text on every 64-byte chunk",
      inputBytes: byteLength(naiveText),
      naiveMegabytesPerSecond: round(naiveMegabytesPerSecond),
      filterMegabytesPerSecond: round(oursOnNaiveInput),
      bufferedRegexOnWholeTextMegabytesPerSecond: round(proseMegabytes / (bufferedMilliseconds / 1000)),
    },
    speedupVersusNaive: round(oursOnNaiveInput / naiveMegabytesPerSecond),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchScaffolding(), null, 2));
}
