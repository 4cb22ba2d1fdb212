/**
 * Trains the quarantine's learned second stage (lib/guards/quarantine/learned-*.ts) and writes its
 * weights to lib/guards/quarantine/learned-weights.ts.
 *
 * Usage: npm run train:quarantine [-- --no-ngrams] [-- --out <file>] [-- --no-gate] [-- --gate-recall <share>]
 *   [-- --members <n> (a bagged ensemble of n fits)] [-- --seed <n>] [-- --check]
 *
 * Data: eval/keel/train (with eval/keel/quoted/train), shared/eval/dev, scripts/quarantine/handwritten.jsonl,
 * the "train" third of scripts/quarantine/hard-benign.jsonl and the "train" partition of the dependency
 * corpus pinned by scripts/quarantine/dependency-corpus.json (dependency-corpus.ts). Every segment the
 * learned stage's gate opens is one example: segments overlapping an attack span are positives, all
 * other segments (of benign texts, and of attack texts outside the spans) negatives. The threshold is
 * chosen on eval/keel/dev (with eval/keel/quoted/dev), the "threshold" partition of the dependency corpus
 * and the "threshold" third of hard-benign.jsonl: the highest score of any segment of their benign texts
 * plus a margin, so the stage has no false positive there (when eval/keel/dev is absent, a fixed fifth of
 * shared/eval/dev is held back for it). eval/keel/heldout, shared/eval/test and the "reserved" parts
 * are never read. `--check` trains and compares with the committed weights instead of writing them.
 *
 * Model: logistic regression with L2, trained by AdaGrad over the sparse features in a seeded order, so
 * the same data gives the same weights byte for byte.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CHARACTER_FOLD,
  FOLD_DROP,
  FOLD_NEWLINE,
  WORD_CHARACTER,
} from "../../lib/guards/quarantine/character-fold-table";
import { type LearnedGate, setLearnedGate } from "../../lib/guards/quarantine/detection-rules";
import { forEachLearnedSegment } from "../../lib/guards/quarantine/learned-candidates";
import {
  DENSE_SIZE,
  extractFeatures,
  FEATURE_COUNT,
  type FeatureSink,
  featureSignature,
} from "../../lib/guards/quarantine/learned-features";
import { decodeModel, type LearnedModel } from "../../lib/guards/quarantine/learned-scorer";
import { learnedOrderScore, MIN_WORDS } from "../../lib/guards/quarantine/rules/learned-order-rule";
import { hardBenignPartition, loadDependencyCorpus, nameHash, sharedDevProblems } from "./dependency-corpus";
import {
  type EvalRecord,
  handwrittenCases,
  hardBenignCases,
  keelQuotedSplit,
  keelSplit,
  REPOSITORY_ROOT,
  sharedSplit,
} from "./eval-data";

/** One training example: a sparse feature vector and its label. */
export interface Sample {
  readonly indices: Int32Array;
  readonly values: Float32Array;
  readonly label: 0 | 1;
  /** How many identical (segment text, label) pairs it stands for. */
  count: number;
  /** Language of the text it came from (recordLanguage), for TrainOptions.languageBalance. */
  readonly language: TrainingLanguage;
}

/** The languages the training data is written in. */
export type TrainingLanguage = "en" | "de" | "it";

/** Function words of each language, for recordLanguage's count. */
const FUNCTION_WORDS: Readonly<Record<TrainingLanguage, ReadonlySet<string>>> = {
  en: new Set("the and is not with for on of a an to you i we it this that are be if or from by".split(" ")),
  de: new Set(
    "der die das und ist nicht mit für auf dem den des ein eine zu sie du ich wir sich auch bei oder wenn aus".split(
      " ",
    ),
  ),
  it: new Set(
    "il lo la gli le di che è non per con una un del della dei delle sono nel alla ai tu io si anche se".split(
      " ",
    ),
  ),
};

/**
 * The language of a training text: its `lang` field, else the language with the most function words in
 * the text (English on a tie; the unlabelled sources, the shared corpus and the dependency docs, are
 * English).
 */
export function recordLanguage(record: EvalRecord): TrainingLanguage {
  if (record.lang === "en" || record.lang === "de" || record.lang === "it") return record.lang;
  const counts = { en: 0, de: 0, it: 0 };
  for (const word of record.text.toLowerCase().match(/[a-zà-ÿß]+/g) ?? [])
    for (const language of ["en", "de", "it"] as const)
      if (FUNCTION_WORDS[language].has(word)) counts[language]++;
  if (counts.de > counts.en && counts.de > counts.it) return "de";
  return counts.it > counts.en && counts.it >= counts.de ? "it" : "en";
}

/** Options of trainLearnedModel. */
export interface TrainOptions {
  readonly ngrams?: boolean;
  readonly epochs?: number;
  readonly seed?: number;
  /** L2 strength of the structural (class) features and of the hashed n-grams. */
  readonly l2Structural?: number;
  readonly l2Ngrams?: number;
  readonly learningRate?: number;
  /** Weight of a positive example relative to a negative one (default 2). */
  readonly positiveWeight?: number;
  /** Logit units added to the highest benign score to get the threshold. */
  readonly margin?: number;
  /**
   * Hard-negative passes: after the main epochs, the negatives scoring in the top HARD_SHARE get this
   * much more weight and the fit goes on for `hardEpochs` more epochs (0: off).
   */
  readonly hardNegativeWeight?: number;
  readonly hardEpochs?: number;
  readonly hardShare?: number;
  /** Train and install a learned gate (trainLearnedGate) before the scorer; undefined: no learned gate. */
  readonly gate?: GateOptions;
  /** Members of the averaged ensemble (fitEnsemble); 1: a single fit. */
  readonly members?: number;
  /** Each member fits a bootstrap resample of the examples (else only the order differs). */
  readonly bagging?: boolean;
  /** Size of each bootstrap resample as a share of the examples (default 1). */
  readonly bagShare?: number;
  /**
   * Exponent of the per-language weight of negatives (0: off, the default): a negative of language l
   * weighs ((N_en / P_en) / (N_l / P_l)) ** languageBalance more, N and P being the negative and positive
   * example weight of that language, so with 1 every language has English's ratio of benign to attack
   * examples and the language itself stops being evidence (see negativeLanguageFactors).
   */
  readonly languageBalance?: number;
}

class CollectSink implements FeatureSink {
  readonly indices: number[] = [];
  readonly values: number[] = [];
  add(index: number, value: number): void {
    this.indices.push(index);
    this.values.push(value);
  }
}

/**
 * Attack texts whose payload is a plain task with no order shape (BIPIA's text tasks: "Write a poem
 * about the sea", "What is the capital of Brazil?"): indistinguishable from content, so their payload
 * segments are left out of training instead of teaching the scorer that any sentence is an attack.
 * Their carrier segments still count as negatives.
 */
function isShapelessPayload(record: EvalRecord): boolean {
  return record.label === "attack" && (record.category ?? "").startsWith("bipia-text:");
}

function overlapsSpan(record: EvalRecord, start: number, end: number): boolean {
  if (record.label !== "attack") return false;
  if (record.spans === undefined || record.spans.length === 0) return true;
  return record.spans.some(([spanStart, spanEnd]) => start < spanEnd && spanStart < end);
}

/** The examples of `records`, identical ones merged (counts kept). */
export function collectSamples(records: readonly EvalRecord[], ngrams: boolean): Sample[] {
  const byKey = new Map<string, Sample>();
  for (const record of records) {
    const language = recordLanguage(record);
    // The texts are read as when the committed model was trained (`asTrained`): split-line windows of
    // one line each way, and bare block-level HTML tags and log-line prefixes not read as line breaks.
    // Examples from windows over every continuation line trained a weaker model (eval/keel/dev 502 ->
    // 495 of 659, the fresh hand-written set 156 -> 140 of 472); examples with block tags or log
    // prefixes read as line breaks trained models that removed more of the fresh set's benign texts
    // (docs/quarantine.md). The scanner's own reading
    // is still what the threshold is picked on (textScores).
    forEachLearnedSegment(
      record.text,
      (view, start, end) => {
        const inPayload = overlapsSpan(record, start, end);
        if (inPayload && isShapelessPayload(record)) return;
        const label = inPayload ? 1 : 0;
        const key = `${label}\u0000${view.opensLine ? 1 : 0}\u0000${view.text}`;
        const known = byKey.get(key);
        if (known !== undefined) {
          known.count++;
          return;
        }
        const sink = new CollectSink();
        extractFeatures(view, sink, { ngrams });
        // Sum duplicates of one index (a repeated word) so the update loop sees each index once.
        const merged = new Map<number, number>();
        for (let position = 0; position < sink.indices.length; position++) {
          const index = sink.indices[position]!;
          merged.set(index, (merged.get(index) ?? 0) + sink.values[position]!);
        }
        const indices = Int32Array.from([...merged.keys()].sort((left, right) => left - right));
        const values = Float32Array.from(indices, (index) => merged.get(index)!);
        byKey.set(key, { indices, values, label, count: 1, language });
      },
      true,
    );
  }
  return [...byKey.values()];
}

/** Mulberry32: a small seeded generator, for the example order. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates shuffle of `order` in place, driven by `random`. */
function shuffle(order: number[], random: () => number): void {
  for (let position = order.length - 1; position > 0; position--) {
    const other = Math.floor(random() * (position + 1));
    const swap = order[position]!;
    order[position] = order[other]!;
    order[other] = swap;
  }
}

function sigmoid(value: number): number {
  return value >= 0 ? 1 / (1 + Math.exp(-value)) : Math.exp(value) / (1 + Math.exp(value));
}

/**
 * The extra weight of a negative example per language (TrainOptions.languageBalance): English's ratio of
 * negative to positive example weight over the language's own, raised to `exponent`; 1 for English, and
 * 1 for a language without positives or negatives.
 */
export function negativeLanguageFactors(
  samples: readonly Sample[],
  exponent: number,
): Record<TrainingLanguage, number> {
  const negative = { en: 0, de: 0, it: 0 };
  const positive = { en: 0, de: 0, it: 0 };
  for (const sample of samples)
    (sample.label === 1 ? positive : negative)[sample.language] += Math.sqrt(sample.count);
  const ratio = (language: TrainingLanguage) => negative[language] / positive[language];
  const factor = (language: TrainingLanguage) => {
    const value = (ratio("en") / ratio(language)) ** exponent;
    return Number.isFinite(value) && value > 0 ? value : 1;
  };
  return { en: 1, de: factor("de"), it: factor("it") };
}

/** Logistic regression with L2 by AdaGrad; returns float weights and bias. */
export function fitLogistic(
  samples: readonly Sample[],
  options: TrainOptions = {},
): { weights: Float64Array; bias: number } {
  const epochs = options.epochs ?? 12;
  const learningRate = options.learningRate ?? 0.2;
  const l2Structural = options.l2Structural ?? 1e-3;
  const l2Ngrams = options.l2Ngrams ?? 1e-3;
  const random = seededRandom(options.seed ?? 21);
  const weights = new Float64Array(FEATURE_COUNT);
  const squares = new Float64Array(FEATURE_COUNT);
  let bias = 0;
  let biasSquares = 0;
  // Positives weigh twice a negative: chosen on eval/keel/dev among 1, 2, 4 and class balancing (~10).
  const positiveWeight = options.positiveWeight ?? 2;
  const order = Array.from(samples.keys());
  // Extra weight per sample (hard negatives, see TrainOptions.hardNegativeWeight).
  const boost = new Float64Array(samples.length).fill(1);
  if ((options.languageBalance ?? 0) > 0) {
    const factors = negativeLanguageFactors(samples, options.languageBalance!);
    samples.forEach((sample, index) => {
      if (sample.label === 0) boost[index] = factors[sample.language];
    });
  }
  // Defaults chosen on eval/keel/dev (learned-stage recall at the 0-false-positive threshold): weight 8 on
  // the top 3% of negatives for 6 more epochs lowered the highest benign score from 2.7 to 1.5 logits.
  const hardNegativeWeight = options.hardNegativeWeight ?? 8;
  const hardEpochs = hardNegativeWeight > 1 ? (options.hardEpochs ?? 6) : 0;
  const logitOf = (sample: Sample): number => {
    let logit = bias;
    for (let position = 0; position < sample.indices.length; position++)
      logit += weights[sample.indices[position]!]! * sample.values[position]!;
    return logit;
  };
  for (let epoch = 0; epoch < epochs + hardEpochs; epoch++) {
    if (epoch === epochs) {
      // The negatives the fit so far scores highest are the ones that set the threshold (the highest
      // benign score): they get more weight for the remaining epochs.
      const negatives = order.filter((index) => samples[index]!.label === 0);
      const logits = new Map(negatives.map((index) => [index, logitOf(samples[index]!)]));
      negatives.sort((left, right) => logits.get(right)! - logits.get(left)! || left - right);
      const hardCount = Math.ceil(negatives.length * (options.hardShare ?? 0.03));
      for (const index of negatives.slice(0, hardCount)) boost[index]! *= hardNegativeWeight;
    }
    shuffle(order, random);
    for (const sampleIndex of order) {
      const sample = samples[sampleIndex]!;
      let logit = bias;
      const { indices, values } = sample;
      for (let position = 0; position < indices.length; position++)
        logit += weights[indices[position]!]! * values[position]!;
      const weight =
        Math.sqrt(sample.count) * (sample.label === 1 ? positiveWeight : 1) * boost[sampleIndex]!;
      const error = (sigmoid(logit) - sample.label) * weight;
      for (let position = 0; position < indices.length; position++) {
        const index = indices[position]!;
        const l2 = index < DENSE_SIZE ? l2Structural : l2Ngrams;
        const gradient = error * values[position]! + l2 * weights[index]!;
        squares[index]! += gradient * gradient;
        weights[index]! -= (learningRate * gradient) / (Math.sqrt(squares[index]!) + 1e-8);
      }
      biasSquares += error * error;
      bias -= (learningRate * error) / (Math.sqrt(biasSquares) + 1e-8);
    }
  }
  return { weights, bias };
}

/**
 * Averages the weights of `members` fits, each with its own seed for the example order (and, with
 * `bagging`, its own bootstrap resample of the examples). A linear model's average is one linear
 * model, so the scanner's cost does not change.
 */
export function fitEnsemble(
  samples: readonly Sample[],
  options: TrainOptions = {},
): { weights: Float64Array; bias: number } {
  const members = options.members ?? 1;
  if (members <= 1) return fitLogistic(samples, options);
  const seed = options.seed ?? 21;
  const weights = new Float64Array(FEATURE_COUNT);
  let bias = 0;
  for (let member = 0; member < members; member++) {
    let memberSamples: readonly Sample[] = samples;
    if (options.bagging) {
      const random = seededRandom(seed * 1000 + member);
      const counts = new Map<number, number>();
      const draws = Math.round(samples.length * (options.bagShare ?? 1));
      for (let draw = 0; draw < draws; draw++) {
        const index = Math.floor(random() * samples.length);
        counts.set(index, (counts.get(index) ?? 0) + 1);
      }
      memberSamples = [...counts.entries()]
        .sort((left, right) => left[0] - right[0])
        .map(([index, count]) => ({ ...samples[index]!, count: samples[index]!.count * count }));
    }
    const fit = fitLogistic(memberSamples, { ...options, seed: seed + member });
    for (let index = 0; index < FEATURE_COUNT; index++) weights[index]! += fit.weights[index]! / members;
    bias += fit.bias / members;
  }
  return { weights, bias };
}

/**
 * Highest learned score of any segment of each text under `model`, as the scanner decides on it
 * (learnedOrderScore: too-short sentences and quoted mentions never count).
 */
export function textScores(records: readonly EvalRecord[], model: LearnedModel): number[] {
  return records.map((record) => {
    let best = Number.NEGATIVE_INFINITY;
    forEachLearnedSegment(record.text, (view) => {
      const score = learnedOrderScore(view, model);
      if (score > best) best = score;
    });
    return best;
  });
}

/** The weights record (as in learned-weights.ts): int16 weights in base64, with their scale. */
export interface WeightsRecord {
  readonly signature: string;
  readonly bias: number;
  readonly threshold: number;
  readonly scale: number;
  readonly weights: string;
  readonly ngrams: boolean;
  readonly gate?: LearnedGate;
}

/** No learned gate. */
const NO_GATE: LearnedGate = { words: "", weights: "", threshold: 0 };

/** Quantizes float weights to int16 (the committed form); the model it returns is exactly what inference sees. */
export function quantize(
  weights: Float64Array,
  bias: number,
  threshold: number,
  ngrams: boolean,
): WeightsRecord {
  let largest = 0;
  for (const weight of weights) largest = Math.max(largest, Math.abs(weight));
  const scale = largest > 0 ? Number((largest / 32767).toPrecision(8)) : 1;
  const bytes = new Uint8Array(weights.length * 2);
  for (let index = 0; index < weights.length; index++) {
    const value = Math.max(-32767, Math.min(32767, Math.round(weights[index]! / scale)));
    const unsigned = value < 0 ? value + 0x10000 : value;
    bytes[index * 2] = unsigned & 0xff;
    bytes[index * 2 + 1] = unsigned >>> 8;
  }
  return {
    signature: featureSignature(),
    bias: Number(bias.toFixed(6)),
    threshold: Number(threshold.toFixed(6)),
    scale,
    weights: Buffer.from(bytes).toString("base64"),
    ngrams,
  };
}

/** Leetspeak digits the pre-filter maps to letters inside words (find-candidate-lines.ts). */
const LEET_LETTERS: Record<number, number> = { 48: 111, 49: 105, 51: 101, 52: 97, 53: 115, 55: 116 };

/**
 * Calls `visit` with the folded words of every raw sentence of `text` as the pre-filter sees them
 * (find-candidate-lines.ts: a sentence ends at a line break or at `.`, `!`, `?` before a space or tab;
 * words are folded with the same table, invisibles dropped, leetspeak digits mapped). JSON escapes are
 * not decoded here: the gate's training only needs the words.
 */
export function forEachRawSentence(
  text: string,
  visit: (words: readonly string[], start: number, end: number) => void,
): void {
  let words: string[] = [];
  let word: number[] = [];
  let start = 0;
  const endWord = (): void => {
    if (word.length > 1) words.push(String.fromCharCode(...word));
    word = [];
  };
  const endSentence = (end: number): void => {
    endWord();
    if (words.length > 0) visit(words, start, end);
    words = [];
    start = end;
  };
  for (let index = 0; index < text.length; index++) {
    const codeUnit = text.charCodeAt(index);
    const folded = CHARACTER_FOLD[codeUnit]!;
    if (WORD_CHARACTER[codeUnit] === 1) {
      word.push(LEET_LETTERS[codeUnit] ?? folded);
      continue;
    }
    if (folded === FOLD_DROP) continue;
    if (folded === FOLD_NEWLINE) {
      endSentence(index);
      start = index + 1;
      continue;
    }
    endWord();
    if (
      (codeUnit === 46 || codeUnit === 33 || codeUnit === 63) &&
      (text[index + 1] === " " || text[index + 1] === "\t")
    )
      endSentence(index + 1);
  }
  endSentence(text.length);
}

/** Options of trainLearnedGate. */
export interface GateOptions {
  /** Share of the payload sentences of the training attacks the gate must pass (default 0.85). */
  readonly recall?: number;
  /** A word must occur in at least this many payload sentences to get a weight (default 2). */
  readonly minCount?: number;
}

/** Integer weight units per logit of the gate. */
const GATE_SCALE = 100;

/**
 * Trains the learned gate (detection-rules.ts LearnedGate): logistic regression over the counts of
 * folded words in raw sentences (payload sentences positive, every other sentence negative), with the
 * weights kept non-negative (so the pre-filter's sum over a raw sentence bounds every segment in it)
 * and a vocabulary of the words seen in at least `minCount` payload sentences. The threshold passes
 * the share `recall` of the payload sentences (of MIN_WORDS words or more) of the training attacks.
 */
export function trainLearnedGate(
  training: readonly EvalRecord[],
  options: GateOptions = {},
): { gate: LearnedGate; report: Record<string, unknown> } {
  // Defaults chosen on eval/keel/dev (recall at the 0-false-positive threshold) among 0.75-0.95 and 2 or 4.
  const minCount = options.minCount ?? 2;
  const targetRecall = options.recall ?? 0.85;
  const sentences: { words: readonly string[]; label: 0 | 1 }[] = [];
  for (const record of training) {
    forEachRawSentence(record.text, (words, start, end) => {
      if (words.length < MIN_WORDS) return;
      const inPayload = overlapsSpan(record, start, end);
      if (inPayload && isShapelessPayload(record)) return;
      sentences.push({ words: [...words], label: inPayload ? 1 : 0 });
    });
  }
  const positiveCounts = new Map<string, number>();
  for (const sentence of sentences) {
    if (sentence.label === 0) continue;
    for (const word of new Set(sentence.words)) positiveCounts.set(word, (positiveCounts.get(word) ?? 0) + 1);
  }
  const vocabulary = [...positiveCounts.entries()]
    .filter(([word, count]) => count >= minCount && !/[0-9]/.test(word))
    .map(([word]) => word)
    .sort();
  const indexOf = new Map(vocabulary.map((word, index) => [word, index]));
  const encoded = sentences.map((sentence) => {
    const counts = new Map<number, number>();
    for (const word of sentence.words) {
      const index = indexOf.get(word);
      if (index !== undefined) counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    const indices = Int32Array.from([...counts.keys()].sort((left, right) => left - right));
    return {
      indices,
      values: Float32Array.from(indices, (index) => counts.get(index)!),
      label: sentence.label,
    };
  });
  const weights = new Float64Array(vocabulary.length);
  const squares = new Float64Array(vocabulary.length);
  let bias = 0;
  let biasSquares = 0;
  const random = seededRandom(7);
  const order = Array.from(encoded.keys());
  for (let epoch = 0; epoch < 8; epoch++) {
    shuffle(order, random);
    for (const sampleIndex of order) {
      const { indices, values, label } = encoded[sampleIndex]!;
      let logit = bias;
      for (let position = 0; position < indices.length; position++)
        logit += weights[indices[position]!]! * values[position]!;
      const error = (sigmoid(logit) - label) * (label === 1 ? 4 : 1);
      for (let position = 0; position < indices.length; position++) {
        const index = indices[position]!;
        const gradient = error * values[position]! + 1e-4 * weights[index]!;
        squares[index]! += gradient * gradient;
        weights[index] = Math.max(
          0,
          weights[index]! - (0.2 * gradient) / (Math.sqrt(squares[index]!) + 1e-8),
        );
      }
      biasSquares += error * error;
      bias -= (0.2 * error) / (Math.sqrt(biasSquares) + 1e-8);
    }
  }
  const integerWeights = Array.from(weights, (weight) => Math.round(weight * GATE_SCALE));
  const kept = vocabulary
    .map((word, index) => [word, integerWeights[index]!] as const)
    .filter(([, weight]) => weight > 0);
  const keptIndex = new Map(kept);
  const scoreOf = (words: readonly string[]): number =>
    words.reduce((sum, word) => sum + (keptIndex.get(word) ?? 0), 0);
  const positiveScores = sentences
    .filter((sentence) => sentence.label === 1)
    .map((sentence) => scoreOf(sentence.words));
  positiveScores.sort((left, right) => left - right);
  const threshold = Math.max(1, positiveScores[Math.floor(positiveScores.length * (1 - targetRecall))] ?? 1);
  const negatives = sentences.filter((sentence) => sentence.label === 0);
  const negativesPassing = negatives.filter((sentence) => scoreOf(sentence.words) >= threshold).length;
  return {
    gate: {
      words: kept.map(([word]) => word).join(" "),
      weights: kept.map(([, weight]) => weight).join(" "),
      threshold,
    },
    report: {
      gateWords: kept.length,
      gateThreshold: threshold,
      gatePayloadSentences: positiveScores.length,
      gateNegativeSentences: negatives.length,
      gateNegativeSentencesPassing: negativesPassing,
    },
  };
}

/** Result of a training run. */
export interface TrainResult {
  readonly record: WeightsRecord;
  readonly report: Record<string, unknown>;
}

/** Trains on `training`, picks the threshold on `tuning` (benign texts: 0 false positives plus margin). */
export function trainLearnedModel(
  training: readonly EvalRecord[],
  tuning: readonly EvalRecord[],
  options: TrainOptions = {},
): TrainResult {
  const ngrams = options.ngrams ?? true;
  const trainedGate = options.gate === undefined ? undefined : trainLearnedGate(training, options.gate);
  // The scorer trains on (and its threshold is chosen over) what this gate opens.
  setLearnedGate(trainedGate?.gate);
  const samples = collectSamples(training, ngrams);
  const { weights, bias } = fitEnsemble(samples, options);
  // Threshold from the quantized model, which is what the scanner will run.
  const provisional = quantize(weights, bias, 0, ngrams);
  const model = decodeModel(provisional);
  const tuningBenign = tuning.filter((record) => record.label === "benign");
  const tuningAttacks = tuning.filter((record) => record.label === "attack");
  const benignScores = textScores(tuningBenign, model);
  const highestBenign = benignScores.reduce((best, score) => Math.max(best, score), Number.NEGATIVE_INFINITY);
  const margin = options.margin ?? 0.25;
  const threshold = Number.isFinite(highestBenign) ? highestBenign + margin : bias + margin;
  const record = { ...quantize(weights, bias, threshold, ngrams), gate: trainedGate?.gate ?? NO_GATE };
  const attackScores = textScores(tuningAttacks, model);
  const caught = attackScores.filter((score) => score >= threshold).length;
  const positives = samples.filter((sample) => sample.label === 1).length;
  // The ceiling the gates set: tuning attacks with a scored segment inside the payload.
  const tuningAttacksGated = tuningAttacks.filter((attack) => {
    let gated = false;
    forEachLearnedSegment(attack.text, (_view, start, end) => {
      if (overlapsSpan(attack, start, end)) gated = true;
    });
    return gated;
  }).length;
  return {
    record,
    report: {
      trainingTexts: training.length,
      examples: samples.length,
      positiveExamples: positives,
      tuningBenignTexts: tuningBenign.length,
      highestBenignScore: Number(highestBenign.toFixed(4)),
      threshold: record.threshold,
      tuningAttackTexts: tuningAttacks.length,
      tuningAttacksCaughtByLearnedStageAlone: caught,
      tuningAttacksGated,
      ...trainedGate?.report,
    },
  };
}

/** The TypeScript module committed as lib/guards/quarantine/learned-weights.ts. */
export function weightsModule(record: WeightsRecord): string {
  return `// Generated by \`npm run train:quarantine\` (scripts/quarantine/train.ts). Do not edit by hand.
export const LEARNED_WEIGHTS = {
  signature: ${JSON.stringify(record.signature)},
  bias: ${record.bias},
  threshold: ${record.threshold},
  scale: ${record.scale},
  ngrams: ${record.ngrams},
  weights:
    ${JSON.stringify(record.weights)},
} as const;

/** The learned gate (detection-rules.ts LearnedGate). */
export const LEARNED_GATE = {
  threshold: ${(record.gate ?? NO_GATE).threshold},
${stringField("words", (record.gate ?? NO_GATE).words)}
${stringField("weights", (record.gate ?? NO_GATE).weights)}
};
`;
}

/** One string property of the generated module, broken as the formatter (line width 110) leaves it. */
function stringField(name: string, value: string): string {
  const line = `  ${name}: ${JSON.stringify(value)},`;
  return line.length <= 110 ? line : `  ${name}:\n    ${JSON.stringify(value)},`;
}

/** The training and tuning sets (see the file comment); throws when the dependency corpus is not exact. */
export function trainingData(): { training: EvalRecord[]; tuning: EvalRecord[] } {
  const keelTrain = [...keelSplit("train"), ...keelQuotedSplit("train")];
  const keelDev = [...keelSplit("dev"), ...keelQuotedSplit("dev")];
  const sharedDev = sharedSplit("dev");
  const handwritten = handwrittenCases();
  const hardBenign = hardBenignCases();
  const hardTraining = hardBenign.filter((record) => hardBenignPartition(record) === "train");
  const hardTuning = hardBenign.filter((record) => hardBenignPartition(record) === "threshold");
  const docs = loadDependencyCorpus();
  const problems = [...sharedDevProblems(), ...docs.problems];
  if (problems.length > 0)
    throw new Error(
      `the training data pinned by scripts/quarantine/dependency-corpus.json is not what is installed ` +
        `(${problems.length} problems; run \`npm ci\`, or rewrite the manifest on purpose with ` +
        `\`npm run corpus:quarantine-deps\` and retrain):\n  ${problems.slice(0, 40).join("\n  ")}`,
    );
  if (keelDev.length > 0)
    return {
      training: [...keelTrain, ...sharedDev, ...handwritten, ...hardTraining, ...docs.train],
      tuning: [...keelDev, ...hardTuning, ...docs.threshold],
    };
  const heldBack = (record: EvalRecord) => nameHash(record.id) % 5 === 0;
  return {
    training: [
      ...keelTrain,
      ...sharedDev.filter((record) => !heldBack(record)),
      ...handwritten,
      ...hardTraining,
      ...docs.train,
    ],
    tuning: [...sharedDev.filter(heldBack), ...hardTuning, ...docs.threshold],
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const ngrams = !args.includes("--no-ngrams");
  const outIndex = args.indexOf("--out");
  const out =
    outIndex >= 0 && args[outIndex + 1] !== undefined
      ? args[outIndex + 1]!
      : join(REPOSITORY_ROOT, "lib", "guards", "quarantine", "learned-weights.ts");
  let data: { training: EvalRecord[]; tuning: EvalRecord[] };
  try {
    data = trainingData();
  } catch (error) {
    process.stderr.write(`train:quarantine: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const { training, tuning } = data;
  if (training.length === 0) {
    process.stderr.write("train:quarantine: no training data (eval/keel/train, shared/eval/dev)\n");
    process.exit(1);
  }
  // The committed model is the gated one (chosen by the pre-registered rule in docs/quarantine.md);
  // `--no-gate` trains the candidate without the learned gate.
  const gateIndex = args.indexOf("--gate-recall");
  const gate: GateOptions | undefined = args.includes("--no-gate")
    ? undefined
    : { recall: gateIndex >= 0 ? Number(args[gateIndex + 1]) : undefined };
  const membersIndex = args.indexOf("--members");
  const seedIndex = args.indexOf("--seed");
  const members = membersIndex >= 0 ? Number(args[membersIndex + 1]) : undefined;
  const seed = seedIndex >= 0 ? Number(args[seedIndex + 1]) : undefined;
  const balanceIndex = args.indexOf("--language-balance");
  const languageBalance = balanceIndex >= 0 ? Number(args[balanceIndex + 1]) : undefined;
  if (
    (members !== undefined && !(Number.isInteger(members) && members >= 1 && members <= 100)) ||
    (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31)) ||
    (languageBalance !== undefined && !(languageBalance >= 0 && languageBalance <= 4))
  ) {
    process.stderr.write(
      "train:quarantine: --members takes an integer 1-100, --seed an integer >= 0, --language-balance a number 0-4\n",
    );
    process.exit(2);
  }
  const { record, report } = trainLearnedModel(training, tuning, {
    ngrams,
    gate,
    seed,
    ...(languageBalance === undefined ? {} : { languageBalance }),
    ...(members === undefined ? {} : { members, bagging: true }),
  });
  const module = weightsModule(record);
  if (args.includes("--check")) {
    const same = readFileSync(out, "utf8") === module;
    process.stdout.write(
      same
        ? `train:quarantine --check: the training reproduces ${out} byte for byte\n`
        : `train:quarantine --check: the training does NOT reproduce ${out}\n`,
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(out, module);
  process.stdout.write(`${JSON.stringify({ ...report, ngrams, out }, null, 2)}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
