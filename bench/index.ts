export {};

/**
 * `npm run bench -- <name> [options]`: runs one benchmark and prints its result as JSON on stdout.
 * Benchmarks print ratios against a baseline measured in the same run; they assert nothing (these
 * machines are shared and noisy), so they are never part of `npm test`.
 */
const BENCHMARKS: Record<string, () => Promise<{ run: (args: string[]) => Promise<unknown> }>> = {
  settings: () => import("./settings"),
  guards: () => import("./guards"),
  halts: () => import("./halts"),
  console: () => import("./console"),
  "guard-proxy": () => import("./guard-proxy"),
  "agent-loop": () => import("./agent-loop"),
  "mcp-gateway": () => import("./mcp-gateway"),
  chaos: () => import("./chaos"),
  activity: () => import("./activity"),
  check: () => import("./check"),
  tracing: () => import("./tracing"),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? BENCHMARKS[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(BENCHMARKS).join("|")}> [options]`);
  process.exit(2);
}
const benchmark = await load();
const result = await benchmark.run(args);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
