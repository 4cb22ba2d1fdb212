/**
 * HTML to readable plain text for `web_fetch`. Pure and linear-time (a hand-written scanner, no
 * backtracking patterns), never throws, tolerant of broken markup:
 * - `script`, `style`, `noscript`, `svg`, `template` and their content are dropped;
 * - block elements and `<br>` become line breaks, list items get a "- " prefix, table cells a space;
 * - entities are decoded (named ones in common use, all numeric ones);
 * - the text of HTML comments is KEPT, each comment on its own lines: instructions hidden there must
 *   still reach the quarantine scanner, which works line by line;
 * - text in `<pre>` keeps its line breaks; elsewhere runs of whitespace become one space.
 * Attributes (alt, title, href) are not rendered.
 */

import { HTML_BLOCK_ELEMENTS as BLOCK_ELEMENTS } from "@/lib/text/html-block-elements";

const DROPPED_ELEMENTS = new Set(["script", "style", "noscript", "svg", "template"]);

// Blocks followed by an empty line.
const PARAGRAPH_ELEMENTS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  shy: "",
  zwnj: "",
  zwj: "",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  dagger: "†",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  minus: "−",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup2: "²",
  sup3: "³",
  micro: "µ",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  iexcl: "¡",
  iquest: "¿",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  aacute: "á",
  eacute: "é",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  Aacute: "Á",
  Eacute: "É",
  Iacute: "Í",
  Oacute: "Ó",
  Uacute: "Ú",
  agrave: "à",
  egrave: "è",
  igrave: "ì",
  ograve: "ò",
  ugrave: "ù",
  Agrave: "À",
  Egrave: "È",
  Igrave: "Ì",
  Ograve: "Ò",
  Ugrave: "Ù",
  acirc: "â",
  ecirc: "ê",
  icirc: "î",
  ocirc: "ô",
  ucirc: "û",
  ccedil: "ç",
  Ccedil: "Ç",
  ntilde: "ñ",
  Ntilde: "Ñ",
  euml: "ë",
  iuml: "ï",
  oslash: "ø",
  aring: "å",
  aelig: "æ",
};

/** Decodes HTML character references (`&amp;`, `&#39;`, `&#x1F600;`); unknown names stay as written. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g,
    (match, body: string) => {
      if (body.startsWith("#")) {
        const codePoint =
          body[1] === "x" || body[1] === "X"
            ? Number.parseInt(body.slice(2), 16)
            : Number.parseInt(body.slice(1), 10);
        const valid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
        return valid ? String.fromCodePoint(codePoint) : "\uFFFD";
      }
      return NAMED_ENTITIES[body] ?? match;
    },
  );
}

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Index of `</name` (ASCII case-insensitive) at or after `from`, or -1. */
function findClosingTag(html: string, name: string, from: number): number {
  let position = from;
  while (true) {
    const candidate = html.indexOf("</", position);
    if (candidate < 0) return -1;
    const found = html.slice(candidate + 2, candidate + 2 + name.length).toLowerCase();
    const after = html.charCodeAt(candidate + 2 + name.length);
    if (found === name && !(isAsciiLetter(after) || (after >= 48 && after <= 57))) return candidate;
    position = candidate + 2;
  }
}

/** Index just after the `>` closing a tag that starts at `from`, honouring quoted attribute values. */
function findTagEnd(html: string, from: number): number {
  let quote = "";
  for (let index = from; index < html.length; index++) {
    const character = html[index];
    if (quote) {
      if (character === quote) quote = "";
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === ">") {
      return index + 1;
    }
  }
  return html.length;
}

/** Collects output: inline text with collapsed whitespace, explicit line breaks, and `<pre>` text. */
class TextCollector {
  private readonly lines: string[] = [];
  private current = "";

  appendInline(text: string): void {
    const collapsed = text.replace(/\s+/g, " ");
    if (collapsed === " " && (this.current === "" || this.current.endsWith(" "))) return;
    this.current += this.current === "" || this.current.endsWith(" ") ? collapsed.trimStart() : collapsed;
  }

  appendPreformatted(text: string): void {
    const pieces = text.split(/\r\n|\r|\n/);
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) this.breakLine(true);
      this.current += piece;
    }
  }

  /** Ends the current line; an empty line is kept only when `keepEmpty` (inside `<pre>`). */
  breakLine(keepEmpty = false): void {
    const line = this.current.trim();
    this.current = "";
    if (line !== "" || keepEmpty) this.lines.push(line);
  }

  blankLine(): void {
    this.breakLine();
    this.lines.push("");
  }

  toString(): string {
    this.breakLine();
    const output: string[] = [];
    for (const line of this.lines) {
      if (line === "" && (output.length === 0 || output[output.length - 1] === "")) continue;
      output.push(line);
    }
    while (output.length > 0 && output[output.length - 1] === "") output.pop();
    return output.join("\n");
  }
}

/**
 * Converts an HTML document or fragment to readable text (see the module comment for the rules).
 * Returns "" for empty input; lines are trimmed and at most one empty line separates blocks.
 */
export function htmlToText(html: string): string {
  const collector = new TextCollector();
  let preDepth = 0;
  let position = 0;
  const appendText = (raw: string) => {
    if (raw === "") return;
    const decoded = decodeHtmlEntities(raw);
    if (preDepth > 0) collector.appendPreformatted(decoded);
    else collector.appendInline(decoded);
  };

  while (position < html.length) {
    const open = html.indexOf("<", position);
    if (open < 0) {
      appendText(html.slice(position));
      break;
    }
    appendText(html.slice(position, open));

    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      const body = html.slice(open + 4, close < 0 ? html.length : close);
      collector.breakLine();
      for (const line of decodeHtmlEntities(body).split(/\r\n|\r|\n/)) {
        const text = line.replace(/\s+/g, " ").trim();
        if (text !== "") {
          collector.appendInline(text);
          collector.breakLine();
        }
      }
      position = close < 0 ? html.length : close + 3;
      continue;
    }

    const next = html.charCodeAt(open + 1);
    const isClosing = next === 47; // "/"
    const nameStart = isClosing ? open + 2 : open + 1;
    if (html[open + 1] === "!" || html[open + 1] === "?") {
      // <!DOCTYPE ...>, <![CDATA[...]]>, <?xml ...?>: markup, not text.
      position = findTagEnd(html, open + 2);
      continue;
    }
    if (!isAsciiLetter(html.charCodeAt(nameStart))) {
      // A bare "<" (as in "a < b") is text.
      appendText("<");
      position = open + 1;
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < html.length && !/[\s/>]/.test(html[nameEnd]!)) nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const tagEnd = findTagEnd(html, nameEnd);
    const selfClosing = html[tagEnd - 2] === "/";
    position = tagEnd;

    if (!isClosing && DROPPED_ELEMENTS.has(name)) {
      if (selfClosing) continue;
      const close = findClosingTag(html, name, tagEnd);
      position = close < 0 ? html.length : findTagEnd(html, close + 2);
      continue;
    }
    if (name === "br") {
      collector.breakLine();
    } else if (name === "td" || name === "th") {
      collector.appendInline(" ");
    } else if (BLOCK_ELEMENTS.has(name)) {
      if (name === "pre") preDepth = Math.max(0, preDepth + (isClosing ? -1 : selfClosing ? 0 : 1));
      if (isClosing && PARAGRAPH_ELEMENTS.has(name)) collector.blankLine();
      else collector.breakLine();
      if (!isClosing && name === "li") collector.appendInline("- ");
    }
  }
  return collector.toString();
}
