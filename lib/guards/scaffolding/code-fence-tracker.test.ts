import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodeFenceTracker } from "./code-fence-tracker";

function insideAfter(text: string): boolean {
  const tracker = new CodeFenceTracker();
  tracker.consume(text, 0, text.length);
  tracker.settle();
  return tracker.insideFence;
}

describe("CodeFenceTracker", () => {
  it.each([
    ["plain prose", "hello\nworld", false],
    ["open backtick fence", "text\n```ts\ncode", true],
    ["closed backtick fence", "```\ncode\n```\nafter", false],
    ["open tilde fence", "~~~~\ncode", true],
    ["tilde does not close a backtick fence", "```\ncode\n~~~\n", true],
    ["a shorter run does not close", "````\ncode\n```\n", true],
    ["a longer run closes", "```\ncode\n`````\n", false],
    ["up to three spaces of indentation", "   ```\ncode", true],
    ["four spaces is not a fence", "    ```\ncode", false],
    ["two backticks are not a fence", "``\ncode", false],
    ["a fence must start the line", "see ```\ncode", false],
    ["a run still open at the end counts once settled", "```", true],
  ] as const)("%s", (_name, text, expected) => {
    expect(insideAfter(text)).toBe(expected);
  });

  it("gives the same answer for any chunking", () => {
    const pieces = fc.constantFrom("`", "``", "```", "~~~", "\n", " ", "   ", "code", "x");
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 30 }),
        fc.array(fc.nat(40), { maxLength: 10 }),
        (parts, cuts) => {
          const text = parts.join("");
          const tracker = new CodeFenceTracker();
          let position = 0;
          for (const cut of [...cuts].sort((left, right) => left - right)) {
            const end = Math.min(text.length, cut);
            if (end <= position) continue;
            tracker.consume(text, position, end);
            position = end;
          }
          tracker.consume(text, position, text.length);
          tracker.settle();
          expect(tracker.insideFence).toBe(insideAfter(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
