import { decodeBase64 } from "./base64";
import {
  extractFeatures,
  FEATURE_COUNT,
  type FeatureOptions,
  type FeatureSink,
  featureSignature,
  writeWordGrams,
} from "./learned-features";
import { LEARNED_WEIGHTS } from "./learned-weights";
import type { SegmentView } from "./segment-view";

/**
 * The learned second stage's linear scorer: the logit of "this sentence is an order to the agent",
 * bias + sum of weight x feature over the features of learned-features.ts, with the weights trained by
 * scripts/quarantine/train.ts and committed as learned-weights.ts (int16, base64). No I/O; the weights
 * are decoded once, on first use.
 */

/** Weights as trained: a Float32Array of FEATURE_COUNT entries, the bias and the decision threshold. */
export interface LearnedModel {
  readonly weights: Float32Array;
  readonly bias: number;
  readonly threshold: number;
  /** False for a model trained without the hashed n-grams (the ablation that checks for memorizing). */
  readonly ngrams: boolean;
  /**
   * The int16 weights and their scale as decoded (decodeModel only): `weights[i]` is
   * `Math.fround(quantized[i] * scale)`. The scanner's sink reads these, half the memory of `weights`.
   */
  readonly quantized?: { readonly values: Int16Array; readonly scale: number };
}

/** Decodes a weights record; a record that does not match this code's features gives a model that never fires. */
export function decodeModel(record: {
  readonly signature: string;
  readonly bias: number;
  readonly threshold: number;
  readonly scale: number;
  readonly weights: string;
  readonly ngrams?: boolean;
}): LearnedModel {
  const weights = new Float32Array(FEATURE_COUNT);
  const values = new Int16Array(FEATURE_COUNT);
  const bytes = record.signature === featureSignature() ? decodeBase64(record.weights) : undefined;
  if (bytes === undefined || bytes.length !== FEATURE_COUNT * 2)
    return { weights, bias: 0, threshold: Number.POSITIVE_INFINITY, ngrams: true };
  for (let index = 0; index < FEATURE_COUNT; index++) {
    const low = bytes[index * 2]!;
    const high = bytes[index * 2 + 1]!;
    const value = (high << 8) | low;
    values[index] = value >= 0x8000 ? value - 0x10000 : value;
    weights[index] = values[index]! * record.scale;
  }
  return {
    weights,
    bias: record.bias,
    threshold: record.threshold,
    ngrams: record.ngrams !== false,
    quantized: { values, scale: record.scale },
  };
}

/**
 * What both scoring sinks share: the sum, and each word's n-gram weights kept between sentences
 * (keepGramWeights), read through the sink's own `weightAt` exactly as its `add` reads a weight.
 */
abstract class WordGramSink implements FeatureSink {
  sum = 0;
  /** Each word's n-gram weights (see keepGramWeights). */
  private readonly gramWeights = new Map<string, Float64Array>();
  abstract add(index: number, value: number): void;
  /** One weight, as `add` reads it. */
  protected abstract weightAt(index: number): number;
  addWordGrams(word: string, wordScale: number, characterScale: number): void {
    const weights =
      this.gramWeights.get(word) ?? keepGramWeights(this.gramWeights, word, (index) => this.weightAt(index));
    this.sum = addGramWeights(this.sum, weights, wordScale, characterScale);
  }
}

/** Sums weights of emitted features (one instance per model; not reentrant, extraction is synchronous). */
export class ScoreSink extends WordGramSink {
  constructor(private readonly weights: Float32Array) {
    super();
  }
  add(index: number, value: number): void {
    this.sum += this.weights[index]! * value;
  }
  protected weightAt(index: number): number {
    return this.weights[index]!;
  }
}

/**
 * ScoreSink over the int16 weights: the same products and sums (each weight rounded to float32 exactly
 * as the Float32Array holds it), with half the memory touched per feature.
 */
class QuantizedScoreSink extends WordGramSink {
  constructor(
    private readonly values: Int16Array,
    private readonly scale: number,
  ) {
    super();
  }
  add(index: number, value: number): void {
    this.sum += Math.fround(this.values[index]! * this.scale) * value;
  }
  protected weightAt(index: number): number {
    return Math.fround(this.values[index]! * this.scale);
  }
}

/** Words whose n-gram weights a sink keeps, at most (the map is emptied when full). */
const GRAM_WEIGHT_WORDS = 16_384;

/**
 * The weights of `word`'s n-grams (learned-features.ts writeWordGrams: the unigram's, then each
 * character trigram's), read and kept in `cache` for the word's next sentences (a sink asks the cache
 * first). Words recur from sentence to sentence, so most are found there and their weights read side by
 * side, instead of each n-gram being hashed again and its weight read from a random place in a table of
 * 128K weights. `weightAt` reads one weight as the sink's `add` does.
 */
function keepGramWeights(
  cache: Map<string, Float64Array>,
  word: string,
  weightAt: (index: number) => number,
): Float64Array {
  const indices = new Int32Array(word.length + 1);
  writeWordGrams(word, indices);
  const weights = new Float64Array(indices.length);
  for (let gram = 0; gram < indices.length; gram++) weights[gram] = weightAt(indices[gram]!);
  if (cache.size >= GRAM_WEIGHT_WORDS) cache.clear();
  cache.set(word, weights);
  return weights;
}

/**
 * `sum` plus each of a word's n-gram weights times its scale, added one by one in the order the sink's
 * `add` calls would add them (the unigram at `wordScale`, then the trigrams at `characterScale`), so
 * the sum is the same to the last bit.
 */
function addGramWeights(
  sum: number,
  weights: Float64Array,
  wordScale: number,
  characterScale: number,
): number {
  let total = sum + weights[0]! * wordScale;
  for (let gram = 1; gram < weights.length; gram++) total += weights[gram]! * characterScale;
  return total;
}

let activeModel: LearnedModel | undefined;

/** The model the scanner uses: the committed one (decoded on first use) unless setLearnedModel replaced it. */
export function activeLearnedModel(): LearnedModel {
  activeModel ??= decodeModel(LEARNED_WEIGHTS);
  return activeModel;
}

/**
 * Makes the scanner use `model` (undefined: the committed model again). For the evaluation script's
 * ablations and the training tests; the scanner itself never calls it.
 */
export function setLearnedModel(model: LearnedModel | undefined): void {
  activeModel = model;
}

const NO_NGRAMS: FeatureOptions = { ngrams: false };

const sinks = new WeakMap<LearnedModel, ScoreSink | QuantizedScoreSink>();

/** The logit of a segment under `model`. Total: any failure scores -Infinity (never flags). */
export function learnedScore(view: SegmentView, model: LearnedModel): number {
  try {
    let sink = sinks.get(model);
    if (sink === undefined) {
      sink =
        model.quantized === undefined
          ? new ScoreSink(model.weights)
          : new QuantizedScoreSink(model.quantized.values, model.quantized.scale);
      sinks.set(model, sink);
    }
    sink.sum = model.bias;
    extractFeatures(view, sink, model.ngrams ? undefined : NO_NGRAMS);
    return Number.isFinite(sink.sum) ? sink.sum : Number.NEGATIVE_INFINITY;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}
