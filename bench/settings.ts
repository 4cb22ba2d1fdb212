/**
 * `npm run bench -- settings [--samples N] [--polling-samples N]`
 *
 * Latency from a settings write to a running agent runtime applying it: the PUT /api/app-settings
 * handler is called with a real Request; a real agent runtime process (agent/main.ts) runs against the
 * same database; the clock stops when the runtime logs "runtime flags applied" with the new version.
 * Measured twice in the same run: with NOTIFY (the default) and with polling only
 * (KEEL_SETTINGS_NOTIFY=off, 5 s poll), the baseline NOTIFY is compared against.
 */
import { type ChildProcess, spawn } from "node:child_process";
import readline from "node:readline";
import { openBenchDatabase } from "./support/bench-database";
import { option } from "./support/options";
import { summarize } from "./support/stats";

interface Runtime {
  process: ChildProcess;
  appliedAt(version: number): Promise<number>;
  stop(): Promise<void>;
}

async function startRuntime(databaseUrl: string, notify: boolean): Promise<Runtime> {
  const child = spawn(process.execPath, ["--import", "tsx", "agent/main.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, KEEL_SETTINGS_NOTIFY: notify ? "on" : "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const waiters = new Map<number, (at: number) => void>();
  const seen = new Map<number, number>();
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    const at = performance.now();
    let record: { msg?: string; version?: number };
    try {
      record = JSON.parse(line);
    } catch {
      return;
    }
    if (
      record.msg === "listening for settings changes" ||
      (!notify && record.msg === "runtime flags applied")
    )
      listening();
    if (record.msg === "runtime flags applied" && typeof record.version === "number") {
      seen.set(record.version, at);
      waiters.get(record.version)?.(at);
    }
  });
  await ready;
  return {
    process: child,
    appliedAt: (version) =>
      new Promise((resolve, reject) => {
        const already = seen.get(version);
        if (already !== undefined) return resolve(already);
        const timer = setTimeout(
          () => reject(new Error(`version ${version} not applied within 30 s`)),
          30_000,
        );
        waiters.set(version, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A personal access token of an operator: PUT /api/app-settings needs the operator role. */
async function operatorToken(databaseUrl: string): Promise<string> {
  process.env.DATABASE_URL = databaseUrl;
  const { getPrisma } = await import("@/lib/db/client");
  const { createUser } = await import("@/lib/auth/users");
  const { createPersonalToken } = await import("@/lib/auth/api-keys");
  const database = getPrisma();
  const user = await createUser(database, {
    username: "bench-operator",
    password: "bench password 123",
    role: "operator",
  });
  return (await createPersonalToken(database, { userId: user.id, name: "settings bench" })).token;
}

async function measure(
  databaseUrl: string,
  token: string,
  notify: boolean,
  samples: number,
): Promise<number[]> {
  process.env.DATABASE_URL = databaseUrl;
  const { PUT } = await import("@/app/api/app-settings/route");
  const runtime = await startRuntime(databaseUrl, notify);
  const latencies: number[] = [];
  let lastVersion = -1;
  try {
    for (let sample = 0; sample < samples; sample++) {
      // A random pause: with polling only, it spreads writes over the whole poll interval.
      await new Promise((resolve) =>
        setTimeout(resolve, notify ? 100 + Math.random() * 300 : Math.random() * 5_000),
      );
      const started = performance.now();
      const response = await PUT(
        new Request("http://localhost/api/app-settings", {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ toolScaffoldingGuardEnabled: sample % 2 === 1 }), // flips every write
        }),
        { params: Promise.resolve({}) },
      );
      if (response.status !== 200)
        throw new Error(`PUT failed with ${response.status}: ${await response.text()}`);
      const { version } = (await response.json()) as { version: number };
      if (version === lastVersion) throw new Error("the write did not produce a new version");
      lastVersion = version;
      latencies.push((await runtime.appliedAt(version)) - started);
    }
  } finally {
    await runtime.stop();
  }
  return latencies;
}

export async function run(args: string[]) {
  const samples = option(args, "--samples", 30, 1000, 2);
  const pollingSamples = option(args, "--polling-samples", 12, 1000, 1);
  const database = await openBenchDatabase();
  try {
    const token = await operatorToken(database.url);
    const withNotify = summarize(await measure(database.url, token, true, samples));
    const pollingOnly = summarize(await measure(database.url, token, false, pollingSamples));
    return {
      benchmark: "settings: PUT /api/app-settings -> agent runtime applied (ms)",
      withNotify,
      pollingOnly,
      ratio: {
        medianPollingOverNotify: Math.round((pollingOnly.median / withNotify.median) * 10) / 10,
        p95PollingOverNotify: Math.round((pollingOnly.p95 / withNotify.p95) * 10) / 10,
      },
      pollIntervalMs: 5_000,
    };
  } finally {
    await database.close();
  }
}
