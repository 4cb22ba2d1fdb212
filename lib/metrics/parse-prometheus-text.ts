/**
 * A strict parser for the Prometheus text exposition format 0.0.4, used to prove that `/api/metrics`
 * parses (no Prometheus parser package is installed here). It follows the format's grammar:
 *   - `# HELP <name> <escaped text>` and `# TYPE <name> counter|gauge|histogram|summary|untyped`, at most
 *     one of each per family, before the family's samples; other `#` lines are comments;
 *   - samples `<name>[{<label>="<escaped value>",...}] <value> [<timestamp ms>]`, names matching
 *     `[a-zA-Z_:][a-zA-Z0-9_:]*`, label names `[a-zA-Z_][a-zA-Z0-9_]*`, values Go floats (NaN, +Inf, -Inf);
 *   - a family's samples are contiguous; no duplicate series; label values only use `\\`, `\"`, `\n`
 *     escapes; the text ends with a newline.
 * Throws PrometheusParseError with the line number on the first violation. Pure.
 */

export class PrometheusParseError extends Error {
  override readonly name = "PrometheusParseError";
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  timestamp?: number;
}

export interface ParsedFamily {
  name: string;
  help?: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: ParsedSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const FLOAT = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|Inf|NaN)$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES = ["_total", "_created", "_bucket", "_sum", "_count"];

function unescapeText(text: string, allowQuote: boolean, line: number): string {
  let result = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char !== "\\") {
      result += char;
      continue;
    }
    const next = text[++index];
    if (next === "\\") result += "\\";
    else if (next === "n") result += "\n";
    else if (next === '"' && allowQuote) result += '"';
    else throw new PrometheusParseError(`invalid escape \\${next ?? ""}`, line);
  }
  return result;
}

function parseValue(text: string, line: number): number {
  if (!FLOAT.test(text)) throw new PrometheusParseError(`invalid value ${JSON.stringify(text)}`, line);
  if (/^[+]?Inf$/.test(text)) return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (/NaN$/.test(text)) return Number.NaN;
  return Number(text);
}

function parseLabels(text: string, line: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let rest = text.slice(1);
  for (;;) {
    if (rest.startsWith("}")) return { labels, rest: rest.slice(1) };
    const name = LABEL_NAME.exec(rest)?.[0];
    if (!name) throw new PrometheusParseError("invalid label name", line);
    if (Object.hasOwn(labels, name)) throw new PrometheusParseError(`duplicate label ${name}`, line);
    rest = rest.slice(name.length);
    if (!rest.startsWith('="')) throw new PrometheusParseError(`expected =" after ${name}`, line);
    rest = rest.slice(2);
    let end = 0;
    while (end < rest.length && rest[end] !== '"') end += rest[end] === "\\" ? 2 : 1;
    if (end >= rest.length) throw new PrometheusParseError("unterminated label value", line);
    labels[name] = unescapeText(rest.slice(0, end), true, line);
    rest = rest.slice(end + 1);
    if (rest.startsWith(",")) rest = rest.slice(1);
    else if (!rest.startsWith("}")) throw new PrometheusParseError("expected , or } after a label", line);
  }
}

function familyOf(sampleName: string, families: Map<string, ParsedFamily>): string {
  if (families.has(sampleName)) return sampleName;
  for (const suffix of SUFFIXES)
    if (sampleName.endsWith(suffix) && families.has(sampleName.slice(0, -suffix.length)))
      return sampleName.slice(0, -suffix.length);
  return sampleName;
}

/** Parses the exposition text into families, in order. */
export function parsePrometheusText(text: string): ParsedFamily[] {
  if (text.length > 0 && !text.endsWith("\n")) throw new PrometheusParseError("missing final newline", 0);
  const families = new Map<string, ParsedFamily>();
  const closed = new Set<string>();
  const series = new Set<string>();
  let current: string | null = null;
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    if (raw.startsWith("#")) {
      const match = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(raw);
      if (!match) return; // a comment
      const [, keyword, name, rest = ""] = match;
      if (!NAME.test(name!) || NAME.exec(name!)![0] !== name)
        throw new PrometheusParseError(`invalid metric name ${name}`, line);
      if (closed.has(name!)) throw new PrometheusParseError(`${name} appears in two places`, line);
      const family = families.get(name!) ?? { name: name!, type: "untyped" as const, samples: [] };
      if (family.samples.length > 0)
        throw new PrometheusParseError(`${keyword} after samples of ${name}`, line);
      if (keyword === "HELP") {
        if (family.help !== undefined) throw new PrometheusParseError(`second HELP for ${name}`, line);
        family.help = unescapeText(rest, false, line);
      } else {
        if (!TYPES.has(rest.trim())) throw new PrometheusParseError(`invalid type ${rest}`, line);
        if (families.has(name!) && family.type !== "untyped")
          throw new PrometheusParseError(`second TYPE for ${name}`, line);
        family.type = rest.trim() as ParsedFamily["type"];
      }
      if (current !== null && current !== name) closed.add(current);
      current = name!;
      families.set(name!, family);
      return;
    }
    const name = NAME.exec(raw)?.[0];
    if (!name) throw new PrometheusParseError("invalid sample line", line);
    let rest = raw.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith("{")) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.split(" ").filter((part, position) => position > 0 || part !== "");
    if (!rest.startsWith(" ") || parts.length < 1 || parts.length > 2)
      throw new PrometheusParseError("expected ' <value> [<timestamp>]'", line);
    const value = parseValue(parts[0]!, line);
    const timestamp = parts[1] === undefined ? undefined : Number(parts[1]);
    if (timestamp !== undefined && !Number.isInteger(timestamp))
      throw new PrometheusParseError("invalid timestamp", line);
    const familyName = familyOf(name, families);
    if (closed.has(familyName))
      throw new PrometheusParseError(`samples of ${familyName} are not contiguous`, line);
    if (current !== null && current !== familyName) closed.add(current);
    current = familyName;
    const family = families.get(familyName) ?? { name: familyName, type: "untyped" as const, samples: [] };
    families.set(familyName, family);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (series.has(key)) throw new PrometheusParseError(`duplicate series ${key}`, line);
    series.add(key);
    family.samples.push({ name, labels, value, ...(timestamp === undefined ? {} : { timestamp }) });
  });
  return [...families.values()];
}
