/**
 * True when `candidate` is within one edit (insertion, deletion, substitution or adjacent transposition)
 * of `target`. Used only for long keywords (7+ letters), where one typo ("iunstructions", "pevious") still
 * identifies the word and short ordinary words cannot collide. O(length) time, no allocation (the tails
 * are compared in place rather than sliced: this runs for every distinct long word of a candidate).
 */
export function isWithinOneEdit(candidate: string, target: string): boolean {
  const candidateLength = candidate.length;
  const targetLength = target.length;
  if (Math.abs(candidateLength - targetLength) > 1) return false;
  let index = 0;
  while (
    index < candidateLength &&
    index < targetLength &&
    candidate.charCodeAt(index) === target.charCodeAt(index)
  )
    index++;
  if (index === candidateLength && index === targetLength) return true;
  if (candidateLength === targetLength) {
    // Substitution at `index`.
    if (tailsEqual(candidate, index + 1, target, index + 1)) return true;
    // Adjacent transposition at `index`.
    return (
      index + 1 < candidateLength &&
      candidate.charCodeAt(index) === target.charCodeAt(index + 1) &&
      candidate.charCodeAt(index + 1) === target.charCodeAt(index) &&
      tailsEqual(candidate, index + 2, target, index + 2)
    );
  }
  // One extra character in the candidate, or one missing.
  if (candidateLength > targetLength) return tailsEqual(candidate, index + 1, target, index);
  return tailsEqual(candidate, index, target, index + 1);
}

/** candidate.slice(candidateFrom) === target.slice(targetFrom), without the slices. */
function tailsEqual(candidate: string, candidateFrom: number, target: string, targetFrom: number): boolean {
  const length = candidate.length - candidateFrom;
  if (length !== target.length - targetFrom) return false;
  for (let offset = 0; offset < length; offset++)
    if (candidate.charCodeAt(candidateFrom + offset) !== target.charCodeAt(targetFrom + offset)) return false;
  return true;
}
