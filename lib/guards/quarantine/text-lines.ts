/**
 * Line bounds for the decoders and rewrites that read a tool result line by line (encoded-orders.ts,
 * transformed-orders.ts, separated-letters.ts). A line ends at "\n" or "\r"; both walks are bounded, so
 * a caller that moves its floor or limit past each line it read stays linear.
 */

/** Start of the line that holds `index` (after its line break), not before `floor`. */
export function lineStartBefore(text: string, index: number, floor: number): number {
  let start = index;
  while (start > floor && text.charCodeAt(start - 1) !== 10 && text.charCodeAt(start - 1) !== 13) start--;
  return start;
}

/** End of the line that holds `index` (its line break), not after `limit`. */
export function lineEndFrom(text: string, index: number, limit: number): number {
  let end = index;
  while (end < limit && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
  return end;
}
