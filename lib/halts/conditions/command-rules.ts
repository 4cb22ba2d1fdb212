/**
 * Command rules for the security conditions: which executed commands are destructive, escalate
 * privileges, expose data, or have unclear effects. Rules read `analyzeShellCommand` output, so they see
 * the program that really runs with its real arguments (see shell-command.ts).
 */
import { analyzeShellCommand, type ExecutedCommand, type ShellAnalysis } from "./shell-command";

/** One rule hit: the rule's human label and the command it was found in. */
export type CommandFinding = { rule: string; command: string };

const SHELL_INTERPRETERS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "ash",
  "python",
  "python3",
  "perl",
  "ruby",
  "node",
  "php",
  "pwsh",
  "powershell",
  "iex",
]);
const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "fetch",
  "iwr",
  "invoke-webrequest",
  "irm",
  "invoke-restmethod",
]);

const SYSTEM_DIRECTORIES = [
  "bin",
  "boot",
  "dev",
  "etc",
  "home",
  "lib",
  "lib64",
  "opt",
  "proc",
  "root",
  "sbin",
  "srv",
  "sys",
  "usr",
  "var",
  "System",
  "Users",
  "Library",
  "Applications",
];

/**
 * True for a path whose recursive removal wipes a system or a home: `/`, `/*`, `~`, `~/`, `~/*`, `$HOME`,
 * `${HOME}`, a top-level system directory (`/etc`, `/usr/*`, ...), `C:\`, or a bare variable followed by
 * a slash (`$DIR/`, `"${TARGET}"/*`), which is `/` when the variable is empty.
 */
export function isCriticalPath(path: string): boolean {
  const trimmed = path
    .trim()
    .replace(/\/\*$|\/\.$/, "/")
    .replace(/\/+$/, "/");
  if (trimmed === "/" || trimmed === "" || trimmed === "/*") return true;
  if (/^(?:~|\$HOME|\$\{HOME\})\/?$/.test(trimmed)) return true;
  if (/^(?:~|\$HOME|\$\{HOME\})\/\*?$/.test(path.trim())) return true;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/\*?$/.test(path.trim())) return true;
  if (/^[A-Za-z]:[\\/]?\*?$/.test(path.trim())) return true;
  const systemMatch = /^\/([^/]+)\/?$/.exec(trimmed);
  return systemMatch !== null && SYSTEM_DIRECTORIES.includes(systemMatch[1] as string);
}

function shortFlags(args: readonly string[]): string {
  return args
    .filter((argument) => /^-[A-Za-z]+$/.test(argument))
    .map((argument) => argument.slice(1))
    .join("");
}

function hasFlag(args: readonly string[], short: string, long: readonly string[]): boolean {
  return (
    shortFlags(args).includes(short) ||
    args.some((argument) => long.some((name) => argument === name || argument.startsWith(`${name}=`)))
  );
}

function operands(args: readonly string[]): string[] {
  const index = args.indexOf("--");
  const before = index === -1 ? args : args.slice(0, index);
  const after = index === -1 ? [] : args.slice(index + 1);
  return [...before.filter((argument) => !argument.startsWith("-")), ...after];
}

function commandText(command: ExecutedCommand): string {
  return [command.program, ...command.args].join(" ");
}

function isProtectedBranch(refspec: string): boolean {
  const destination = refspec.replace(/^\+/, "").split(":").pop() ?? "";
  return /^(?:refs\/heads\/)?(?:main|master)$/.test(destination);
}

const BLOCK_DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|md|dm-|mapper\/)/;

/** Destructive rules per executed command; each returns a label or null. */
const DESTRUCTIVE_COMMAND_RULES: ((command: ExecutedCommand) => string | null)[] = [
  ({ program, args }) => {
    if (program !== "rm") return null;
    const recursive = hasFlag(args, "r", ["--recursive"]) || shortFlags(args).includes("R");
    if (args.includes("--no-preserve-root")) return "rm --no-preserve-root";
    return recursive && operands(args).some(isCriticalPath)
      ? "recursive delete of a root, home or system directory"
      : null;
  },
  ({ program, args }) => {
    if (program !== "git" || args[0] !== "push") return null;
    const rest = args.slice(1);
    const force = hasFlag(rest, "f", ["--force", "--force-with-lease", "--mirror"]);
    const refspecs = operands(rest).slice(1);
    if (refspecs.some((refspec) => refspec.startsWith(":") && isProtectedBranch(refspec)))
      return "deleting main/master on the remote";
    if (hasFlag(rest, "d", ["--delete"]) && refspecs.some(isProtectedBranch))
      return "deleting main/master on the remote";
    const forcedRefspec = refspecs.some((refspec) => refspec.startsWith("+") && isProtectedBranch(refspec));
    return (force && refspecs.some(isProtectedBranch)) || forcedRefspec ? "force push to main/master" : null;
  },
  ({ program, args }) =>
    program === "git" && args[0] === "reset" && args.includes("--hard")
      ? "git reset --hard (discards work)"
      : null,
  ({ program, args }) =>
    program === "git" && args[0] === "clean" && hasFlag(args.slice(1), "f", ["--force"])
      ? "git clean -f (deletes untracked files)"
      : null,
  ({ program }) =>
    /^mkfs(?:\..+)?$|^mke2fs$|^wipefs$|^mkswap$/.test(program) ? "formatting a file system" : null,
  ({ program, args }) =>
    program === "dd" && args.some((argument) => /^of=\/dev\//.test(argument))
      ? "dd writing to a device"
      : null,
  ({ program, args }) =>
    program === "shred" && operands(args).some((path) => path.startsWith("/dev/"))
      ? "shredding a device"
      : null,
  ({ redirects }) =>
    redirects.some((redirect) => redirect.operator.includes(">") && BLOCK_DEVICE.test(redirect.target))
      ? "redirecting output onto a block device"
      : null,
  ({ program, args }) =>
    ["shutdown", "reboot", "poweroff", "halt"].includes(program) ||
    (program === "init" && ["0", "6"].includes(args[0] ?? "")) ||
    (program === "systemctl" && ["poweroff", "reboot", "halt"].includes(args[0] ?? ""))
      ? "shutting down or rebooting the machine"
      : null,
  ({ program, args }) =>
    program === "kill" && args.includes("-1") ? "killing every process (kill -1)" : null,
  ({ program, args }) => (program === "crontab" && hasFlag(args, "r", []) ? "removing the crontab" : null),
  ({ program, args }) =>
    program === "find" &&
    args.includes("-delete") &&
    args.filter((argument) => !argument.startsWith("-")).some(isCriticalPath)
      ? "find -delete on a root, home or system directory"
      : null,
  ({ program, args }) =>
    (program === "chmod" || program === "chown" || program === "chgrp") &&
    hasFlag(args, "R", ["--recursive"]) &&
    operands(args).slice(1).some(isCriticalPath)
      ? `recursive ${program} on a root, home or system directory`
      : null,
  ({ program, args }) =>
    program === "terraform" &&
    (args.includes("destroy") || (args[0] === "apply" && args.includes("-destroy")))
      ? "terraform destroy"
      : null,
  ({ program, args }) =>
    program === "kubectl" &&
    args[0] === "delete" &&
    (["namespace", "ns", "namespaces"].includes(args[1] ?? "") ||
      args.includes("--all") ||
      args.includes("-A"))
      ? "kubectl delete of a namespace or of all resources"
      : null,
  ({ program, args }) =>
    SHELL_INTERPRETERS.has(program) &&
    args.some((argument) => /(?:\$\(|<\(|`)\s{0,8}(?:curl|wget)\b/.test(argument))
      ? "running a downloaded script"
      : null,
];

const SQL_DESTRUCTIVE: [RegExp, string][] = [
  [/\bDROP[ \t\r\n]{1,20}(?:DATABASE|SCHEMA|TABLE)\b/i, "SQL DROP DATABASE/SCHEMA/TABLE"],
  [/\bTRUNCATE\b/i, "SQL TRUNCATE"],
];

const SQL_PRIVILEGE: [RegExp, string][] = [
  [/\bGRANT[ \t\r\n]{1,20}ALL\b/i, "SQL GRANT ALL"],
  [/\bSUPERUSER\b/i, "SQL SUPERUSER role"],
];

function sqlFindings(
  statements: readonly string[],
  rules: readonly [RegExp, string][],
  withUnboundedDelete: boolean,
): CommandFinding[] {
  const findings: CommandFinding[] = [];
  for (const text of statements) {
    for (const [regex, label] of rules) if (regex.test(text)) findings.push({ rule: label, command: text });
    if (!withUnboundedDelete) continue;
    for (const statement of text.split(";")) {
      const deleteIndex = statement.search(/\bDELETE\s+FROM\b/i);
      if (deleteIndex !== -1 && !/\bWHERE\b/i.test(statement.slice(deleteIndex))) {
        findings.push({ rule: "SQL DELETE without WHERE", command: statement.trim() });
      }
    }
  }
  return findings;
}

const FORK_BOMB = /([A-Za-z_:][A-Za-z0-9_:]{0,30})\(\)\{\1\|\1&\};?\1/;

/**
 * Destructive commands in a command line (`dangerous_commands`): rm -rf of `/`, `~` or system dirs,
 * force push / delete of main or master, git reset --hard, git clean -f, mkfs, dd of=/dev, writes to
 * block devices, shutdown/reboot, kill -1, crontab -r, find -delete and recursive chmod/chown on critical
 * paths, terraform destroy, kubectl delete namespace/--all, fork bombs, `curl | sh` and `sh <(curl ...)`,
 * and SQL DROP DATABASE/SCHEMA/TABLE, TRUNCATE and DELETE without WHERE run through a database client.
 */
export function findDestructiveCommands(
  commandLine: string,
  analysis: ShellAnalysis = analyzeShellCommand(commandLine),
): CommandFinding[] {
  const findings: CommandFinding[] = [];
  if (FORK_BOMB.test(commandLine.replace(/\s+/g, "")))
    findings.push({ rule: "fork bomb", command: commandLine });
  for (const command of analysis.commands) {
    for (const rule of DESTRUCTIVE_COMMAND_RULES) {
      const label = rule(command);
      if (label !== null) findings.push({ rule: label, command: commandText(command) });
    }
  }
  for (const pipeline of analysis.pipelines) {
    const downloaderIndex = pipeline.findIndex((stage) => DOWNLOADERS.has(stage.program.toLowerCase()));
    if (
      downloaderIndex !== -1 &&
      pipeline.slice(downloaderIndex + 1).some((stage) => SHELL_INTERPRETERS.has(stage.program.toLowerCase()))
    ) {
      findings.push({
        rule: "piping a download into an interpreter (curl | sh)",
        command: pipeline.map(commandText).join(" | "),
      });
    }
  }
  findings.push(...sqlFindings(analysis.sqlStatements, SQL_DESTRUCTIVE, true));
  return findings;
}

const PRIVILEGED_GROUPS = new Set(["sudo", "wheel", "admin", "root", "docker", "adm", "lxd"]);
const PRIVILEGE_PROGRAMS = new Set([
  "sudo",
  "su",
  "doas",
  "pkexec",
  "runas",
  "visudo",
  "setcap",
  "chroot",
  "gsudo",
]);

/**
 * True for a chmod mode that makes files writable by everyone (others-write: 777, 666, o+w, a+rwx, +w)
 * or sets setuid/setgid (4755, 2755, u+s, g+s).
 */
export function isWorldWritableOrSetuidMode(mode: string): boolean {
  const numeric = /^0?([0-7])?([0-7])([0-7])([0-7])$/.exec(mode);
  if (numeric !== null) {
    const special = Number(numeric[1] ?? "0");
    const others = Number(numeric[4]);
    return (others & 2) !== 0 || (special & 6) !== 0;
  }
  return mode.split(",").some((clause) => {
    const symbolic = /^([ugoa]*)([+=])([rwxXst]*)$/.exec(clause);
    if (symbolic === null) return false;
    const who = symbolic[1] ?? "";
    const permissions = symbolic[3] ?? "";
    if (permissions.includes("s")) return true;
    return permissions.includes("w") && (who === "" || who.includes("a") || who.includes("o"));
  });
}

/**
 * Privilege escalation in a command line (`privilege_escalation`): sudo, su, doas, pkexec, runas,
 * visudo, setcap, chroot; chmod to 777 / a+rwx / o+w or setuid/setgid bits; chown/chgrp to root;
 * adding a user to sudo/wheel/admin/root/docker; writing /etc/sudoers; containers run with
 * --privileged, --cap-add, host PID or the host root mounted; cluster-admin bindings; SQL GRANT ALL and
 * SUPERUSER.
 */
export function findPrivilegeEscalations(
  commandLine: string,
  analysis: ShellAnalysis = analyzeShellCommand(commandLine),
): CommandFinding[] {
  const findings: CommandFinding[] = [];
  const add = (rule: string, command: ExecutedCommand) =>
    findings.push({ rule, command: commandText(command) });
  for (const command of analysis.commands) {
    const { program, args } = command;
    if (PRIVILEGE_PROGRAMS.has(program)) add(`${program} (elevated privileges)`, command);
    if (program === "chmod") {
      const mode = operands(args)[0] ?? "";
      if (isWorldWritableOrSetuidMode(mode)) add(`chmod ${mode} (world-writable or setuid)`, command);
    }
    const ownerSpec = operands(args)[0] ?? "";
    if (program === "chown" && /^(?:root|0)(?::.*)?$|^:(?:root|0|wheel)$/.test(ownerSpec))
      add("chown to root", command);
    if (program === "chgrp" && /^(?:root|0|wheel)$/.test(ownerSpec)) add("chgrp to root", command);
    if (["usermod", "gpasswd", "adduser", "useradd"].includes(program)) {
      const groups = args.flatMap((argument) => argument.split(","));
      if (groups.some((group) => PRIVILEGED_GROUPS.has(group)))
        add(`${program} adding a user to a privileged group`, command);
    }
    const writesSudoers =
      command.redirects.some(
        (redirect) => redirect.operator.includes(">") && redirect.target.startsWith("/etc/sudoers"),
      ) ||
      (program === "tee" && args.some((argument) => argument.startsWith("/etc/sudoers")));
    if (writesSudoers) add("writing /etc/sudoers", command);
    if (
      (program === "docker" || program === "podman" || program === "nerdctl") &&
      ["run", "create", "exec"].includes(args[0] ?? "")
    ) {
      const risky = args.some(
        (argument, index) =>
          argument === "--privileged" ||
          argument.startsWith("--cap-add") ||
          argument === "--pid=host" ||
          (argument === "--pid" && args[index + 1] === "host") ||
          /^(?:-v|--volume)=?\/:/.test(argument) ||
          ((argument === "-v" || argument === "--volume") && (args[index + 1] ?? "").startsWith("/:")),
      );
      if (risky) add(`${program} container with host privileges`, command);
    }
    if (program === "kubectl" && args.some((argument) => /(?:^|=)cluster-admin$/.test(argument)))
      add("kubectl binding cluster-admin", command);
  }
  findings.push(...sqlFindings(analysis.sqlStatements, SQL_PRIVILEGE, false));
  return findings;
}

const SENSITIVE_FILE =
  /(?:^|\/)(?:\.env(?:\.[\w.-]+)?|id_(?:rsa|dsa|ecdsa|ed25519)|\.pgpass|\.netrc|\.npmrc|\.git-credentials|credentials(?:\.json)?|shadow|[\w.-]+\.(?:pem|key|p12|pfx|kdbx))$|(?:^|\/)\.(?:ssh|aws|gnupg|kube)(?:\/|$)/;
const DUMP_PROGRAMS = new Set([
  "pg_dump",
  "pg_dumpall",
  "mysqldump",
  "mongodump",
  "mongoexport",
  "redis-cli",
]);
const NETWORK_SINKS = new Set([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "scp",
  "rsync",
  "sftp",
  "ftp",
  "mail",
  "sendmail",
  "mutt",
  "socat",
  "telnet",
]);

function isNetworkSink(command: ExecutedCommand): boolean {
  const { program, args } = command;
  if (program === "curl")
    return args.some((argument) =>
      /^(?:-d|--data[\w-]*|-F|--form|-T|--upload-file|--json)(?:=|$)/.test(argument),
    );
  if (program === "wget") return args.some((argument) => /^--post-(?:data|file)/.test(argument));
  if (program === "scp" || program === "rsync")
    return operands(args)
      .slice(-1)
      .some((target) => /^(?:[\w.-]+@)?[\w.-]+:/.test(target));
  if (program === "aws") return args.includes("s3") && args.some((argument) => argument.startsWith("s3://"));
  if (program === "gsutil") return args.some((argument) => argument.startsWith("gs://"));
  return NETWORK_SINKS.has(program) && program !== "curl" && program !== "wget";
}

function readsSensitiveData(command: ExecutedCommand): boolean {
  if (DUMP_PROGRAMS.has(command.program)) return true;
  return (
    command.args.some((argument) =>
      SENSITIVE_FILE.test(argument.replace(/^@/, "").replace(/^[\w-]+=@/, "")),
    ) ||
    command.redirects.some(
      (redirect) => redirect.operator.startsWith("<") && SENSITIVE_FILE.test(redirect.target),
    )
  );
}

/**
 * Data exposure in a command line (`data_exposure`): a pipeline that reads sensitive data (database
 * dumps, `.env`, SSH/cloud keys, `/etc/shadow`, `*.pem`) and sends it over the network (curl upload,
 * wget post, nc, scp/rsync to a host, s3/gs copy, mail); a single upload of such a file
 * (`curl -F f=@.env`, `scp ~/.ssh/id_rsa host:`); and public-read ACLs on buckets.
 */
export function findDataExposureCommands(
  commandLine: string,
  analysis: ShellAnalysis = analyzeShellCommand(commandLine),
): CommandFinding[] {
  const findings: CommandFinding[] = [];
  for (const pipeline of analysis.pipelines) {
    const sinkIndex = pipeline.findIndex(isNetworkSink);
    if (sinkIndex === -1) continue;
    const sources = pipeline.slice(0, sinkIndex + 1).filter(readsSensitiveData);
    if (sources.length > 0)
      findings.push({
        rule: "sending sensitive data over the network",
        command: pipeline.map(commandText).join(" | "),
      });
  }
  for (const command of analysis.commands) {
    if (
      command.args.some(
        (argument) =>
          /^(?:public-read|public-read-write)$/.test(argument) ||
          argument === "--acl=public-read" ||
          argument === "AllUsers:R" ||
          argument === "allUsers",
      )
    ) {
      findings.push({ rule: "making storage publicly readable", command: commandText(command) });
    }
  }
  return findings;
}

/** Programs whose effects are well known. `unknown_commands` flags everything else. */
export const KNOWN_COMMANDS: ReadonlySet<string> = new Set(
  (
    "ls cat echo printf pwd cd pushd popd grep egrep fgrep rg ag find fd sed awk head tail less more wc sort uniq cut tr tee diff cmp comm " +
    "patch file stat du df realpath dirname basename which whereis type command true false test [ sleep date whoami id uname hostname env " +
    "printenv export set unset alias source mkdir rmdir touch cp mv rm ln chmod chown chgrp tar zip unzip gzip gunzip bzip2 xz zcat jq yq " +
    "xargs nohup time timeout nice ps top htop kill pkill pgrep lsof free uptime git gh npm npx pnpm yarn bun bunx node deno tsx tsc " +
    "vitest jest mocha eslint prettier biome python python3 pip pip3 pipx poetry uv pytest ruff mypy black go gofmt cargo rustc rustup " +
    "make cmake ninja gcc g++ clang java javac mvn gradle dotnet ruby gem bundle rake php composer docker docker-compose podman kubectl " +
    "helm terraform ansible curl wget ssh scp rsync psql mysql sqlite3 redis-cli sudo su openssl base64 md5sum sha1sum sha256sum shasum " +
    "bash sh zsh dash man exit clear history wait read seq yes watch systemctl journalctl service crontab dd mkfs shred shutdown reboot " +
    "aws gcloud gsutil az pg_dump mysqldump mongodump prisma next vite playwright"
  ).split(" "),
);

/**
 * Commands with unclear effects (`unknown_commands`): the program is not in `KNOWN_COMMANDS` or the
 * threshold's `allowed_commands`; or it is an executable given by path whose basename is not known
 * (`./deploy.sh`); or it runs a script file through a shell (`bash deploy.sh`, `source x`, `. x`);
 * or it is `eval` of non-literal text. Returns the distinct unclear commands.
 */
export function findUnknownCommands(
  commandLine: string,
  allowedCommands: ReadonlySet<string>,
  analysis: ShellAnalysis = analyzeShellCommand(commandLine),
): CommandFinding[] {
  const findings: CommandFinding[] = [];
  const isKnown = (name: string) => KNOWN_COMMANDS.has(name) || allowedCommands.has(name);
  for (const command of analysis.commands) {
    const { program, args } = command;
    if (/^[A-Za-z]:|[/\\]/.test(program)) {
      const base = program.split(/[/\\]/).pop() ?? program;
      if (!isKnown(base)) findings.push({ rule: "executable run by path", command: commandText(command) });
      continue;
    }
    if (program === "source" || program === ".") {
      findings.push({ rule: "sourcing a script", command: commandText(command) });
      continue;
    }
    if (["sh", "bash", "zsh", "dash", "ksh"].includes(program)) {
      const firstOperand = args.find((argument) => !argument.startsWith("-"));
      const usesCommandFlag = args.some((argument) => /^-[A-Za-z]*c[A-Za-z]*$/.test(argument));
      if (firstOperand !== undefined && !usesCommandFlag)
        findings.push({ rule: "running a shell script", command: commandText(command) });
      continue;
    }
    if (program === "eval") {
      findings.push({ rule: "eval", command: commandText(command) });
      continue;
    }
    if (!isKnown(program) && !/^\$/.test(program))
      findings.push({ rule: "program not on the known-command list", command: commandText(command) });
    else if (/^\$/.test(program))
      findings.push({ rule: "program chosen by a variable", command: commandText(command) });
  }
  const seen = new Set<string>();
  return findings.filter((finding) => !seen.has(finding.command) && seen.add(finding.command) !== undefined);
}
