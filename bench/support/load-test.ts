/** Runs `concurrency` request loops for `durationMs`; returns every latency (ms) and the error count. */
export async function loadTest(
  request: () => Promise<Response>,
  options: { concurrency: number; durationMs: number },
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          const response = await request();
          await response.arrayBuffer();
          if (response.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}
