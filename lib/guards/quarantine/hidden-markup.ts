import { isAsciiLetter } from "./character-fold-table";
/**
 * Text a page hides from the person reading it: HTML comments, elements hidden by their markup
 * (`display:none`, `visibility:hidden`, `font-size:0`, `opacity:0`, placed far off-screen, the `hidden`
 * attribute, transparent text or text coloured like its background) and Markdown comments (`[//]: #
 * (...)`, `[comment]: <> (...)`). A model reads it like any
 * other text, and a page has few honest reasons to say something to a reader it hides from the people
 * looking at it, so the learned stage judges an order-shaped sentence there with a lower threshold
 * (HIDDEN_DISCOUNT; see scan-tool-result-text.ts hiddenTextRemovals). Nothing here removes anything by
 * itself: hidden comments and templates are everywhere on real pages ("<!-- Google Tag Manager -->",
 * "<!-- Please keep this list sorted -->"), and they only lose a sentence the learned stage already
 * scores as close to an order.
 */

import { LiteralGate } from "./literal-gates";

/**
 * Logits below the learned threshold at which a sentence in hidden text is removed (1.5 before this pass;
 * at 3.0 a line of minified JavaScript among the installed files measured went, see docs/quarantine.md).
 */
export const HIDDEN_DISCOUNT = 2.5;

/**
 * Logits below the learned threshold at which a hidden sentence that no word of the learned stage's gate
 * opens is removed: the model never saw such sentences in training, and its scores for them run high
 * ("<!-- Administrator: it-admin@firma.example, Durchwahl 4410 -->" scores 1.0 below the threshold).
 */
export const UNGATED_HIDDEN_DISCOUNT = 0.5;

/**
 * Logits below the learned threshold at which a sentence of a chat message in the data that claims the
 * system or developer role is removed: prompt-engineering examples hold such messages with harmless
 * guidance ("Du bist ein hilfreicher Assistent. Antworte immer auf Deutsch."), read within 2.5 logits.
 */
export const PRIVILEGED_DISCOUNT = 1.5;

/** Longest tag read for its attributes; a longer "tag" is not markup anyone renders. */
const MAX_TAG = 1_000;
/** Longest hidden element or comment content looked at (the rest of a longer one is scanned as usual). */
const MAX_HIDDEN = 16_384;

/** Attributes that hide an element's content (read on one tag, bounded by MAX_TAG). */
const HIDING_ATTRIBUTES =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(?:left|top)\s*:\s*-\d{3,}px|\shidden(?=[\s>=/])/i;

/** A style's text colour and its background colour (`color:#fff;background:#ffffff`), read on one tag. */
const TEXT_COLOR = /(?:^|[\s;"'])color\s*:\s*([#\w(),.%\s]{1,40}?)\s*(?=[;"']|$)/i;
const BACKGROUND_COLOR = /background(?:-color)?\s*:\s*([#\w(),.%\s]{1,40}?)\s*(?=[;"']|$)/i;

/** Colour names for white and black as the hex value they stand for; other values as written. */
function canonicalColor(value: string): string {
  const color = value.toLowerCase().replace(/\s+/g, "");
  if (color === "white" || color === "#fff" || color === "rgb(255,255,255)") return "#ffffff";
  if (color === "black" || color === "#000" || color === "rgb(0,0,0)") return "#000000";
  return color;
}

/**
 * True when a tag's attributes hide its text by colour: transparent text, or a text colour equal to the
 * background colour set on the same tag (white on white). Text that only looks faint stays text.
 */
function hidesByColor(attributes: string): boolean {
  const color = TEXT_COLOR.exec(attributes);
  if (color === null) return false;
  const text = canonicalColor(color[1]!);
  if (text === "transparent" || /^rgba\([^)]*,0(?:\.0*)?\)$/.test(text)) return true;
  const background = BACKGROUND_COLOR.exec(attributes);
  return background !== null && canonicalColor(background[1]!) === text;
}

/** Elements whose content is never text for a reader anyway (code, styles): not hidden text. */
const NON_TEXT_ELEMENTS = new Set(["script", "style", "template", "noscript", "svg", "math"]);

function isLineBreak(codeUnit: number): boolean {
  return codeUnit === 10 || codeUnit === 13;
}

/**
 * The hidden ranges of `text` as a flat [start0, end0, start1, end1, ...] list, sorted and disjoint:
 * the content of each comment and hidden element (without its tags) and of each Markdown comment.
 * Linear: one native search for "<" and for each Markdown comment form; every tag is read up to its
 * ">" or the next "<" (so no character is read for two tags), and the search goes on after each
 * hidden range.
 */
export function findHiddenRanges(text: string): number[] {
  const ranges: number[] = [];
  let index = text.indexOf("<");
  while (index >= 0 && index < text.length) {
    let next = index + 1;
    if (text.startsWith("<!--", index)) {
      const close = text.indexOf("-->", index + 4);
      const end = close < 0 ? text.length : close;
      pushRange(ranges, index + 4, Math.min(end, index + 4 + MAX_HIDDEN));
      next = close < 0 ? text.length : close + 3;
    } else if (isAsciiLetter(text.charCodeAt(index + 1))) {
      // The tag: its name, then up to ">" (or the next "<", or MAX_TAG).
      let nameEnd = index + 1;
      while (
        nameEnd < text.length &&
        (isAsciiLetter(text.charCodeAt(nameEnd)) || isDigit(text.charCodeAt(nameEnd)))
      )
        nameEnd++;
      let tagEnd = nameEnd;
      while (tagEnd < text.length && tagEnd - index < MAX_TAG) {
        const codeUnit = text.charCodeAt(tagEnd);
        if (codeUnit === 62 || codeUnit === 60) break;
        tagEnd++;
      }
      next = tagEnd;
      if (text.charCodeAt(tagEnd) === 62) {
        const name = text.slice(index + 1, nameEnd).toLowerCase();
        if (
          !NON_TEXT_ELEMENTS.has(name) &&
          text.charCodeAt(tagEnd - 1) !== 47 &&
          (HIDING_ATTRIBUTES.test(text.slice(nameEnd, tagEnd + 1)) ||
            hidesByColor(text.slice(nameEnd, tagEnd)))
        ) {
          const contentStart = tagEnd + 1;
          const closing = findClosingTag(text, name, contentStart);
          const end = closing < 0 ? Math.min(text.length, contentStart + MAX_HIDDEN) : closing;
          pushRange(ranges, contentStart, Math.min(end, contentStart + MAX_HIDDEN));
          next = Math.max(next, Math.min(end, contentStart + MAX_HIDDEN));
        }
      }
    }
    index = text.indexOf("<", Math.max(next, index + 1));
  }
  const comments = [markdownComments(text, "[//]:"), markdownComments(text, "[comment]:")];
  return comments[0]!.length + comments[1]!.length === 0 ? ranges : mergeRanges([ranges, ...comments]);
}

/**
 * Attributes whose value is text for a person (alt text, a link's or element's title, a meta tag's
 * content, labels and placeholders), read by a model like any other sentence of the page.
 */
const PROSE_ATTRIBUTE_NAMES = new Set([
  "alt",
  "title",
  "content",
  "aria-label",
  "aria-description",
  "placeholder",
  "label",
  "summary",
]);

/** Longest prose attribute name (PROSE_ATTRIBUTE_NAMES), in code units. */
const MAX_ATTRIBUTE_NAME = 16;

function isBlankCode(codeUnit: number): boolean {
  return codeUnit === 32 || codeUnit === 9;
}

/**
 * For the "=" at `equals`: the index of the opening quote of a prose attribute's value
 * (`<space or quote>name[ \t]{0,4}=[ \t]{0,4}["']`, the name one of PROSE_ATTRIBUTE_NAMES in any
 * case), or -1. The character before the name must not lie below `floor` (it may not be read twice).
 * The same matches as a regular expression over the whole text, which tried a match at every space
 * (a third of the attribute search's time went there).
 */
function proseAttributeQuote(text: string, equals: number, floor: number): number {
  let quote = equals + 1;
  while (quote < text.length && quote - equals <= 4 && isBlankCode(text.charCodeAt(quote))) quote++;
  const quoteCode = text.charCodeAt(quote);
  if (quoteCode !== 34 && quoteCode !== 39) return -1;
  let nameEnd = equals;
  while (nameEnd > 0 && equals - nameEnd < 4 && isBlankCode(text.charCodeAt(nameEnd - 1))) nameEnd--;
  let nameStart = nameEnd;
  while (nameStart > 0 && nameEnd - nameStart <= MAX_ATTRIBUTE_NAME) {
    const codeUnit = text.charCodeAt(nameStart - 1);
    if (!(isAsciiLetter(codeUnit) || codeUnit === 45)) break;
    nameStart--;
  }
  if (nameStart === nameEnd || nameStart - 1 < floor) return -1;
  const before = text.charCodeAt(nameStart - 1);
  if (!(before === 34 || before === 39 || /\s/.test(text[nameStart - 1]!))) return -1;
  return PROSE_ATTRIBUTE_NAMES.has(text.slice(nameStart, nameEnd).toLowerCase()) ? quote : -1;
}

/** Longest attribute value read. */
const MAX_ATTRIBUTE_VALUE = 2_048;

/**
 * The ranges of the values of prose attributes (PROSE_ATTRIBUTE) inside markup tags that hold at least
 * two spaces (a sentence, not a file name or a single word), as a flat sorted [start, end, ...] list.
 * The learned stage reads a sentence as it stands in its line, where the tag's words around such a
 * value are the carrier's and are left out of its features - and with them the value itself; so the
 * values are scored on their own (scan-tool-result-text.ts). Linear: one native search; whether a match
 * stands inside a tag is read back only to the previous match, and each value is read once.
 */
export function findProseAttributeRanges(text: string): number[] {
  const ranges: number[] = [];
  if (text.indexOf("<") < 0) return ranges;
  // Where the search may go on, and the lowest index the next match's leading space or quote may have.
  let searchFrom = 0;
  let searchFloor = 0;
  let floor = 0;
  let inTagAtFloor = false;
  for (let equals = text.indexOf("="); equals >= 0; equals = text.indexOf("=", searchFrom)) {
    searchFrom = equals + 1;
    const quoteAt = proseAttributeQuote(text, equals, searchFloor);
    if (quoteAt < 0) continue;
    // Inside a tag when the nearest "<" or ">" before the attribute (back to the last value read) is a
    // tag's "<".
    let inTag: boolean = inTagAtFloor;
    for (let index = equals; index >= floor; index--) {
      const codeUnit = text.charCodeAt(index);
      if (codeUnit === 60 || codeUnit === 62) {
        inTag = codeUnit === 60 && isAsciiLetter(text.charCodeAt(index + 1));
        break;
      }
    }
    const quote = text.charCodeAt(quoteAt);
    const start = quoteAt + 1;
    const limit = Math.min(text.length, start + MAX_ATTRIBUTE_VALUE);
    let end = start;
    let spaces = 0;
    while (end < limit) {
      const codeUnit = text.charCodeAt(end);
      if (codeUnit === quote || codeUnit === 60 || codeUnit === 62) break;
      if (codeUnit === 32) spaces++;
      end++;
    }
    if (inTag && spaces >= 2 && text.charCodeAt(end) === quote) pushRange(ranges, start, end);
    floor = end;
    inTagAtFloor = inTag;
    searchFloor = Math.max(start, end + 1);
    searchFrom = Math.max(searchFrom, searchFloor);
  }
  return ranges;
}

/** Longest key of a "key: value" line (findLineValueRangesIn). */
const MAX_KEY = 40;

/**
 * The ranges of the line values that hold a sentence (at least two spaces), scored on their own by the
 * learned stage: the text of a Markdown list item ("- ...", "+ ...") and the value of a "key: value"
 * line - YAML and front matter ("note: ..."), calendar properties ("DESCRIPTION:..."), mail headers.
 * The learned stage reads a sentence with its first words: there a list marker is read as a code
 * comment's opener (learned-features.ts `comment-opener`, which keeps benign comments down) and a key's
 * word stood where the value's first word opens. A key is a word of letters, digits, "_", "-", "." (and
 * ICS parameters after ";") at the start of its line, after indentation or a list marker; no "://"
 * after the colon (a URL). A "* " item is left out: it is also how a doc comment's lines open, whose
 * code examples the comment-opener feature keeps down. Speaker and role labels ("Alice:", "System:")
 * are read by the role-label rules with their line; their values are scored on their own here as well,
 * as the same words on a line of their own would be. Only the lines that overlap one of `regions` (flat [start, end, opensLine, ...], sorted and disjoint:
 * the pre-filter's candidate regions; [0, text.length, 1] for every line) are read: the values of
 * other lines cannot hold an order the learned stage would score (see scan-tool-result-text.ts
 * lineValueRemovals). Linear: every line is read once, and a region's first line start is searched
 * back only to the first line not read yet.
 */
export function findLineValueRangesIn(text: string, regions: readonly number[]): number[] {
  const ranges: number[] = [];
  // Start of the first line not read yet (a line start, or the text's length).
  let next = 0;
  for (let region = 0; region < regions.length; region += 3) {
    const regionStart = regions[region]!;
    const regionEnd = regions[region + 1]!;
    let lineStart = Math.max(regionStart, next);
    if (regionStart >= next) while (lineStart > next && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    while (lineStart < regionEnd && lineStart < text.length) {
      let lineEnd = text.indexOf("\n", lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      pushLineValue(text, lineStart, lineEnd, ranges);
      lineStart = lineEnd + 1;
    }
    next = Math.max(next, lineStart);
  }
  return ranges;
}

/**
 * Appends the value of the line text[lineStart, lineEnd) to `ranges`, if it has one (see
 * findLineValueRangesIn): a list item's text, or a key's value (also after a list marker).
 */
function pushLineValue(text: string, lineStart: number, lineEnd: number, ranges: number[]): void {
  let at = lineStart;
  while (at < lineEnd && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
  const marker = text.charCodeAt(at);
  const listItem = (marker === 45 || marker === 43) && text.charCodeAt(at + 1) === 32;
  if (listItem) {
    at += 2;
    while (at < lineEnd && text.charCodeAt(at) === 32) at++;
  }
  const valueStart = keyValueStart(text, at, lineEnd);
  if (valueStart >= 0) pushSentence(text, valueStart, lineEnd, ranges);
  else if (listItem) pushSentence(text, at, lineEnd, ranges);
}

/** Where the value of a "key:" opening at `at` starts (after the colon and blanks), or -1. */
function keyValueStart(text: string, at: number, lineEnd: number): number {
  const keyStart = at;
  if (!isAsciiLetter(text.charCodeAt(at))) return -1;
  let index = at + 1;
  while (index < lineEnd && index - keyStart <= MAX_KEY && isKeyCharacter(text.charCodeAt(index))) index++;
  // ICS parameters: "DESCRIPTION;LANGUAGE=de:".
  if (text.charCodeAt(index) === 59)
    while (index < lineEnd && index - keyStart <= MAX_KEY * 2 && text.charCodeAt(index) !== 58) index++;
  if (text.charCodeAt(index) !== 58 || index - keyStart > MAX_KEY * 2 || text.startsWith("//", index + 1))
    return -1;
  index++;
  while (index < lineEnd && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index++;
  return index;
}

/**
 * Appends text[start, lineEnd), up to a JSON-escaped line break ("\\n") and trimmed, when it holds at
 * least two spaces (a sentence, not a word).
 */
function pushSentence(text: string, start: number, lineEnd: number, ranges: number[]): void {
  let end = start;
  while (end < lineEnd && !(text.charCodeAt(end) === 92 && text.charCodeAt(end + 1) === 110)) end++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 13)) end--;
  let spaces = 0;
  for (let index = start; index < end && spaces < 2; index++) if (text.charCodeAt(index) === 32) spaces++;
  if (spaces >= 2) pushRange(ranges, start, end);
}

function isKeyCharacter(codeUnit: number): boolean {
  return (
    isAsciiLetter(codeUnit) || isDigit(codeUnit) || codeUnit === 95 || codeUnit === 45 || codeUnit === 46
  );
}

/**
 * True when a sentence ends right before `at` ("... wieder klar. [//]: # (...)"): a Markdown comment
 * pasted into a line of prose, which a renderer shows but a writer meant to hide.
 */
function afterSentenceEnd(text: string, at: number): boolean {
  if (text.charCodeAt(at - 1) !== 32) return false;
  const end = text.charCodeAt(at - 2);
  return end === 46 || end === 33 || end === 63;
}

/** True when text[index] is the "n" of a JSON-escaped line break ("\\n"). */
function endsEscapedBreakAt(text: string, index: number): boolean {
  return index > 0 && text.charCodeAt(index) === 110 && text.charCodeAt(index - 1) === 92;
}

/**
 * The contents of the Markdown comments opened by `opener` ("[//]: # (text)", "[comment]: <> (text)"):
 * a link definition at the start of a line whose title, in parentheses or quotes, no renderer shows.
 * A line also starts after a JSON-escaped break: an issue's Markdown body inside an API's JSON
 * ("body": "...\\n\\n[//]: # (...)"), where the comment ends at the next escaped break. Sorted; one
 * native search per comment, each line read once.
 */
function markdownComments(text: string, opener: string): number[] {
  const ranges: number[] = [];
  for (let at = text.indexOf(opener); at >= 0; at = text.indexOf(opener, at + opener.length)) {
    if (
      at > 0 &&
      !isLineBreak(text.charCodeAt(at - 1)) &&
      !endsEscapedBreakAt(text, at - 1) &&
      !afterSentenceEnd(text, at)
    )
      continue;
    let open = at + opener.length;
    while (
      open < text.length &&
      open - at < 24 &&
      text.charCodeAt(open) !== 40 &&
      text.charCodeAt(open) !== 34
    )
      open++;
    if (open >= text.length || (text.charCodeAt(open) !== 40 && text.charCodeAt(open) !== 34)) continue;
    let end = open + 1;
    while (
      end < text.length &&
      !isLineBreak(text.charCodeAt(end)) &&
      !(text.charCodeAt(end) === 92 && text.charCodeAt(end + 1) === 110) &&
      end - open < MAX_HIDDEN
    )
      end++;
    pushRange(ranges, open + 1, end);
  }
  return ranges;
}

/** Merges sorted flat range lists into one sorted, disjoint list (overlapping ranges joined). */
function mergeRanges(lists: readonly number[][]): number[] {
  const pairs: [number, number][] = [];
  for (const list of lists)
    for (let at = 0; at < list.length; at += 2) pairs.push([list[at]!, list[at + 1]!]);
  pairs.sort((left, right) => left[0] - right[0]);
  const merged: number[] = [];
  for (const [start, end] of pairs) {
    if (merged.length > 0 && start <= merged[merged.length - 1]!)
      merged[merged.length - 1] = Math.max(merged[merged.length - 1]!, end);
    else merged.push(start, end);
  }
  return merged;
}

function isDigit(codeUnit: number): boolean {
  return codeUnit >= 48 && codeUnit <= 57;
}

/**
 * Index of the closing tag `</name` that ends the element opened before `from` (same-name elements
 * nested inside counted), or -1 when it does not close within MAX_HIDDEN characters.
 */
function findClosingTag(text: string, name: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_HIDDEN);
  let depth = 0;
  for (let at = text.indexOf("<", from); at >= 0 && at < limit; at = text.indexOf("<", at + 1)) {
    const closing = text.charCodeAt(at + 1) === 47;
    const nameStart = closing ? at + 2 : at + 1;
    if (!namesElement(text, nameStart, name)) continue;
    const after = text.charCodeAt(nameStart + name.length);
    if (isAsciiLetter(after) || isDigit(after)) continue;
    if (!closing) depth++;
    else if (depth === 0) return at;
    else depth--;
  }
  return -1;
}

/** True when text at `at` spells `name` (lower case) in any case, without building a string. */
function namesElement(text: string, at: number, name: string): boolean {
  if (at + name.length > text.length) return false;
  for (let index = 0; index < name.length; index++)
    if ((text.charCodeAt(at + index) | 32) !== name.charCodeAt(index)) return false;
  return true;
}

function pushRange(ranges: number[], start: number, end: number): void {
  if (end > start) ranges.push(start, end);
}

/**
 * A chat message inside the data that claims a privileged role: `"role": "system"` (or developer) in
 * JSON, also JSON-escaped inside a string (`\"role\": \"system\"`), and `role: system` in YAML. Its
 * content is what an attacker wants the model to take for its operator's words; prompt-engineering
 * docs show such messages too ("You are a helpful assistant."), so, like hidden text, the content only
 * gets the lower learned threshold (no removal for the role alone).
 */
const PRIVILEGED_ROLE =
  /(?:role|ruolo|rolle)(\\?"?)[ \t]{0,8}:[ \t]{0,8}(\\?["']?)(?:system|developer|sistema|entwickler|sviluppatore)\2[ \t]{0,8}(?=[,}\r\n]|\\n)/gi;

/**
 * The literals of PRIVILEGED_ROLE's key and of its value, as two literal gates (literal-gates.ts):
 * every match holds one of the keys and one of the values, so in a text without both
 * findPrivilegedMessageRanges finds nothing, and the scan skips it.
 */
export const PRIVILEGED_ROLE_KEY_GATE = new LiteralGate(PRIVILEGED_ROLE, ["role", "ruolo", "rolle"]);
export const PRIVILEGED_ROLE_VALUE_GATE = new LiteralGate(PRIVILEGED_ROLE, [
  "system",
  "developer",
  "sistema",
  "entwickler",
  "sviluppatore",
]);

/**
 * True when the role key at `at` opens a JSON key (`"role"`, `\"role\"`) or a YAML key at the start of
 * its line (`role:`, `- role:`): not "the role: system administrator" in prose.
 */
function opensRoleKey(text: string, at: number, quoted: boolean): boolean {
  if (quoted) return text.charCodeAt(at - 1) === 34;
  for (let index = at - 1; index >= 0 && at - index <= 24; index--) {
    const codeUnit = text.charCodeAt(index);
    if (isLineBreak(codeUnit) || (codeUnit === 110 && text.charCodeAt(index - 1) === 92)) return true;
    if (codeUnit !== 32 && codeUnit !== 9 && codeUnit !== 45) return false;
  }
  return at === 0;
}

/** How far after the role its message's content key is looked for. */
const CONTENT_REACH = 200;

/**
 * The JSON "content" string value that ends right before the role key at `roleAt` (`"content": "...",
 * "role"`, also JSON-escaped), as a [start, end) range of its text, or undefined. Reads back at most
 * MAX_HIDDEN characters and never below `floor` (the end of the previous range), so each character is
 * read back for at most one role key.
 */
function contentBeforeRole(text: string, roleAt: number, floor: number): [number, number] | undefined {
  // roleAt is the "r" of role; before it: the key's opening quote (escaped or not), a comma, spaces.
  let index = roleAt - 1;
  const escaped = text.charCodeAt(index - 1) === 92;
  index -= escaped ? 2 : 1;
  while (index > floor && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  if (text.charCodeAt(index) !== 44) return undefined;
  index--;
  while (index > floor && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  // The value's closing quote.
  if (text.charCodeAt(index) !== 34 || (escaped && text.charCodeAt(index - 1) !== 92)) return undefined;
  const end = escaped ? index - 1 : index;
  const limit = Math.max(floor, end - MAX_HIDDEN);
  // Back to the value's opening quote: the first quote not escaped (in a JSON-escaped string the
  // delimiter has one backslash before it, a quote inside the value three).
  let open = end - 1;
  for (; open > limit; open--) {
    if (text.charCodeAt(open) !== 34) continue;
    let backslashes = 0;
    while (text.charCodeAt(open - 1 - backslashes) === 92) backslashes++;
    if (escaped ? backslashes === 1 : backslashes % 2 === 0) break;
  }
  if (open <= limit) return undefined;
  const start = open + 1;
  // Before the opening quote: ":" and the key "content" (quoted as the role key is).
  let keyEnd = escaped ? open - 2 : open - 1;
  while (keyEnd > limit && (text.charCodeAt(keyEnd) === 32 || text.charCodeAt(keyEnd) === 9)) keyEnd--;
  if (text.charCodeAt(keyEnd) !== 58) return undefined;
  keyEnd--;
  while (keyEnd > limit && (text.charCodeAt(keyEnd) === 32 || text.charCodeAt(keyEnd) === 9)) keyEnd--;
  const key = escaped ? '\\"content\\"' : '"content"';
  if (!text.startsWith(key, keyEnd + 1 - key.length)) return undefined;
  return [start, end];
}

/**
 * The ranges of the contents of chat messages with a privileged role (PRIVILEGED_ROLE): the JSON
 * "content" string that follows the role in the same object, or the YAML `content:` value on the next
 * line. Sorted and disjoint; one native search, each content read once (bounded by MAX_HIDDEN).
 */
export function findPrivilegedMessageRanges(text: string): number[] {
  const ranges: number[] = [];
  const search = PRIVILEGED_ROLE;
  search.lastIndex = 0;
  let floor = 0;
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    if (!opensRoleKey(text, match.index, match[1]!.endsWith('"'))) continue;
    let after = match.index + match[0].length;
    // A YAML role line ends here: the content key is on the next line.
    if (match[1] === "") {
      if (text.charCodeAt(after) === 92) after += 2;
      else {
        if (text.charCodeAt(after) === 13) after++;
        if (text.charCodeAt(after) === 10) after++;
      }
    }
    const window = text.slice(after, Math.min(text.length, after + CONTENT_REACH));
    // The content key in English, Italian or German ("contenuto:", "Inhalt:" in a localized export).
    const content =
      /^(?:[^{}]*?)(\\?)"(?:content|contenuto|inhalt)\1"\s{0,8}:\s{0,8}\1"|^[ \t]{0,16}(?:content|contenuto|inhalt):[ \t]{0,8}/i.exec(
        window,
      );
    if (content === null) {
      // `{"content": "...", "role": "system"}`: the content came first in the same object.
      const before = contentBeforeRole(text, match.index, floor);
      if (before !== undefined) {
        pushRange(ranges, before[0], before[1]);
        floor = match.index;
      }
      continue;
    }
    const start = after + content[0].length;
    if (start < floor) continue;
    const escaped = content[1] === "\\";
    const quoted = content[0].endsWith('"');
    let end = start;
    const limit = Math.min(text.length, start + MAX_HIDDEN);
    while (end < limit) {
      const codeUnit = text.charCodeAt(end);
      if (quoted) {
        if (escaped ? codeUnit === 92 && text.charCodeAt(end + 1) === 34 : codeUnit === 34) break;
        // An escape inside the value: skip the escaped character (its pair in an escaped string).
        if (codeUnit === 92) {
          end += escaped ? 3 : 2;
          continue;
        }
      } else if (isLineBreak(codeUnit) || (codeUnit === 92 && text.charCodeAt(end + 1) === 110)) break;
      end++;
    }
    end = Math.min(end, limit);
    pushRange(ranges, start, end);
    floor = end;
    search.lastIndex = Math.max(search.lastIndex, end);
  }
  return ranges;
}
