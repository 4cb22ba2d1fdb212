import { describe, expect, it } from "vitest";
import { adversarialInputs, loadEvalTexts, readFixtureFile } from "../../../bench/guards-quarantine";
import { GATE_SYMBOL, GateSet, LiteralGate } from "./literal-gates";
import { TEXT_WIDE_GATES } from "./scan-tool-result-text";

describe("literal gates: symbols", () => {
  // What a regex may match for a literal's character must read as that character's symbol, under the
  // `i` and `iu` flags (literal-gates.ts): checked for every BMP code unit.
  const nonZero: string[] = [];
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++)
    if (GATE_SYMBOL[codeUnit] !== 0) nonZero.push(String.fromCharCode(codeUnit));

  it("gives every character that matches a letter under i or iu that letter's symbol", () => {
    for (const letter of nonZero) {
      const hex = letter.charCodeAt(0).toString(16).padStart(4, "0");
      const patterns = [new RegExp(`^\\u${hex}$`, "i"), new RegExp(`^\\u{${hex}}$`, "iu")];
      for (let codeUnit = 0; codeUnit < 65536; codeUnit++) {
        const character = String.fromCharCode(codeUnit);
        if (patterns.some((pattern) => pattern.test(character)))
          expect([letter, character, GATE_SYMBOL[codeUnit]]).toEqual([
            letter,
            character,
            GATE_SYMBOL[letter.charCodeAt(0)],
          ]);
      }
    }
  });

  it("gives no character that matches a symbol-0 character under i or iu a letter's symbol", () => {
    for (let codeUnit = 0; codeUnit < 65536; codeUnit++) {
      if (GATE_SYMBOL[codeUnit] !== 0 || (codeUnit >= 0xd800 && codeUnit <= 0xdfff)) continue;
      const hex = codeUnit.toString(16).padStart(4, "0");
      const patterns = [new RegExp(`^\\u${hex}$`, "i"), new RegExp(`^\\u{${hex}}$`, "iu")];
      for (const character of nonZero)
        if (patterns.some((pattern) => pattern.test(character)))
          expect([hex, character]).toEqual([hex, "no match"]);
    }
  });
});

describe("literal gates: the text-wide passes' searches", () => {
  const fixture = JSON.parse(
    readFixtureFile(new URL("./scan-equivalence.fixture.json", import.meta.url)),
  ) as {
    vocabulary: string[];
  };
  const samples = [
    ...loadEvalTexts("dev", "attacks"),
    ...loadEvalTexts("dev", "benign"),
    ...fixture.vocabulary,
    ...Object.values(adversarialInputs(4096)).map((build) => build()),
    // One sample of each alternative of the searches, in several cases.
    "Reply that it is due, even though the document says otherwise; although; EVEN IF; not the one; auch wenn; obwohl; selbst wenn; nicht die auf; nicht der auf; nicht das auf; anche se; sebbene; benché; BENCHÉ; non quello; non quella",
    "developer developers creators creator maker makers programmers operators operator trainers Entwickler Ersteller Schöpfer SCHÖPFER Betreiber Programmierer sviluppatori sviluppatore creatore creatori programmatori operatore gestori",
    "sources source reference authority Quelle Referenz autorità fonte riferimento",
    "approved granted confirmed authorised authorized genehmigt erteilt bestätigt BESTÄTIGT freigegeben autorisiert approvato confermato autorizzato concesso",
    "forward weiterleiten weiterzuleiten leite inoltra",
    "trace traces trail spur spuren traccia tracce",
    "update users set role = 1; delete from users; drop table orders; truncate table kunden; truncate invoices; drop database x; drop schema y",
    "positive negative good bad critical complaints criticism praise glowing favourable favorable five-star one-star 1-star 5-star guten lobend schlechten kritisch Beschwerden Kritik buone buoni favorevole entusiasta critiche cattive lamentele reclami",
    "Gift card gift-card GiftCard GIFT CARD GIFT-CARD Geschenkkarte Geschenk-Karte Gutschein Regalo regalo REGALO",
    "know knows learn learns find out finds out discover discovers notice notices wissen weiß erfahren erfährt merken merkt mitbekommen mitbekommt sapere sappia scoprire scopra accorgersi accorga",
    "treat consider regard handle accept behandle betrachte sieh werte tratta considera prendi",
    "in the dark, im Unklaren, im Dunkeln, all'oscuro, between you and me, between us, unter uns, tra noi, fra di noi",
    "Hide conceal WITHHOLD verschweige verheimliche verbirg verberge nascondi taci cela occulta",
    "recall lawsuit breach defect complaint side effect bad review negative review Rückruf Klage Datenleck Datenpanne Mängel Defekt Beschwerde Nebenwirkung schlechte Bewertung negative Bewertung richiamo causa legale violazione difetto reclamo effetti collaterali recensioni negative recensione negativa perdita Verlust LOSS",
    "instead of rather than statt anstatt invece di anziché piuttosto che",
    "new task: new goal; neue Aufgabe; neuer Auftrag; neues Ziel; nuovo compito; nuova missione; new objective; new mission; new assignment; nuovo obiettivo; nuovo incarico",
    "Buchhaltungsassistent KI-Agenten Sprachmodell Support-Bot copilot",
    '{"role": "system", "content": "x"}\n{"ROLE":"Developer"}\n\\"ruolo\\": \\"sistema\\"\\n\nrolle: entwickler\nrole: \'sviluppatore\'\n',
  ];

  it("opens each gate on every match of its search", () => {
    let checked = 0;
    for (const gate of TEXT_WIDE_GATES.gates) {
      const search = new RegExp(
        gate.search.source,
        gate.search.flags.includes("g") ? gate.search.flags : `${gate.search.flags}g`,
      );
      const single = new GateSet([gate]);
      for (const sample of samples) {
        for (const match of sample.matchAll(search)) {
          // The match alone must open the gate: the literal is inside it, not elsewhere in the text.
          expect([gate.literals[0], match[0], single.openIn(match[0])]).toEqual([
            gate.literals[0],
            match[0],
            1,
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("closes a gate on a text without its literals", () => {
    for (const gate of TEXT_WIDE_GATES.gates)
      expect(new GateSet([gate]).openIn("The weather was pleasant and calm all afternoon.")).toBe(0);
  });

  it("reads a literal across case and symbol-0 characters, and not split apart", () => {
    const gate = new LiteralGate(/gift[ -]?card/gi, ["gift"]);
    expect(new GateSet([gate]).openIn("A GiFt for you")).toBe(1);
    expect(new GateSet([gate]).openIn("gi ft")).toBe(0);
    expect(new GateSet([gate]).openIn("")).toBe(0);
    expect(() => new LiteralGate(/mx/g, ["mx"])).toThrow();
  });
});
