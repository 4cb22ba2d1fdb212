/**
 * True when `candidate` is within one edit (insertion, deletion, substitution or adjacent transposition)
 * of `target`. Used only for long keywords (7+ letters), where one typo ("iunstructions", "pevious") still
 * identifies the word and short ordinary words cannot collide. O(length) time, no allocation.
 */
export function isWithinOneEdit(candidate: string, target: string): boolean {
  const candidateLength = candidate.length;
  const targetLength = target.length;
  if (Math.abs(candidateLength - targetLength) > 1) return false;
  let index = 0;
  while (index < candidateLength && index < targetLength && candidate[index] === target[index]) index++;
  if (index === candidateLength && index === targetLength) return true;
  if (candidateLength === targetLength) {
    if (candidate.slice(index + 1) === target.slice(index + 1)) return true;
    return (
      index + 1 < candidateLength &&
      candidate[index] === target[index + 1] &&
      candidate[index + 1] === target[index] &&
      candidate.slice(index + 2) === target.slice(index + 2)
    );
  }
  if (candidateLength > targetLength) return candidate.slice(index + 1) === target.slice(index);
  return candidate.slice(index) === target.slice(index + 1);
}
