/**
 * True for the code units JavaScript's `\s` matches, which are also the ones `String.prototype.trim`
 * removes (WhiteSpace and LineTerminator): a branch-only test for hot loops that must not call a regex.
 */
export function isJsWhitespace(codeUnit: number): boolean {
  return (
    (codeUnit >= 0x09 && codeUnit <= 0x0d) ||
    codeUnit === 0x20 ||
    codeUnit === 0xa0 ||
    codeUnit === 0x1680 ||
    (codeUnit >= 0x2000 && codeUnit <= 0x200a) ||
    codeUnit === 0x2028 ||
    codeUnit === 0x2029 ||
    codeUnit === 0x202f ||
    codeUnit === 0x205f ||
    codeUnit === 0x3000 ||
    codeUnit === 0xfeff
  );
}
