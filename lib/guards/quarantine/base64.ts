/**
 * A small, total base64 decoder (standard and URL-safe alphabets, padding optional) for the learned
 * stage's weights and for encoded payloads in tool results. Returns undefined for anything that is not
 * base64; never throws.
 */

const DECODE = (() => {
  const table = new Int16Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let index = 0; index < alphabet.length; index++) table[alphabet.charCodeAt(index)] = index;
  table[45] = 62; // - (URL-safe)
  table[95] = 63; // _ (URL-safe)
  return table;
})();

/** Decodes text[from, to) (padding "=" at the end allowed). Undefined when a character is not base64. */
export function decodeBase64(text: string, from = 0, to = text.length): Uint8Array | undefined {
  let end = to;
  while (end > from && text.charCodeAt(end - 1) === 61) end--;
  const length = end - from;
  if (length < 0 || length % 4 === 1) return undefined;
  const output = new Uint8Array(Math.floor((length * 3) / 4));
  let bits = 0;
  let bitCount = 0;
  let written = 0;
  for (let index = from; index < end; index++) {
    const codeUnit = text.charCodeAt(index);
    const value = codeUnit < 128 ? DECODE[codeUnit]! : -1;
    if (value < 0) return undefined;
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      output[written++] = (bits >>> bitCount) & 0xff;
    }
  }
  return written === output.length ? output : output.subarray(0, written);
}

/** True for the characters of a base64 run (standard alphabet; "=" only as padding, handled apart). */
export function isBase64Character(codeUnit: number): boolean {
  return codeUnit < 128 && DECODE[codeUnit]! >= 0 && codeUnit !== 45 && codeUnit !== 95;
}

/** The value of a hex digit's code unit (0-15), or -1: shared by the hex payloads and URL escapes. */
export function hexDigitValue(codeUnit: number): number {
  if (codeUnit >= 48 && codeUnit <= 57) return codeUnit - 48;
  if (codeUnit >= 65 && codeUnit <= 70) return codeUnit - 55;
  if (codeUnit >= 97 && codeUnit <= 102) return codeUnit - 87;
  return -1;
}
