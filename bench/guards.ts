/**
 * `npm run bench -- guards`: throughput and worst cases of the two text guards, each against a naive
 * baseline (the upstream pattern set applied literally) measured in the same run.
 */
import { benchQuarantine } from "./guards-quarantine";
import { benchScaffolding } from "./guards-scaffolding";
import { quickMode } from "./support/options";

export async function run(args: string[]) {
  const unknown = args.filter((arg) => arg !== "--quick");
  if (unknown.length > 0) throw new Error(`guards takes no options but --quick, got: ${unknown.join(" ")}`);
  return {
    benchmark: "guards: tool-result quarantine and scaffolding filter",
    quarantine: await benchQuarantine(quickMode(args)),
    scaffolding: await benchScaffolding(quickMode(args)),
  };
}
