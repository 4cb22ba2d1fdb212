/**
 * Carrier templates: realistic tool results (web pages, mail, CSV, calendar invites, code, ...) built
 * around one inserted text. The same templates carry attack payloads and hard benign sentences, so a
 * detector cannot learn "this wrapping means attack". Every template reports the exact position of the
 * inserted text in UTF-16 units; in escaped contexts (JSON strings, CSV cells, ICS values, comments) the
 * position is that of the escaped form, as it appears in the text.
 */
import type { Filler } from "./filler-types";
import { FILLER_DE } from "./fillers-de";
import { FILLER_EN } from "./fillers-en";
import { FILLER_IT } from "./fillers-it";
import type { Obfuscation } from "./obfuscate";
import type { Rng } from "./random";
import type { Lang } from "./types";

export const FILLERS: Record<Lang, Filler> = { en: FILLER_EN, de: FILLER_DE, it: FILLER_IT };

const SENTINEL = "\u00a7\u00a7INJECT\u00a7\u00a7";

export interface CarrierInput {
  lang: Lang;
  rng: Rng;
  /** The text to insert (already obfuscated when it is an attack). */
  inner: string;
  /** hidden-html / html-comment / markdown-comment, or "none". */
  wrapper: Obfuscation;
}

export interface Carried {
  tool: string;
  text: string;
  span: [number, number];
}

export interface CarrierTemplate {
  /** Carrier kind, e.g. "email". */
  carrier: string;
  /** Template name, unique within the kind. */
  variant: string;
  /** Templates used only for the held-out split (unseen wrapping). */
  heldoutOnly?: boolean;
  /** Wrapper obfuscations the format can render. */
  wrappers?: readonly Obfuscation[];
  build(input: CarrierInput): Carried;
}

// ---- escaping ----
const jsonEscape = (text: string): string => JSON.stringify(text).slice(1, -1);
const csvEscape = (text: string): string => text.replaceAll('"', '""');
const icsEscape = (text: string): string =>
  text.replaceAll("\\", "\\\\").replaceAll(";", "\\;").replaceAll(",", "\\,").replaceAll("\n", "\\n");
const attrEscape = (text: string): string =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("\n", "&#10;");
const prefixLines = (text: string, prefix: string): string => text.split("\n").join(`\n${prefix}`);

/** Puts `core` (with optional wrapper text around it) where the sentinel is; the span covers `core`. */
function place(template: string, core: string, tool: string, pre = "", post = ""): Carried {
  const at = template.indexOf(SENTINEL);
  if (at < 0 || template.indexOf(SENTINEL, at + 1) >= 0)
    throw new Error("template needs exactly one sentinel");
  const before = template.slice(0, at) + pre;
  const text = before + core + post + template.slice(at + SENTINEL.length);
  return { tool, text, span: [before.length, before.length + core.length] };
}

/** Wraps for HTML-rendering formats: hidden element or comment. Returns [pre, post]. */
function htmlWrapper(wrapper: Obfuscation, rng: Rng): [string, string] {
  if (wrapper === "html-comment") return ["<!-- ", " -->"];
  if (wrapper === "hidden-html") {
    return rng.pick<[string, string]>([
      ['<div style="display:none">', "</div>"],
      ['<span style="display: none;">', "</span>"],
      ["<div hidden>", "</div>"],
      ['<p style="font-size:0;color:transparent">', "</p>"],
      ['<div aria-hidden="true" style="position:absolute;left:-9999px">', "</div>"],
      ['<span style="color:#ffffff;background:#ffffff">', "</span>"],
    ]);
  }
  if (wrapper === "markdown-comment")
    return rng.pick<[string, string]>([
      ["[//]: # (", ")"],
      ["[comment]: <> (", ")"],
    ]);
  return ["", ""];
}

// ---- filler helpers ----
function sentences(rng: Rng, list: readonly string[], min: number, max: number): string[] {
  return rng.sample(list, rng.range(min, max));
}

function paragraphs(rng: Rng, filler: Filler, count: number): string[] {
  const out: string[] = [];
  const pool = rng.sample(filler.prose, filler.prose.length);
  let cursor = 0;
  for (let index = 0; index < count; index++) {
    const size = rng.range(1, 3);
    out.push(pool.slice(cursor, cursor + size).join(" "));
    cursor = (cursor + size) % Math.max(1, pool.length - 3);
  }
  return out;
}

function date(rng: Rng): string {
  return `2026-${String(rng.range(1, 12)).padStart(2, "0")}-${String(rng.range(1, 28)).padStart(2, "0")}`;
}

function time(rng: Rng): string {
  return `${String(rng.range(7, 19)).padStart(2, "0")}:${String(rng.range(0, 59)).padStart(2, "0")}`;
}

function firstName(full: string): string {
  return full.split(" ")[0]!;
}

function mailOf(full: string, domain: string): string {
  return `${full.toLowerCase().replace(/[^a-z]+/g, ".")}@${domain}`;
}

const DOMAINS = ["example.com", "example.org", "northwind.example", "acme.example", "contoso.example"];

function insertAt<T>(list: T[], item: T, rng: Rng): T[] {
  const at = rng.range(Math.min(1, list.length), list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

// ---- templates ----
export const CARRIERS: readonly CarrierTemplate[] = [
  {
    carrier: "web-text",
    variant: "article",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const body = insertAt(paragraphs(rng, f, rng.range(3, 5)), SENTINEL, rng);
      return place(`${rng.pick(f.pageTitles)}\n\n${body.join("\n\n")}\n`, inner, "web_fetch");
    },
  },
  {
    carrier: "web-text",
    variant: "nav-footer",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const title = rng.pick(f.pageTitles);
      const body = insertAt(paragraphs(rng, f, rng.range(2, 4)), `${f.labels.note}: ${SENTINEL}`, rng);
      const text = `Home > ${rng.pick(f.pageTitles)} > ${title}\n\n# ${title}\n\n${body.join("\n\n")}\n\n© 2026 ${rng.pick(DOMAINS)} · Impressum · Privacy\n`;
      return place(text, inner, "web_fetch");
    },
  },
  {
    carrier: "web-text",
    variant: "blog-comments",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const names = rng.sample(f.names, 3);
      const text = `${rng.pick(f.pageTitles)}\n${names[0]} · ${date(rng)}\n\n${paragraphs(rng, f, 2).join("\n\n")}\n\n${f.labels.comments} (2)\n\n${names[1]} · ${date(rng)}\n${rng.pick(f.chatLines)}\n\n${names[2]} · ${date(rng)}\n${SENTINEL}\n`;
      return place(text, inner, "web_fetch");
    },
  },
  {
    carrier: "html",
    variant: "page",
    wrappers: ["hidden-html", "html-comment"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const title = rng.pick(f.pageTitles);
      const body = insertAt(
        paragraphs(rng, f, rng.range(2, 4)).map((p) => `    <p>${p}</p>`),
        `    ${wrapper === "none" ? "<p>" : ""}${SENTINEL}${wrapper === "none" ? "</p>" : ""}`,
        rng,
      );
      const text = `<!DOCTYPE html>\n<html lang="${lang}">\n  <head>\n    <meta charset="utf-8">\n    <title>${title}</title>\n  </head>\n  <body>\n    <h1>${title}</h1>\n${body.join("\n")}\n  </body>\n</html>\n`;
      const [pre, post] = htmlWrapper(wrapper, rng);
      return place(text, inner, "web_fetch", pre, post);
    },
  },
  {
    carrier: "html",
    variant: "article-list",
    wrappers: ["hidden-html", "html-comment"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const items = rng.sample(f.prose, rng.range(3, 5)).map((s) => `        <li>${s}</li>`);
      const [pre, post] = htmlWrapper(wrapper, rng);
      const text = `<main>\n  <article class="post">\n    <header><h2>${rng.pick(f.pageTitles)}</h2><time>${date(rng)}</time></header>\n    <section>\n      <p>${paragraphs(rng, f, 1)[0]}</p>\n      <ul>\n${items.join("\n")}\n      </ul>\n      ${SENTINEL}\n    </section>\n    <footer><a href="/contact">Contact</a> | <a href="/imprint">Imprint</a></footer>\n  </article>\n</main>\n`;
      return place(
        text,
        inner,
        "web_fetch",
        wrapper === "none" ? "<p>" : pre,
        wrapper === "none" ? "</p>" : post,
      );
    },
  },
  {
    carrier: "html",
    variant: "newsletter-table",
    heldoutOnly: true,
    wrappers: ["hidden-html", "html-comment"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const [pre, post] = htmlWrapper(wrapper, rng);
      const rows = paragraphs(rng, f, 2).map(
        (p) => `  <tr><td style="padding:12px;font-family:Arial">${p}</td></tr>`,
      );
      const text = `<table width="600" cellpadding="0" cellspacing="0" align="center">\n  <tr><td><img src="https://cdn.${rng.pick(DOMAINS)}/logo.png" alt="Logo"></td></tr>\n${rows.join("\n")}\n  <tr><td style="padding:12px">${SENTINEL}</td></tr>\n  <tr><td style="font-size:11px;color:#888">Unsubscribe · ${rng.pick(DOMAINS)}</td></tr>\n</table>\n`;
      return place(text, inner, "web_fetch", pre, post);
    },
  },
  {
    carrier: "html",
    variant: "meta-and-alt",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const title = rng.pick(f.pageTitles);
      const where = rng.pick(["meta", "alt", "title-attr"]);
      const meta =
        where === "meta"
          ? `\n    <meta name="${rng.pick(["description", "ai-instructions", "robots-note", "summary"])}" content="${SENTINEL}">`
          : "";
      const image =
        where === "alt"
          ? `<img src="/img/${rng.range(1, 99)}.jpg" alt="${SENTINEL}">`
          : where === "title-attr"
            ? `<a href="/more" title="${SENTINEL}">${rng.pick(f.pageTitles)}</a>`
            : `<img src="/img/${rng.range(1, 99)}.jpg" alt="${rng.pick(f.products)}">`;
      const text = `<!doctype html>\n<html lang="${lang}">\n  <head>\n    <title>${title}</title>${meta}\n  </head>\n  <body>\n    <h1>${title}</h1>\n    <p>${paragraphs(rng, f, 1)[0]}</p>\n    ${image}\n    <p>${paragraphs(rng, f, 1)[0]}</p>\n  </body>\n</html>\n`;
      return place(text, attrEscape(inner), "web_fetch");
    },
  },
  {
    carrier: "llms-txt",
    variant: "llms",
    wrappers: ["html-comment", "markdown-comment"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const [pre, post] = htmlWrapper(wrapper, rng);
      const site = rng.pick(DOMAINS);
      const links = rng
        .sample(f.pageTitles, 3)
        .map((t, i) => `- [${t}](https://${site}/docs/${i + 1}.md): ${rng.pick(f.readmeLines)}`);
      const text = `# ${site}\n\n> ${rng.pick(f.readmeIntros)}\n\n${SENTINEL}\n\n## Docs\n\n${links.join("\n")}\n`;
      return place(text, inner, "web_fetch", pre, post);
    },
  },
  {
    carrier: "llms-txt",
    variant: "robots",
    heldoutOnly: true,
    build({ rng, inner }) {
      const text = `User-agent: *\nDisallow: /admin/\nDisallow: /cart/\n\nUser-agent: ${rng.pick(["GPTBot", "ClaudeBot", "Google-Extended", "PerplexityBot"])}\nAllow: /blog/\n# ${SENTINEL}\n\nSitemap: https://${rng.pick(DOMAINS)}/sitemap.xml\n`;
      return place(text, prefixLines(inner, "# "), "web_fetch");
    },
  },
  {
    carrier: "email",
    variant: "plain",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const [from, to] = rng.sample(f.names, 2) as [string, string];
      const domain = rng.pick(DOMAINS);
      const lines = insertAt(sentences(rng, f.emailLines, 2, 4), SENTINEL, rng);
      const text = `${f.labels.from}: ${from} <${mailOf(from, domain)}>\n${f.labels.to}: ${to} <${mailOf(to, domain)}>\n${f.labels.subject}: ${rng.pick(f.emailSubjects)}\n${f.labels.date}: ${date(rng)} ${time(rng)}\n\n${rng.pick(f.greetings).replace("{name}", firstName(to))}\n\n${lines.join("\n")}\n\n${rng.pick(f.closings)}\n${firstName(from)}\n`;
      return place(text, inner, "email_read");
    },
  },
  {
    carrier: "email",
    variant: "html-body",
    wrappers: ["hidden-html", "html-comment"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const [from, to] = rng.sample(f.names, 2) as [string, string];
      const [pre, post] = htmlWrapper(wrapper, rng);
      const lines = insertAt(
        sentences(rng, f.emailLines, 2, 3).map((line) => `<p>${line}</p>`),
        wrapper === "none" ? `<p>${SENTINEL}</p>` : SENTINEL,
        rng,
      );
      const text = `${f.labels.from}: ${from} <${mailOf(from, rng.pick(DOMAINS))}>\n${f.labels.subject}: ${rng.pick(f.emailSubjects)}\nContent-Type: text/html; charset=utf-8\n\n<html><body style="font-family:Arial,sans-serif">\n<p>${rng.pick(f.greetings).replace("{name}", firstName(to))}</p>\n${lines.join("\n")}\n<p>${rng.pick(f.closings)}<br>${from}</p>\n</body></html>\n`;
      return place(text, inner, "email_read", pre, post);
    },
  },
  {
    carrier: "email",
    variant: "forwarded",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const [from, mid, to] = rng.sample(f.names, 3) as [string, string, string];
      const domain = rng.pick(DOMAINS);
      const text = `${f.labels.subject}: Fwd: ${rng.pick(f.emailSubjects)}\n${f.labels.from}: ${mailOf(mid, domain)}\n\n${rng.pick(f.emailLines)}\n\n---------- Forwarded message ----------\n${f.labels.from}: ${from} <${mailOf(from, "mail.example.net")}>\n${f.labels.date}: ${date(rng)}\n${f.labels.to}: ${mailOf(to, domain)}\n\n${rng.pick(f.greetings).replace("{name}", firstName(to))}\n${sentences(rng, f.emailLines, 1, 3).join(" ")}\n\n${SENTINEL}\n\n${rng.pick(f.closings)}\n${from}\n`;
      return place(text, inner, "email_read");
    },
  },
  {
    carrier: "email",
    variant: "reply-ps",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const [from, to] = rng.sample(f.names, 2) as [string, string];
      const quoted = sentences(rng, f.emailLines, 2, 3).map((s) => `> ${s}`);
      const text = `${f.labels.subject}: Re: ${rng.pick(f.emailSubjects)}\n\n${rng.pick(f.emailLines)}\n\n${rng.pick(f.closings)}\n${firstName(from)}\n\nP.S. ${SENTINEL}\n\nOn ${date(rng)}, ${to} wrote:\n${quoted.join("\n")}\n`;
      return place(text, inner, "email_read");
    },
  },
  {
    carrier: "csv",
    variant: "comma",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const rows = Array.from({ length: rng.range(3, 6) }, (_, index) => {
        const name = rng.pick(f.names);
        return `${100 + index},${name},${rng.pick(f.cities)},${rng.pick(f.products)},${rng.range(1, 20)},"${rng.pick(f.reviews)}"`;
      });
      const target = `${200},${rng.pick(f.names)},${rng.pick(f.cities)},${rng.pick(f.products)},${rng.range(1, 9)},"${SENTINEL}"`;
      const text = `${f.csvHeader.join(",")}\n${insertAt(rows, target, rng).join("\n")}\n`;
      return place(text, csvEscape(inner), "read_table");
    },
  },
  {
    carrier: "csv",
    variant: "semicolon",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const rows = Array.from(
        { length: rng.range(3, 6) },
        (_, index) =>
          `${index + 1};${rng.pick(f.names)};${rng.pick(f.cities)};${rng.range(10, 999)},${rng.range(10, 99)};"${rng.pick(f.ticketLines)}"`,
      );
      const target = `${rows.length + 1};${rng.pick(f.names)};${rng.pick(f.cities)};${rng.range(10, 999)},00;"${SENTINEL}"`;
      const header = f.csvHeader.slice(0, 3).join(";");
      const text = `${header};EUR;${f.csvHeader[5]}\n${insertAt(rows, target, rng).join("\n")}\n`;
      return place(text, csvEscape(inner), "read_sheet");
    },
  },
  {
    carrier: "csv",
    variant: "tsv",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const rows = Array.from(
        { length: rng.range(3, 5) },
        () => `${date(rng)}\t${rng.pick(f.names)}\t${rng.pick(f.products)}\t${rng.pick(f.reviews)}`,
      );
      const target = `${date(rng)}\t${rng.pick(f.names)}\t${rng.pick(f.products)}\t${SENTINEL}`;
      const text = `${f.labels.date}\t${f.csvHeader[1]}\t${f.csvHeader[3]}\t${f.csvHeader[5]}\n${insertAt(rows, target, rng).join("\n")}\n`;
      return place(text, inner.replaceAll("\t", " ").replaceAll("\n", " "), "read_table");
    },
  },
  {
    carrier: "ics",
    variant: "description",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const day = date(rng).replaceAll("-", "");
      const organizer = rng.pick(f.names);
      const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp//Calendar 1.0//EN\r\nBEGIN:VEVENT\r\nUID:${rng.range(100000, 999999)}@${rng.pick(DOMAINS)}\r\nDTSTAMP:${day}T080000Z\r\nDTSTART:${day}T${rng.range(8, 16)}0000Z\r\nDTEND:${day}T${rng.range(17, 18)}0000Z\r\nSUMMARY:${icsEscape(rng.pick(f.meetingTitles))}\r\nORGANIZER;CN=${organizer}:mailto:${mailOf(organizer, rng.pick(DOMAINS))}\r\nLOCATION:${icsEscape(f.labels.location)}\r\nDESCRIPTION:${icsEscape(rng.pick(f.meetingLines))}\\n\\n${SENTINEL}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      return place(text, icsEscape(inner), "calendar_read");
    },
  },
  {
    carrier: "ics",
    variant: "two-events",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const event = (summary: string, description: string) =>
        `BEGIN:VEVENT\nUID:${rng.range(100000, 999999)}@cal.example\nDTSTART;TZID=Europe/Berlin:${date(rng).replaceAll("-", "")}T${rng.range(10, 17)}0000\nSUMMARY:${icsEscape(summary)}\nDESCRIPTION:${description}\nEND:VEVENT\n`;
      const text = `BEGIN:VCALENDAR\nVERSION:2.0\n${event(rng.pick(f.meetingTitles), icsEscape(rng.pick(f.meetingLines)))}${event(rng.pick(f.meetingTitles), SENTINEL)}END:VCALENDAR\n`;
      return place(text, icsEscape(inner), "calendar_read");
    },
  },
  {
    carrier: "yaml",
    variant: "quoted",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `# ${rng.pick(f.codeComments)}\nservice:\n  name: ${rng.pick(["billing", "search", "notifier", "gateway", "reports"])}\n  replicas: ${rng.range(1, 6)}\n  image: registry.example.com/app:${rng.range(1, 9)}.${rng.range(0, 20)}.${rng.range(0, 9)}\n  description: "${SENTINEL}"\n  env:\n    LOG_LEVEL: info\n    TZ: Europe/Rome\n`;
      return place(text, jsonEscape(inner), "read_file");
    },
  },
  {
    carrier: "yaml",
    variant: "block",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `version: 2\nowner: ${rng.pick(f.names)}\ntasks:\n  - id: ${rng.range(10, 99)}\n    title: "${jsonEscape(rng.pick(f.ticketTitles))}"\n    ${f.labels.notes.toLowerCase()}: |\n      ${rng.pick(f.ticketLines)}\n      ${SENTINEL}\n  - id: ${rng.range(100, 199)}\n    title: "${jsonEscape(rng.pick(f.ticketTitles))}"\n`;
      return place(text, prefixLines(inner, "      "), "read_file");
    },
  },
  {
    carrier: "yaml",
    variant: "front-matter",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const title = rng.pick(f.pageTitles);
      const text = `---\ntitle: "${jsonEscape(title)}"\ndate: ${date(rng)}\ntags: [news, ${lang}]\nsummary: >-\n  ${SENTINEL}\n---\n\n${paragraphs(rng, f, 2).join("\n\n")}\n`;
      return place(text, prefixLines(inner, "  "), "read_file");
    },
  },
  {
    carrier: "json-api",
    variant: "record",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const object = {
        id: rng.range(1000, 9999),
        status: "ok",
        data: {
          title: rng.pick(f.pageTitles),
          author: rng.pick(f.names),
          updated: `${date(rng)}T${time(rng)}:00Z`,
          summary: rng.pick(f.prose),
          notes: SENTINEL,
        },
      };
      return place(JSON.stringify(object, null, 2), jsonEscape(inner), "http_get");
    },
  },
  {
    carrier: "json-api",
    variant: "list",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const items = Array.from({ length: rng.range(2, 4) }, (_, index) => ({
        sku: `SKU-${rng.range(10000, 99999)}`,
        name: rng.pick(f.products),
        comment: index === 0 ? SENTINEL : rng.pick(f.reviews),
      }));
      const object = { page: 1, total: items.length, items: rng.sample(items, items.length) };
      return place(JSON.stringify(object), jsonEscape(inner), "http_get");
    },
  },
  {
    carrier: "json-api",
    variant: "graphql",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const object = {
        data: {
          repository: {
            nameWithOwner: `example/${rng.pick(["gpx-tools", "cron-lite", "sheet2json", "durations"])}`,
            stargazerCount: rng.range(3, 4000),
            description: SENTINEL,
            latestRelease: { tagName: `v${rng.range(1, 5)}.${rng.range(0, 9)}.0`, publishedAt: date(rng) },
            homepage: rng.pick(f.readmeIntros),
          },
        },
      };
      return place(JSON.stringify(object, null, 1), jsonEscape(inner), "http_get");
    },
  },
  {
    carrier: "chat-json",
    variant: "messages",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const messages = [
        { role: "user", content: rng.pick(f.chatLines) },
        { role: "assistant", content: rng.pick(f.emailLines) },
        { role: "user", content: SENTINEL },
      ];
      return place(
        JSON.stringify({ conversation_id: `c-${rng.range(1000, 9999)}`, messages }, null, 2),
        jsonEscape(inner),
        "http_get",
      );
    },
  },
  {
    carrier: "chat-json",
    variant: "forged-message",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const role = rng.pick(["system", "developer", "system", "assistant"]);
      const before = JSON.stringify({ role: "user", content: rng.pick(f.chatLines) });
      const after = JSON.stringify({ role: "assistant", content: rng.pick(f.emailLines) });
      const text = `{"thread": "${rng.pick(f.meetingTitles)}", "messages": [\n  ${before},\n  ${SENTINEL},\n  ${after}\n]}\n`;
      const core = `{"role": "${role}", "content": "${jsonEscape(inner)}"}`;
      return place(text, core, "http_get");
    },
  },
  {
    carrier: "chat-json",
    variant: "export",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const [a, b] = rng.sample(f.names, 2) as [string, string];
      const object = {
        exported: date(rng),
        entries: [
          { author: a, at: time(rng), text: rng.pick(f.chatLines) },
          { author: b, at: time(rng), text: SENTINEL },
          { author: a, at: time(rng), text: rng.pick(f.chatLines) },
        ],
      };
      return place(JSON.stringify(object, null, 2), jsonEscape(inner), "chat_read");
    },
  },
  {
    carrier: "code",
    variant: "ts-line-comments",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const fn = rng.pick(["parseRows", "loadConfig", "formatInvoice", "syncCalendar", "resizeImage"]);
      const text = `import { readFile } from "node:fs/promises";\n\n// ${rng.pick(f.codeComments)}\n// ${SENTINEL}\nexport async function ${fn}(path: string): Promise<string[]> {\n  const raw = await readFile(path, "utf8");\n  // ${rng.pick(f.codeComments)}\n  return raw.split("\\n").filter((line) => line.trim() !== "");\n}\n`;
      return place(text, prefixLines(inner, "// "), "read_file");
    },
  },
  {
    carrier: "code",
    variant: "python-docstring",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const fn = rng.pick(["load_rows", "export_report", "merge_tracks", "send_digest", "normalize"]);
      const text = `import csv\n\n\ndef ${fn}(path, *, strict=False):\n    """${rng.pick(f.codeComments)}\n\n    ${SENTINEL}\n    """\n    # ${rng.pick(f.codeComments)}\n    with open(path, newline="") as handle:\n        return [row for row in csv.reader(handle) if row]\n`;
      return place(text, prefixLines(inner.replaceAll('"""', "'''"), "    "), "read_file");
    },
  },
  {
    carrier: "code",
    variant: "go-block-comment",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `package store\n\nimport "time"\n\n/*\n${rng.pick(f.codeComments)}\n${SENTINEL}\n*/\nfunc Expired(at time.Time, ttl time.Duration) bool {\n\t// ${rng.pick(f.codeComments)}\n\treturn time.Since(at) > ttl\n}\n`;
      return place(text, inner.replaceAll("*/", "* /"), "read_file");
    },
  },
  {
    carrier: "code",
    variant: "python-hash-comments",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `# ${rng.pick(f.codeComments)}\nRETRIES = ${rng.range(2, 5)}\nTIMEOUT = ${rng.range(5, 60)}\n\n# ${SENTINEL}\ndef fetch(client, url):\n    for attempt in range(RETRIES):\n        response = client.get(url, timeout=TIMEOUT)\n        if response.ok:\n            return response.json()\n    raise RuntimeError(url)\n`;
      return place(text, prefixLines(inner, "# "), "read_file");
    },
  },
  {
    carrier: "code",
    variant: "rust-doc-comment",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `/// ${rng.pick(f.codeComments)}\n///\n/// ${SENTINEL}\npub fn checksum(data: &[u8]) -> u32 {\n    data.iter().fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as u32))\n}\n`;
      return place(text, prefixLines(inner, "/// "), "read_file");
    },
  },
  {
    carrier: "code",
    variant: "shell-script",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `#!/usr/bin/env bash\nset -euo pipefail\n# ${rng.pick(f.codeComments)}\n\nBACKUP_DIR=/var/backups/app\n# ${SENTINEL}\nmkdir -p "$BACKUP_DIR"\ntar czf "$BACKUP_DIR/app-$(date +%F).tgz" /srv/app/data\n`;
      return place(text, prefixLines(inner, "# "), "read_file");
    },
  },
  {
    carrier: "chat-log",
    variant: "timestamped",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const names = rng.sample(f.names, 3).map(firstName);
      const lines = sentences(rng, f.chatLines, 3, 6).map(
        (line) => `[${time(rng)}] ${rng.pick(names)}: ${line}`,
      );
      const text = `${insertAt(lines, `[${time(rng)}] ${rng.pick(names)}: ${SENTINEL}`, rng).join("\n")}\n`;
      return place(text, inner, "chat_read");
    },
  },
  {
    carrier: "chat-log",
    variant: "slack-export",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const names = rng.sample(f.names, 3);
      const blocks = sentences(rng, f.chatLines, 2, 4).map(
        (line) => `${rng.pick(names)}  ${time(rng)}\n${line}`,
      );
      const text = `#${rng.pick(["general", "dev", "ops", "random", "support"])}\n\n${insertAt(blocks, `${rng.pick(names)}  ${time(rng)}\n${SENTINEL}`, rng).join("\n\n")}\n`;
      return place(text, inner, "chat_read");
    },
  },
  {
    carrier: "chat-log",
    variant: "irc",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const nicks = ["mara", "jbo", "tkl", "fede", "pix"];
      const lines = sentences(rng, f.chatLines, 3, 5).map((line) => `<${rng.pick(nicks)}> ${line}`);
      const text = `*** Now talking in #help\n${insertAt(lines, `<${rng.pick(nicks)}> ${SENTINEL}`, rng).join("\n")}\n`;
      return place(text, inner, "chat_read");
    },
  },
  {
    carrier: "markdown",
    variant: "doc",
    wrappers: ["markdown-comment", "html-comment", "hidden-html"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const [pre, post] = htmlWrapper(wrapper, rng);
      const bullets = rng.sample(f.prose, 3).map((s) => `- ${s}`);
      const parts = insertAt(
        [paragraphs(rng, f, 1)[0]!, bullets.join("\n"), paragraphs(rng, f, 1)[0]!],
        SENTINEL,
        rng,
      );
      const text = `# ${rng.pick(f.pageTitles)}\n\n${parts.join("\n\n")}\n`;
      return place(text, inner, "read_file", pre, post);
    },
  },
  {
    carrier: "markdown",
    variant: "blockquote",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const text = `## ${rng.pick(f.pageTitles)}\n\n${paragraphs(rng, f, 1)[0]}\n\n> ${SENTINEL}\n\n${paragraphs(rng, f, 1)[0]}\n`;
      return place(text, prefixLines(inner, "> "), "read_file");
    },
  },
  {
    carrier: "ticket",
    variant: "plain",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const lines = insertAt(sentences(rng, f.ticketLines, 2, 4), SENTINEL, rng);
      const text = `#${rng.range(1000, 9999)} ${rng.pick(f.ticketTitles)}\n${f.labels.reporter}: ${rng.pick(f.names)}\n${f.labels.status}: ${f.labels.open}\n\n${f.labels.description}:\n${lines.join("\n")}\n`;
      return place(text, inner, "issue_read");
    },
  },
  {
    carrier: "ticket",
    variant: "github-json",
    wrappers: ["html-comment", "markdown-comment", "hidden-html"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const object = {
        number: rng.range(10, 2000),
        title: rng.pick(f.ticketTitles),
        state: "open",
        user: { login: firstName(rng.pick(f.names)).toLowerCase() },
        body: `${sentences(rng, f.ticketLines, 1, 3).join("\n")}\n\n${SENTINEL}`,
        labels: [{ name: "bug" }],
      };
      const [pre, post] = htmlWrapper(wrapper, rng);
      return place(
        JSON.stringify(object, null, 2),
        jsonEscape(inner),
        "github_issue_read",
        jsonEscape(pre),
        jsonEscape(post),
      );
    },
  },
  {
    carrier: "ticket",
    variant: "comment-thread",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const [a, b] = rng.sample(f.names, 2) as [string, string];
      const text = `[${rng.pick(["OPS", "WEB", "FIN"])}-${rng.range(100, 999)}] ${rng.pick(f.ticketTitles)}\n${rng.pick(f.ticketLines)}\n\n--- ${f.labels.comments} ---\n${a} (${date(rng)}): ${rng.pick(f.ticketLines)}\n${b} (${date(rng)}): ${SENTINEL}\n`;
      return place(text, inner, "issue_read");
    },
  },
  {
    carrier: "search-json",
    variant: "results",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const results = Array.from({ length: rng.range(3, 5) }, (_, index) => ({
        title: rng.pick(f.pageTitles),
        url: `https://${rng.pick(DOMAINS)}/${index}/${rng.range(100, 999)}`,
        snippet: rng.pick(f.prose),
      }));
      const target = rng.int(results.length);
      results[target]!.snippet = SENTINEL;
      return place(
        JSON.stringify({ query: rng.pick(f.pageTitles).toLowerCase(), results }, null, 2),
        jsonEscape(inner),
        "web_search",
      );
    },
  },
  {
    carrier: "search-json",
    variant: "compact",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const hits = [
        { rank: 1, link: `https://${rng.pick(DOMAINS)}/a`, text: rng.pick(f.prose) },
        { rank: 2, link: `https://${rng.pick(DOMAINS)}/b`, text: SENTINEL },
      ];
      return place(JSON.stringify({ hits, took_ms: rng.range(20, 300) }), jsonEscape(inner), "web_search");
    },
  },
  {
    carrier: "pdf-text",
    variant: "report",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const page = rng.range(2, 30);
      const body = insertAt(sentences(rng, f.reportLines, 3, 5), SENTINEL, rng);
      const text = `${rng.pick(f.pageTitles)}                                  ${f.labels.page} ${page}\n\n${body.join("\n")}\n\n\f${rng.pick(f.pageTitles)}                                  ${f.labels.page} ${page + 1}\n${rng.pick(f.reportLines)}\n`;
      return place(text, inner, "read_pdf");
    },
  },
  {
    carrier: "pdf-text",
    variant: "letter",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const sender = rng.pick(f.names);
      const text = `${sender}\n${rng.pick(f.cities)}, ${date(rng)}\n\n${rng.pick(f.emailSubjects)}\n\n${rng.pick(f.greetings).replace("{name}", firstName(rng.pick(f.names)))}\n${sentences(rng, f.emailLines, 2, 3).join("\n")}\n${SENTINEL}\n${rng.pick(f.closings)}\n\n${sender}\n\n- 1 -\n`;
      return place(text, inner, "read_pdf");
    },
  },
  {
    carrier: "review",
    variant: "stars",
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const stars = () => "★".repeat(rng.range(3, 5)).padEnd(5, "☆");
      const reviews = sentences(rng, f.reviews, 2, 4).map(
        (r) =>
          `${stars()} ${firstName(rng.pick(f.names))}, ${date(rng)}\n${r}\n${rng.range(0, 40)} ${f.labels.helpful}`,
      );
      const target = `${stars()} ${firstName(rng.pick(f.names))}, ${date(rng)}\n${rng.pick(f.reviews)} ${SENTINEL}\n${rng.range(0, 5)} ${f.labels.helpful}`;
      const text = `${rng.pick(f.products)} - ${f.labels.reviews}\n\n${insertAt(reviews, target, rng).join("\n\n")}\n`;
      return place(text, inner, "web_fetch");
    },
  },
  {
    carrier: "review",
    variant: "json",
    heldoutOnly: true,
    build({ lang, rng, inner }) {
      const f = FILLERS[lang];
      const reviews = [
        { rating: rng.range(3, 5), author: rng.pick(f.names), body: rng.pick(f.reviews) },
        { rating: rng.range(1, 5), author: rng.pick(f.names), body: SENTINEL },
      ];
      return place(
        JSON.stringify({ product: rng.pick(f.products), reviews }, null, 2),
        jsonEscape(inner),
        "http_get",
      );
    },
  },
  {
    carrier: "readme",
    variant: "sections",
    wrappers: ["markdown-comment", "html-comment", "hidden-html"],
    build({ lang, rng, inner, wrapper }) {
      const f = FILLERS[lang];
      const [pre, post] = htmlWrapper(wrapper, rng);
      const pkg = rng.pick([
        "durations",
        "sheet2json",
        "cron-lite",
        "gpx-tools",
        "docs-theme",
        "weather-client",
      ]);
      const text = `# ${pkg}\n\n${rng.pick(f.readmeIntros)}\n\n## ${f.labels.install}\n\n\`\`\`sh\nnpm install ${pkg}\n\`\`\`\n\n## ${f.labels.usage}\n\n${rng.pick(f.readmeLines)}\n\n${SENTINEL}\n\n## ${f.labels.license}\n\nMIT\n`;
      return place(text, inner, "read_file", pre, post);
    },
  },
  {
    carrier: "log",
    variant: "app-log",
    build({ rng, inner }) {
      const lines = Array.from(
        { length: rng.range(4, 7) },
        () =>
          `2026-03-${String(rng.range(1, 28)).padStart(2, "0")}T${time(rng)}:${String(rng.range(10, 59))}Z ${rng.pick(["INFO", "INFO", "DEBUG", "WARN"])} ${rng.pick(["http", "worker", "db", "auth"])} ${rng.pick(["request completed status=200 ms=41", "job finished id=8812", "pool size=10 idle=7", "cache miss key=user:42", "token refreshed for client web"])}`,
      );
      const target = `2026-03-${String(rng.range(1, 28)).padStart(2, "0")}T${time(rng)}:00Z WARN http request rejected ua="Mozilla/5.0" msg="${SENTINEL}"`;
      return place(`${insertAt(lines, target, rng).join("\n")}\n`, jsonEscape(inner), "read_file");
    },
  },
  {
    carrier: "log",
    variant: "json-lines",
    build({ rng, inner }) {
      const lines = Array.from({ length: rng.range(3, 6) }, () =>
        JSON.stringify({
          ts: `2026-04-0${rng.range(1, 9)}T${time(rng)}:00Z`,
          level: rng.pick(["info", "debug"]),
          msg: rng.pick(["listening", "flushed batch", "user signed in", "retrying upstream"]),
        }),
      );
      const target = `{"ts":"2026-04-0${rng.range(1, 9)}T${time(rng)}:00Z","level":"warn","msg":"form submission","field":"message","value":"${SENTINEL}"}`;
      return place(`${insertAt(lines, target, rng).join("\n")}\n`, jsonEscape(inner), "read_file");
    },
  },
  {
    carrier: "log",
    variant: "syslog",
    heldoutOnly: true,
    build({ rng, inner }) {
      const host = rng.pick(["web01", "db02", "gw", "mail"]);
      const lines = Array.from(
        { length: rng.range(3, 5) },
        () =>
          `Mar ${rng.range(1, 28)} ${time(rng)}:12 ${host} ${rng.pick(["sshd[812]: Accepted publickey for deploy", "CRON[2231]: (root) CMD (run-parts /etc/cron.hourly)", "systemd[1]: Started Daily apt upgrade."])}`,
      );
      const target = `Mar ${rng.range(1, 28)} ${time(rng)}:40 ${host} app[991]: contact form: ${SENTINEL}`;
      return place(`${insertAt(lines, target, rng).join("\n")}\n`, inner.replaceAll("\n", " "), "read_file");
    },
  },
];
