/**
 * `npm run bench -- chaos [--rounds N] [--interval-ms M] [--hang-s S]`: starts a real `npm start` (its own
 * data directory .data/bench-chaos, ports KEEL_CHAOS_PORT / KEEL_CHAOS_DB_PORT or free ones; loopback
 * only), drives a steady write load (POST /api/sessions every M ms, default 50) and, in turn, kills each
 * child with SIGKILL: postgres, the database launcher, the web process, the agent runtime; then hangs
 * postgres with SIGSTOP for S seconds (default 10). Per fault it prints:
 *   - answersAgainSeconds: from the signal until the service answers again (a write acknowledged with
 *     201 and /api/health 200; 0 when it never stopped answering);
 *   - childBackSeconds: until the killed child's replacement runs (a new pid) and health is 200;
 *   - acknowledgedWrites / lostWrites: writes acknowledged during the fault window, and how many of ALL
 *     writes acknowledged so far are missing from the database (must be 0);
 *   - haltCheck: answers of POST /api/halts/check polled during the fault (fail-safe count, slowest ms).
 * Bounded: each fault waits at most 120 s for recovery; the whole run takes a few minutes. `--quick` (the
 * bench stage of `npm test`): one round of three faults (postgres SIGKILL, web SIGKILL, postgres SIGSTOP
 * for 2 s), about a minute after the start.
 */
import {
  type ChildName,
  haltCheck,
  lostWrites,
  type SupervisedKeel,
  startSupervisedKeel,
  startWriteLoad,
} from "../tests/fixtures/supervised-keel";
import { option, quickMode } from "./support/options";

const RECOVERY_LIMIT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(keel: SupervisedKeel): Promise<boolean> {
  try {
    const response = await fetch(`${keel.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

type Fault = ChildName | "postgres-hang";

export async function run(args: string[]) {
  const rounds = option(args, "--rounds", 1, 10);
  const intervalMs = option(args, "--interval-ms", 50, 10_000);
  const hangSeconds = option(args, "--hang-s", 10, 60, 2);
  const keel = await startSupervisedKeel({
    dataDir: ".data/bench-chaos",
    port: process.env.KEEL_CHAOS_PORT ? Number(process.env.KEEL_CHAOS_PORT) : undefined,
    dbPort: process.env.KEEL_CHAOS_DB_PORT ? Number(process.env.KEEL_CHAOS_DB_PORT) : undefined,
  });
  const results: Record<string, unknown>[] = [];
  const allAcknowledged: string[] = [];
  try {
    await keel.waitHealthy(600_000);
    const token = await keel.agentToken();
    const opened = await fetch(`${keel.baseUrl}/api/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    const sessionToken = ((await opened.json()) as { session_token: string }).session_token;
    const faults: Fault[] = quickMode(args)
      ? ["postgres", "web", "postgres-hang"]
      : ["postgres", "db", "web", "agent", "postgres-hang"];
    for (let round = 1; round <= rounds; round++) {
      for (const fault of faults) {
        const load = startWriteLoad(keel.baseUrl, token, intervalMs);
        await sleep(3_000); // steady state first
        const child: ChildName = fault === "postgres-hang" ? "postgres" : fault;
        const pid = keel.pidOf(child);
        if (pid === null) throw new Error(`no ${child} process found`);
        const checks: number[] = [];
        let failSafe = 0;
        let otherAnswers = 0;
        let unanswered = 0;
        const poll = async (until: () => boolean) => {
          while (!until()) {
            const started = performance.now();
            const answer = await haltCheck(keel.baseUrl, token, {
              session_token: sessionToken,
              current_context: { operation: "ls" },
            });
            checks.push(performance.now() - started);
            if (!answer) unanswered += 1;
            else if (answer.status === 503 && answer.body.should_halt === true) failSafe += 1;
            else if (answer.status !== 200) otherAnswers += 1;
            await sleep(100);
          }
        };
        const before = load.acknowledged.length;
        const outputFrom = keel.output.length;
        const startedAt = performance.now();
        let polling = true;
        const poller = poll(() => !polling);
        let answersAgainSeconds: number | null = null;
        let childBackSeconds: number | null = null;
        if (fault === "postgres-hang") {
          const stopped = keel.clusterPids();
          for (const target of stopped) process.kill(target, "SIGSTOP");
          await sleep(hangSeconds * 1_000);
          for (const target of stopped) {
            try {
              process.kill(target, "SIGCONT");
            } catch {
              // gone
            }
          }
        } else process.kill(pid, "SIGKILL");
        const signalledWrites = load.acknowledged.length;
        for (;;) {
          const elapsed = performance.now() - startedAt;
          if (elapsed > RECOVERY_LIMIT_MS + hangSeconds * 1_000) break;
          const isHealthy = await healthy(keel);
          if (answersAgainSeconds === null && isHealthy && load.acknowledged.length > signalledWrites)
            answersAgainSeconds = elapsed / 1000;
          const current = keel.pidOf(child);
          const databaseBack =
            (fault !== "postgres" && fault !== "db") ||
            keel.output.slice(outputFrom).some((line) => line.includes("The embedded PostgreSQL is back"));
          if (childBackSeconds === null && isHealthy && databaseBack && current !== null && current !== pid)
            childBackSeconds = elapsed / 1000;
          if (fault === "postgres-hang" && childBackSeconds === null && isHealthy)
            childBackSeconds = elapsed / 1000;
          if (answersAgainSeconds !== null && childBackSeconds !== null) break;
          await sleep(100);
        }
        polling = false;
        await poller;
        await sleep(1_000);
        await load.stop();
        allAcknowledged.push(...load.acknowledged);
        results.push({
          round,
          fault: fault === "postgres-hang" ? `postgres SIGSTOP ${hangSeconds} s` : `${fault} SIGKILL`,
          answersAgainSeconds: answersAgainSeconds === null ? null : Number(answersAgainSeconds.toFixed(2)),
          childBackSeconds: childBackSeconds === null ? null : Number(childBackSeconds.toFixed(2)),
          writeAttempts: load.attempts(),
          acknowledgedWrites: load.acknowledged.length - before,
          lostWrites: await lostWrites(keel, allAcknowledged),
          haltCheck: {
            answers: checks.length,
            failSafe,
            otherErrors: otherAnswers,
            unanswered,
            slowestMs: Math.round(Math.max(0, ...checks)),
          },
        });
        if (answersAgainSeconds === null || childBackSeconds === null) break;
      }
    }
    const stopCode = await keel.stop();
    return {
      benchmark: "chaos",
      rounds,
      writeIntervalMs: intervalMs,
      faults: results,
      totalAcknowledgedWrites: allAcknowledged.length,
      cleanStopExitCode: stopCode,
    };
  } finally {
    if (keel.process.exitCode === null) await keel.stop();
  }
}
