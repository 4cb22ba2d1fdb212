import type { ScaffoldingFilterOptions } from "./create-scaffolding-filter";
import { createScaffoldingFilter } from "./create-scaffolding-filter";
import { foldMarker } from "./marker-trie";
import { createScaffoldingScanner } from "./scaffolding-scanner";

/** Test helper: runs `chunks` through the synchronous scanner and returns the concatenated output. */
export function scanChunks(chunks: readonly string[], options: ScaffoldingFilterOptions = {}): string {
  const scanner = createScaffoldingScanner(options);
  let output = "";
  for (const chunk of chunks) output += scanner.push(chunk);
  return output + scanner.finish();
}

/** Test helper: runs `chunks` through the real TransformStream and collects the output deltas. */
export async function streamChunks(
  chunks: readonly string[],
  options: ScaffoldingFilterOptions = {},
): Promise<{ deltas: string[]; filter: ReturnType<typeof createScaffoldingFilter> }> {
  const filter = createScaffoldingFilter(options);
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const deltas: string[] = [];
  const reader = source.pipeThrough(filter.stream).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) deltas.push(read.value);
  return { deltas, filter };
}

/** Test helper: `text` split into two chunks at `offset`. */
export function splitAt(text: string, offset: number): string[] {
  return [text.slice(0, offset), text.slice(offset)];
}

/** Test helper: the text with DeepSeek's fullwidth characters degraded to ASCII. */
export function asciiDegraded(text: string): string {
  return foldMarker(text);
}
