/**
 * The agent runtime worker. It keeps the runtime switches applied (reads them at start, re-reads every
 * 5 s as the safety net and at once when a settings write NOTIFYs, logs every change, writes a heartbeat
 * with the version it applies), executes agent runs from the `agent-run` queue through the guarded loop
 * (lib/runs/run-worker.ts), and runs the halt escalation and retention schedules (agent/halt-jobs.ts).
 *
 * Environment: DATABASE_URL (required; `npm start` sets it), KEEL_MODEL / KEEL_UTILITY_MODEL (unset:
 * the scripted demo model), provider credentials, KEEL_MCP_SERVERS, KEEL_WEB_FETCH_ALLOW_HOSTS,
 * KEEL_RUN_CONCURRENCY (default 2), KEEL_SETTINGS_NOTIFY=off to rely on polling alone,
 * KEEL_SETTINGS_POLL_MS (default 5000), KEEL_LOG_LEVEL, KEEL_ESCALATION_WEBHOOK_URL and
 * KEEL_ESCALATION_WEBHOOK_SECRET; OTEL_* (traces, docs/observability.md), KEEL_AGENT_METRICS_PORT /
 * KEEL_AGENT_METRICS_HOST with KEEL_METRICS_TOKEN (its metrics endpoint).
 */
import { demoRunFlags } from "@/lib/agent/demo";
import { type RuntimeSetup, setUpRuntime } from "@/lib/agent/runtime-setup";
import { type Database, getPrisma } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/database-errors";
import { createLogger, errorFields } from "@/lib/log/logger";
import { type RunWorker, startRunWorker } from "@/lib/runs/run-worker";
import { RuntimeFlagPoller } from "@/lib/settings/flag-poller";
import { loadAppSettingsRuntimeFlags } from "@/lib/settings/runtime-flags";
import { RuntimeHeartbeat } from "@/lib/settings/runtime-heartbeat";
import { SettingsListener } from "@/lib/settings/settings-listener";
import { startAgentMetricsServer } from "@/lib/telemetry/metrics-server";
import { startTelemetry, type TelemetryHandle } from "@/lib/telemetry/setup";
import { type HaltJobs, startHaltJobs, webhookConfigFromEnv } from "./halt-jobs";

const log = createLogger({ component: "agent-runtime" });

/**
 * Waits (0.5 s doubling to 5 s between tries, without limit) until the database answers, so a runtime
 * started while the database is away or restarting waits for it instead of exiting: under `npm start`
 * every exit counts towards the supervisor's crash-loop limit.
 */
async function untilDatabaseAnswers(database: Database): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await database.$queryRaw`select 1`;
      if (attempt > 0) log.info("the database answers; starting");
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delayMs = Math.min(5_000, 500 * 2 ** attempt);
      log.warn("the database is not reachable yet; waiting for it", {
        attempt: attempt + 1,
        delayMs,
        ...errorFields(error),
      });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    log.error("DATABASE_URL is not set. Start the runtime with `npm start`, or set DATABASE_URL.");
    process.exit(1);
  }
  const pollMs = Number(process.env.KEEL_SETTINGS_POLL_MS ?? 5_000);
  if (!Number.isInteger(pollMs) || pollMs < 100 || pollMs > 600_000) {
    log.error("KEEL_SETTINGS_POLL_MS must be a whole number of milliseconds from 100 to 600000.", {
      value: process.env.KEEL_SETTINGS_POLL_MS,
    });
    process.exit(1);
  }
  const notificationsEnabled = process.env.KEEL_SETTINGS_NOTIFY !== "off";
  let webhook: ReturnType<typeof webhookConfigFromEnv>;
  try {
    webhook = webhookConfigFromEnv(process.env);
  } catch (error) {
    log.error((error as Error).message);
    process.exit(1);
  }
  const concurrency = Number(process.env.KEEL_RUN_CONCURRENCY ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    log.error("KEEL_RUN_CONCURRENCY must be a whole number from 1 to 32.", {
      value: process.env.KEEL_RUN_CONCURRENCY,
    });
    process.exit(1);
  }
  let telemetry: TelemetryHandle;
  let metricsServer: Awaited<ReturnType<typeof startAgentMetricsServer>>;
  try {
    telemetry = await startTelemetry("agent");
    metricsServer = await startAgentMetricsServer();
    if (telemetry.tracing) log.info("exporting traces over OTLP", { protocol: telemetry.protocol });
    if (metricsServer) log.info("serving the runtime's metrics", { url: metricsServer.url });
  } catch (error) {
    log.error((error as Error).message);
    process.exit(1);
  }
  let setup: RuntimeSetup;
  try {
    setup = await setUpRuntime(process.env, log);
  } catch (error) {
    log.error((error as Error).message);
    process.exit(1);
  }
  const database = getPrisma();
  const heartbeat = new RuntimeHeartbeat(database, { label: setup.models.label, demo: setup.demo });

  const poller = new RuntimeFlagPoller({
    load: () => loadAppSettingsRuntimeFlags(database),
    baseIntervalMs: pollMs,
    onApplied: async (loaded, changed) => {
      if (changed) {
        log.info("runtime flags applied", { version: loaded.version, flags: loaded.flags });
        if (loaded.invalidFields.length > 0) {
          log.warn("settings row has invalid values; using safe defaults for them", {
            fields: loaded.invalidFields,
          });
        }
      }
      await heartbeat
        .beat(loaded.version, changed)
        .catch((error) => log.warn("heartbeat failed", errorFields(error)));
    },
    onError: (error, failures) =>
      log.warn("reading runtime flags failed; keeping the last good flags", {
        failures,
        ...errorFields(error),
      }),
  });

  const listener = notificationsEnabled
    ? new SettingsListener({
        connectionString,
        onChange: () => void poller.reloadNow(),
        onStateChange: (state, error) =>
          state === "connected"
            ? log.info("listening for settings changes")
            : log.warn("settings notifications lost; polling until reconnected", errorFields(error)),
      })
    : null;

  let haltJobs: HaltJobs | null = null;
  let runWorker: RunWorker | null = null;
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info("agent runtime stopping", { reason });
    await runWorker?.stop().catch((error) => log.warn("stopping the run worker failed", errorFields(error)));
    poller.stop();
    await listener?.stop();
    await setup.close().catch(() => {});
    await haltJobs?.stop().catch((error) => log.warn("stopping the job queue failed", errorFields(error)));
    await heartbeat.stop().catch(() => {});
    await database.$disconnect().catch(() => {});
    await metricsServer?.close();
    await telemetry.shutdown().catch(() => {});
    log.info("agent runtime stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  log.info("agent runtime starting", {
    pid: process.pid,
    instance: heartbeat.id,
    pollMs,
    notificationsEnabled,
  });
  await untilDatabaseAnswers(database);
  await poller.start();
  await listener?.start();
  haltJobs = await startHaltJobs({
    connectionString,
    database,
    log: log.child({ component: "halt-jobs" }),
    webhook,
  });
  log.info("halt escalation and retention schedules running", {
    webhook: webhook ? new URL(webhook.url).origin : null,
  });
  runWorker = await startRunWorker({
    connectionString,
    concurrency,
    deps: {
      database,
      runtimeId: heartbeat.id,
      models: setup.models,
      flags: () => ({ flags: poller.current(), version: poller.appliedVersion() ?? 0 }),
      // The scripted demo model's scenarios turn their own guard on for their run only.
      ...(setup.demo ? { runFlags: demoRunFlags } : {}),
      createTools: setup.createTools,
      log: log.child({ component: "runs" }),
    },
  });
  log.info("run worker ready", { model: setup.models.label, concurrency });
  // keep the event loop alive: the poller's timers are unref'd
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  log.error("agent runtime failed to start", errorFields(error));
  process.exit(1);
});
