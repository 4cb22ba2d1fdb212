/**
 * Runs the embedded PostgreSQL in its own process (it must own its signal handling) until told to stop.
 * Prints one line `KEEL_DB_READY <url>` on stdout when the server answers; progress goes to stderr.
 * Stops the server on SIGINT/SIGTERM; under `npm start` the preloaded child watchdog turns the
 * supervisor's death into SIGTERM, so a killed `npm start` leaves no postgres behind. Exit code 1 with a clear message on any start-up failure,
 * and when PostgreSQL itself exits later (killed, crashed): the supervisor then restarts this launcher.
 */
import { EmbeddedPostgres, EmbeddedPostgresError, embeddedOptionsFromEnv } from "../lib/db/embedded-postgres";

const log = (line: string) =>
  process.stderr.write(process.env.KEEL_SUPERVISED === "1" ? `${line}\n` : `[db] ${line}\n`);

async function main(): Promise<void> {
  const options = {
    ...embeddedOptionsFromEnv(process.env, process.cwd()),
    log,
    onUnexpectedExit: (code: number | null, signal: NodeJS.Signals | null) => {
      log(`PostgreSQL exited unexpectedly (code ${code}, signal ${signal}).`);
      process.exit(1);
    },
  };
  const server = new EmbeddedPostgres(options);
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${reason}) ...`);
    await server.stop();
    log("stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  const url = await server.start();
  process.stdout.write(`KEEL_DB_READY ${url}\n`);
}

main().catch((error: unknown) => {
  log(
    error instanceof EmbeddedPostgresError
      ? error.message
      : `unexpected failure: ${(error as Error)?.stack ?? error}`,
  );
  process.exit(1);
});
