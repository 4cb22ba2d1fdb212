/**
 * The words a text uses for whoever reads it by what it does with the text: "whoever", "anyone who",
 * "wer", "chiunque", and the verbs of reading and of handling a text. Read by the address to whoever
 * reads the text (scan-tool-result-text.ts textReaderAddress) and by the orders put on whoever handles
 * it (third-person-orders.ts whoeverOrderStart).
 */
import { wordSet } from "../word-set";

/**
 * Openers of a clause that addresses whoever reads the text: "whoever", "anyone/anybody who", "wer (auch
 * immer)", "chiunque".
 */
export const WHOEVER_WORDS = wordSet(["whoever", "whosoever", "wer", "chiunque"]);

/** "anyone", "anybody": the reader addressed when "who" follows ("Anyone who reads this page: ..."). */
export const ANYONE_WORDS = wordSet(["anyone", "anybody"]);

/** Verbs of reading a text, which a person does as much as an agent: "reads", "liest", "legge". */
export const TEXT_READING_VERBS = wordSet([
  "read",
  "reads",
  "reading",
  "liest",
  "legge",
  "leggendo",
  "lesen",
]);

/**
 * Verbs of what an agent, rather than a person, does with a text, in the forms a "whoever" clause uses:
 * summarises, processes, parses, analyses, indexes, ingests; "zusammenfasst", "verarbeitet",
 * "auswertet", "analysiert"; "riassume", "elabora", "analizza" (and their "-ing" and gerund forms).
 */
export const TEXT_HANDLING_VERBS = wordSet([
  "summarises",
  "summarising",
  "summarize",
  "summarizes",
  "summarizing",
  "process",
  "processes",
  "processing",
  "parse",
  "parses",
  "parsing",
  "analyse",
  "analyses",
  "analysing",
  "analyze",
  "analyzes",
  "analyzing",
  "index",
  "indexes",
  "indexing",
  "ingest",
  "ingests",
  "ingesting",
  "zusammenfasst",
  "verarbeitet",
  "auswertet",
  "analysiert",
  "durchsucht",
  "riassume",
  "riassuma",
  "riassumendo",
  "elabora",
  "elabori",
  "elaborando",
  "analizza",
  "analizzi",
  "analizzando",
]);
