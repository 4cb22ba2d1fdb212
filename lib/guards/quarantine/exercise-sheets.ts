import type { RemovalRange } from "./expand-removals";

/**
 * Exercise sheets, exams, homework and lesson plans. Their tasks are orders to a student in the second
 * person ("Lies den Text zuerst vollständig durch", "Schreibe selbst einen Systemprompt für einen
 * Chatbot ...", "Rispondi: è giusto che un assistente ubbidisca ...?", "Student B: Pretend you are not
 * good with technology."), and since schools now teach about chatbots, they name system prompts, rules
 * and assistants as often as an injection does. The learned stage and the persona and prompt-extraction
 * rules removed them. A text is read as an exercise sheet when both hold:
 *
 * - one of its first three non-blank lines is a heading (at most HEADING_LENGTH characters, no full
 *   stop at its end) that names the genre ("Exercise Sheet 6", "Homework", "Lesson 14", "Klassenarbeit",
 *   "Hausaufgabe", "Arbeitsblatt", "Compito per casa", "Esercitazione");
 * - the text is laid out as tasks: two numbered task lines ("1.", "2)", "Exercise 2", "Aufgabe 3",
 *   "Esercizio 1", "Task 4"), or a task worth points ("(4 points)", "(6 P.)", "(3 punti)"), or a word of
 *   handing in ("Abgabe", "Consegna", "Submit", "Bearbeitungszeit").
 *
 * Then the removals of those three readings are dropped (DROPPED_RULES); every other rule's stand: an
 * order for the agent's tools, a chat-template token, an encoded payload or an order to drop the agent's
 * instructions is removed whatever the page around it. Linear: three regular-expression searches over
 * the text's opening and the text, only when a removal of those readings was made.
 */

/** The readings whose removals an exercise sheet's tasks are read out of. */
const DROPPED_RULES = new Set(["learned-order", "persona-switch", "prompt-extraction"]);

/** How much of the text's opening is read for the genre's name. */
const HEADING_REACH = 400;

/** The genre's name in a heading line. */
const GENRE_WORDS =
  /\b(?:exercise sheet|exercises?|worksheet|homework|assignment|exam|quiz|lesson|klassenarbeit|hausaufgaben?|arbeitsblatt|übungsblatt|übung|prüfung|klausur|lektion|unterrichtseinheit|compit[oi]|esercitazione|eserciz[io]|scheda didattica|lezione)\b/i;

/** The longest line read as a heading: a title, not a sentence of prose that names exercises. */
const HEADING_LENGTH = 90;

/** A numbered task at a line's opening. */
const TASK_LINE =
  /(?:^|\n)[ \t]*(?:\d{1,2}[.)]|(?:exercise|task|question|aufgabe|frage|esercizio|domanda|compito)[ \t]+\d{1,2})[ \t]/gi;

/** Points a task is worth, or a word of handing the work in. */
const SHEET_MARKS =
  /\(\s*\d{1,3}\s*(?:points?|pts?\.?|punkte|p\.|punti)\s*\)|\b(?:abgabe|bearbeitungszeit|consegna|submit|tempo a disposizione)\b/i;

/** True when `text` reads as an exercise sheet (see the file comment). */
export function isExerciseSheet(text: string): boolean {
  let lines = 0;
  let index = 0;
  let heading = false;
  while (lines < 3 && index < Math.min(text.length, HEADING_REACH)) {
    let end = text.indexOf("\n", index);
    if (end < 0) end = text.length;
    const line = text.slice(index, Math.min(end, index + HEADING_REACH));
    const trimmed = line.trim();
    if (trimmed !== "") {
      lines++;
      if (trimmed.length <= HEADING_LENGTH && !trimmed.endsWith(".") && GENRE_WORDS.test(trimmed))
        heading = true;
    }
    index = end + 1;
  }
  if (!heading) return false;
  if (SHEET_MARKS.test(text)) return true;
  TASK_LINE.lastIndex = 0;
  return TASK_LINE.exec(text) !== null && TASK_LINE.exec(text) !== null;
}

/** The removals that are not an exercise sheet's tasks (see the file comment). */
export function withoutExerciseTasks(text: string, removals: RemovalRange[]): RemovalRange[] {
  if (!removals.some((removal) => DROPPED_RULES.has(removal.rule)) || !isExerciseSheet(text)) return removals;
  return removals.filter((removal) => !DROPPED_RULES.has(removal.rule));
}
