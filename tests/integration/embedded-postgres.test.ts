/**
 * The embedded PostgreSQL launcher against the failures it must survive
 * (docs/architecture.md#the-embedded-postgresql-libdbembedded-postgrests): a second start reusing data,
 * an orphan server left by a SIGKILLed launcher, stale and zombie pid files, a reused pid, a busy port,
 * a missing credentials file, and (as root) a data directory the postgres user cannot reach.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedPostgres } from "@/lib/db/embedded-postgres";

const BASE_PORT = 25450 + (process.pid % 20) * 5;
let dataRoot: string;
const logLines: string[] = [];
const launcher = (port = BASE_PORT, root = dataRoot) =>
  new EmbeddedPostgres({ dataRoot: root, port, log: (line) => logLines.push(line) });

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(root = dataRoot): Promise<number> {
  return Number((await fs.readFile(path.join(root, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
}

/** Running, not a zombie (this sandbox's init does not always reap orphans at once). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const state = (await fs.readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.[0];
    return state !== "Z";
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), "keel-launcher-"));
});
afterAll(async () => {
  await fs.rm(dataRoot, { recursive: true, force: true });
});

describe("embedded PostgreSQL launcher", () => {
  it("initialises a UTF-8 cluster bound to 127.0.0.1, and a second start reuses the data", async () => {
    const first = launcher();
    const url = await first.start();
    expect(url).toMatch(new RegExp(`^postgresql://keel:[^@]+@127\\.0\\.0\\.1:${BASE_PORT}/keel$`));
    await query(url, "create table kept (value text); insert into kept values ('still here')");
    const [settings] = await query(
      url,
      "select current_setting('listen_addresses') as listen, current_setting('server_encoding') as encoding",
    );
    expect(settings).toEqual({ listen: "127.0.0.1", encoding: "UTF8" });
    const credentials = await fs.stat(path.join(dataRoot, "db-credentials.json"));
    expect(credentials.mode & 0o077).toBe(0);
    await first.stop();

    const second = launcher();
    const secondUrl = await second.start();
    expect(await query(secondUrl, "select value from kept")).toEqual([{ value: "still here" }]);
    await second.stop();
    await expect(fs.access(path.join(dataRoot, "pg", "postmaster.pid"))).rejects.toThrow();
  });

  it("stops an orphan server left running by a SIGKILLed launcher, then starts", async () => {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/db-server.ts"], {
      env: { ...process.env, KEEL_DATA_DIR: dataRoot, KEEL_DB_PORT: String(BASE_PORT), KEEL_SUPERVISED: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      readline
        .createInterface({ input: child.stdout! })
        .on("line", (line) => line.startsWith("KEEL_DB_READY") && resolve());
      child.once("exit", (code) => reject(new Error(`db-server exited with ${code}`)));
    });
    const orphanPid = await postmasterPid();
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(await isRunning(orphanPid)).toBe(true);

    logLines.length = 0;
    const server = launcher();
    const url = await server.start();
    expect(logLines.join("\n")).toMatch(/still running; stopping it/);
    expect(await isRunning(orphanPid)).toBe(false);
    expect(await query(url, "select value from kept")).toEqual([{ value: "still here" }]);
    await server.stop();
  });

  it("removes a stale pid file whose process is gone, or whose pid now belongs to another program", async () => {
    for (const [pid, reason] of [
      [2 ** 22 + 17, "absent"],
      [process.pid, "pid-reused"],
    ] as const) {
      await fs.writeFile(
        path.join(dataRoot, "pg", "postmaster.pid"),
        `${pid}\n${path.join(dataRoot, "pg")}\n0\n${BASE_PORT}\n`,
      );
      logLines.length = 0;
      const server = launcher();
      await server.start();
      expect(logLines.join("\n")).toContain(`stale postmaster.pid (${reason})`);
      await server.stop();
    }
  });

  it("removes a pid file naming a zombie", async () => {
    // `sleep 1` becomes the child of `sleep 30` (after exec), which never reaps it: a zombie once it
    // exits. (With `sleep 0` the shell could reap it itself when it exited before the exec, which a busy
    // CI host made happen: the pid was gone instead of a zombie.)
    const parent = spawn("sh", ["-c", "sleep 1 & echo $!; exec sleep 30"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    const zombiePid = await new Promise<number>((resolve) =>
      readline.createInterface({ input: parent.stdout! }).once("line", (line) => resolve(Number(line))),
    );
    try {
      await expect
        .poll(async () => (await fs.readFile(`/proc/${zombiePid}/stat`, "utf8")).split(") ")[1]?.[0], {
          timeout: 10_000,
        })
        .toBe("Z");
      await fs.writeFile(
        path.join(dataRoot, "pg", "postmaster.pid"),
        `${zombiePid}\n${path.join(dataRoot, "pg")}\n0\n${BASE_PORT}\n`,
      );
      logLines.length = 0;
      const server = launcher();
      await server.start();
      expect(logLines.join("\n")).toContain("stale postmaster.pid (zombie)");
      await server.stop();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("says clearly when the port is taken by another program", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(BASE_PORT + 1, "127.0.0.1", resolve));
    try {
      await expect(launcher(BASE_PORT + 1).start()).rejects.toThrow(
        /Port \d+ on 127\.0\.0\.1 is already in use.*KEEL_DB_PORT/s,
      );
    } finally {
      blocker.close();
    }
  });

  it("refuses to guess when the credentials file of an existing cluster is missing", async () => {
    const credentials = path.join(dataRoot, "db-credentials.json");
    const saved = await fs.readFile(credentials);
    await fs.rm(credentials);
    try {
      await expect(launcher().start()).rejects.toThrow(/credentials file .* is missing/);
    } finally {
      await fs.writeFile(credentials, saved, { mode: 0o600 });
    }
  });

  it.runIf(process.getuid?.() === 0)(
    "as root, stages the cluster when a parent directory is private",
    async () => {
      const privateParent = await fs.mkdtemp(path.join(os.tmpdir(), "keel-private-"));
      await fs.chmod(privateParent, 0o700);
      const root = path.join(privateParent, "data");
      logLines.length = 0;
      const server = launcher(BASE_PORT + 2, root);
      try {
        const url = await server.start();
        expect(logLines.join("\n")).toMatch(
          /cannot reach .* the cluster lives in \/var\/lib\/keel\/clusters\//,
        );
        expect(await query(url, "select 1 as one")).toEqual([{ one: 1 }]);
        await query(url, "create table staged_marker (id int)");
        await server.stop();
        const firstStaged = logLines.join("\n").match(/lives in (\S+) instead/)?.[1];

        // A second start finds the same staged cluster (its location is remembered in the data root).
        logLines.length = 0;
        const again = launcher(BASE_PORT + 2, root);
        const againUrl = await again.start();
        expect(logLines.join("\n")).toContain(`lives in ${firstStaged} instead`);
        expect(await query(againUrl, "select count(*)::int as n from staged_marker")).toEqual([{ n: 0 }]);
        await again.stop();

        // A fresh checkout at the same path (no data root) never inherits the old staged cluster.
        await fs.rm(root, { recursive: true, force: true });
        logLines.length = 0;
        const fresh = launcher(BASE_PORT + 2, root);
        await fresh.start();
        const freshStaged = logLines.join("\n").match(/lives in (\S+) instead/)?.[1];
        expect(freshStaged).toBeDefined();
        expect(freshStaged).not.toBe(firstStaged);
        await fresh.stop();
        if (firstStaged) await fs.rm(path.dirname(firstStaged), { recursive: true, force: true });
      } finally {
        await server.stop();
        for (const staged of logLines.join("\n").matchAll(/lives in (\S+) instead/g)) {
          await fs.rm(path.dirname(staged[1]!), { recursive: true, force: true });
        }
        await fs.rm(privateParent, { recursive: true, force: true });
      }
    },
  );

  it.runIf(process.getuid?.() === 0)(
    "as root, opens a private folder it owns inside the project instead of staging the cluster",
    async () => {
      const inside = await fs.mkdtemp(path.join(process.cwd(), ".data", "launcher-"));
      const privateFolder = path.join(inside, "private");
      await fs.mkdir(privateFolder, { mode: 0o700 });
      await fs.chmod(privateFolder, 0o700);
      const root = path.join(privateFolder, "data");
      logLines.length = 0;
      const server = launcher(BASE_PORT + 3, root);
      try {
        await server.start();
        expect(logLines.join("\n")).not.toContain("cannot reach");
        expect((await fs.stat(privateFolder)).mode & 0o001).toBe(0o001);
        await expect(fs.access(path.join(root, "pg", "PG_VERSION"))).resolves.toBeUndefined();
      } finally {
        await server.stop();
        await fs.rm(inside, { recursive: true, force: true });
      }
    },
  );
});
