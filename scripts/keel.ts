/**
 * `npm run keel -- <command>`: Keel's command line for operators.
 *
 *   user list
 *   user add <name> [--role viewer|operator|admin] [--display-name <text>] [--password-stdin]
 *   user passwd <name> [--password-stdin]
 *   user role <name> <viewer|operator|admin>
 *   user disable <name> | user enable <name>
 *   token create --user <name> [--name <label>]
 *   token list --user <name> | token revoke <id>
 *   agent-key create --name <agent> --scopes <comma list>
 *   agent-key list | agent-key revoke <id>
 *   mcp                      the guardrail_* halt tools over MCP stdio (agent key in KEEL_AGENT_KEY)
 *   mcp-gateway --config <file>  upstream MCP servers behind Keel's quarantine, over stdio (docs/mcp-gateway.md)
 *   run "<task>" [--kind job|chat|automation|channel|heartbeat] [--json] [--timeout <s>]
 *                            queue a run and follow its events live (scripts/keel-run.ts)
 *   replay --since 7d | --last-runs <N> [--until <ISO>] [--show <N>] [--json]
 *                            stored tool results through the current quarantine (scripts/keel-replay.ts)
 *
 * Commands that create a secret print it alone on their LAST line (scripts can take `tail -n 1`).
 * Without --password-stdin, `user add` and `user passwd` generate a password and print it. The CLI talks
 * to DATABASE_URL, or the embedded database while `npm start` runs. Bad usage exits with code 2.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { z } from "zod";
import { createAgentKey, createPersonalToken, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { generatePassword } from "@/lib/auth/password-hash";
import { AGENT_SCOPES, ROLES, type Role } from "@/lib/auth/roles";
import { createUser, findUser, listUsers, updateUser } from "@/lib/auth/users";
import { createPrismaClient, type Database } from "@/lib/db/client";
import { resolveDatabaseUrl } from "@/lib/db/database-url";
import { ReplayUsageError, replayCommand } from "./keel-replay";
import { RunUsageError, runCommand } from "./keel-run";

const USAGE = `usage: npm run keel -- <command>

  user list
  user add <name> [--role viewer|operator|admin] [--display-name <text>] [--password-stdin]
  user passwd <name> [--password-stdin]
  user role <name> <viewer|operator|admin>
  user disable <name>
  user enable <name>
  token create --user <name> [--name <label>]
  token list --user <name>
  token revoke <id>
  agent-key create --name <agent> --scopes <${AGENT_SCOPES.join(",")}>
  agent-key list
  agent-key revoke <id>
  mcp    (MCP stdio server with the guardrail_* halt tools; agent key in KEEL_AGENT_KEY)
  mcp-gateway --config <file>
         (MCP stdio gateway to the upstream servers in <file>, results quarantined; agent key with runs:write in KEEL_AGENT_KEY)
  run "<task>" [--kind job|chat|automation|channel|heartbeat] [--json] [--timeout <seconds>]
         (queue a run for the agent runtime and follow its events live)
  replay --since <7d|24h|30m|ISO time> [--until <ISO time>] | --last-runs <N>  [--show <N>] [--json]
         (replay stored tool results through the current quarantine: which results it now treats differently)`;

class UsageError extends Error {}

function parseRole(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value))
    throw new UsageError(`The role must be one of ${ROLES.join(", ")}.`);
  return value as Role;
}

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (password === "") throw new UsageError("--password-stdin read an empty password.");
  return password;
}

function parse(args: string[], options: NonNullable<ParseArgsConfig["options"]>, positionals: number) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`Expected ${positionals} argument(s), got ${parsed.positionals.length}.`);
  }
  return parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] };
}

async function userCommand(database: Database, action: string | undefined, args: string[]): Promise<void> {
  switch (action) {
    case "list": {
      parse(args, {}, 0);
      for (const user of await listUsers(database)) {
        console.log(
          `${user.username.padEnd(24)} ${user.role.padEnd(9)} ${user.disabled ? "disabled" : "active"}`,
        );
      }
      return;
    }
    case "add": {
      const { values, positionals } = parse(
        args,
        {
          role: { type: "string" },
          "display-name": { type: "string" },
          "password-stdin": { type: "boolean" },
        },
        1,
      );
      const role = parseRole((values.role as string | undefined) ?? "viewer");
      const password = values["password-stdin"] ? await readPasswordFromStdin() : generatePassword();
      const user = await createUser(database, {
        username: positionals[0]!,
        password,
        role,
        displayName: (values["display-name"] as string) ?? null,
      });
      console.log(`Created ${user.username} (${user.role}).`);
      if (!values["password-stdin"]) console.log(`Password (shown once):\n${password}`);
      return;
    }
    case "passwd": {
      const { values, positionals } = parse(args, { "password-stdin": { type: "boolean" } }, 1);
      const password = values["password-stdin"] ? await readPasswordFromStdin() : generatePassword();
      const user = await updateUser(database, positionals[0]!, { password });
      console.log(`New password set for ${user.username}; their sessions were ended.`);
      if (!values["password-stdin"]) console.log(`Password (shown once):\n${password}`);
      return;
    }
    case "role": {
      const { positionals } = parse(args, {}, 2);
      const user = await updateUser(database, positionals[0]!, { role: parseRole(positionals[1]) });
      console.log(`${user.username} is now ${user.role}.`);
      return;
    }
    case "disable":
    case "enable": {
      const { positionals } = parse(args, {}, 1);
      const user = await updateUser(database, positionals[0]!, { disabled: action === "disable" });
      console.log(
        `${user.username} is ${user.disabled ? "disabled; their sessions were ended" : "enabled"}.`,
      );
      return;
    }
    default:
      throw new UsageError(`Unknown user command "${action ?? ""}".`);
  }
}

async function tokenCommand(database: Database, action: string | undefined, args: string[]): Promise<void> {
  switch (action) {
    case "create": {
      const { values } = parse(args, { user: { type: "string" }, name: { type: "string" } }, 0);
      if (!values.user) throw new UsageError("token create needs --user <name>.");
      const user = await findUser(database, values.user as string);
      const { token, key } = await createPersonalToken(database, {
        userId: user.id,
        name: (values.name as string) ?? "cli",
      });
      console.log(
        `Created personal access token ${key.prefix} "${key.name}" for ${user.username} (shown once):`,
      );
      console.log(token);
      return;
    }
    case "list": {
      const { values } = parse(args, { user: { type: "string" } }, 0);
      if (!values.user) throw new UsageError("token list needs --user <name>.");
      const user = await findUser(database, values.user as string);
      for (const key of await listApiKeys(database, { kind: "personal", userId: user.id })) printKey(key);
      return;
    }
    case "revoke": {
      const { positionals } = parse(args, {}, 1);
      const key = await revokeApiKey(database, { id: positionals[0]!, kind: "personal" });
      console.log(`Revoked ${key.prefix} "${key.name}".`);
      return;
    }
    default:
      throw new UsageError(`Unknown token command "${action ?? ""}".`);
  }
}

async function agentKeyCommand(
  database: Database,
  action: string | undefined,
  args: string[],
): Promise<void> {
  switch (action) {
    case "create": {
      const { values } = parse(args, { name: { type: "string" }, scopes: { type: "string" } }, 0);
      if (!values.name || !values.scopes)
        throw new UsageError("agent-key create needs --name <agent> and --scopes <list>.");
      const scopes = z
        .array(z.enum(AGENT_SCOPES))
        .min(1)
        .safeParse(
          (values.scopes as string)
            .split(",")
            .map((scope) => scope.trim())
            .filter(Boolean),
        );
      if (!scopes.success)
        throw new UsageError(`--scopes must be a comma list of: ${AGENT_SCOPES.join(", ")}.`);
      const { token, key } = await createAgentKey(database, {
        name: values.name as string,
        scopes: scopes.data,
        createdByUserId: null,
      });
      console.log(
        `Created agent key ${key.prefix} for "${key.name}" with scopes ${key.scopes.join(",")} (shown once):`,
      );
      console.log(token);
      return;
    }
    case "list": {
      parse(args, {}, 0);
      for (const key of await listApiKeys(database, { kind: "agent" })) printKey(key);
      return;
    }
    case "revoke": {
      const { positionals } = parse(args, {}, 1);
      const key = await revokeApiKey(database, { id: positionals[0]!, kind: "agent" });
      console.log(`Revoked agent key ${key.prefix} "${key.name}".`);
      return;
    }
    default:
      throw new UsageError(`Unknown agent-key command "${action ?? ""}".`);
  }
}

function printKey(key: {
  id: string;
  prefix: string;
  name: string;
  scopes: string[];
  lastUsedAt: string | null;
  revokedAt: string | null;
}) {
  const state = key.revokedAt ? `revoked ${key.revokedAt}` : `last used ${key.lastUsedAt ?? "never"}`;
  console.log(`${key.id}  ${key.prefix}  ${key.name.padEnd(24)} ${key.scopes.join(",").padEnd(40)} ${state}`);
}

async function main(): Promise<number> {
  const [group, action, ...rest] = process.argv.slice(2);
  const commands: Record<string, typeof userCommand> = {
    user: userCommand,
    token: tokenCommand,
    "agent-key": agentKeyCommand,
  };
  if (!group || group === "--help" || group === "help") {
    console.log(USAGE);
    return group ? 0 : 2;
  }
  if (group === "mcp") {
    // stdout carries the MCP protocol: only warnings and errors may log (they go to stderr).
    if (process.env.KEEL_LOG_LEVEL !== "error") process.env.KEEL_LOG_LEVEL = "warn";
    const { serveHaltToolsOverStdio } = await import("@/lib/halts/mcp/serve-stdio");
    const database = createPrismaClient(await resolveDatabaseUrl());
    try {
      await serveHaltToolsOverStdio(database, process.env.KEEL_AGENT_KEY);
    } finally {
      await database.$disconnect();
    }
    return 0;
  }
  if (group === "mcp-gateway") {
    const { values } = parse(
      [action, ...rest].filter((arg) => arg !== undefined),
      { config: { type: "string" } },
      0,
    );
    if (!values.config) throw new UsageError("mcp-gateway needs --config <file>.");
    // stdout carries the MCP protocol: only warnings and errors may log (they go to stderr).
    if (process.env.KEEL_LOG_LEVEL !== "error") process.env.KEEL_LOG_LEVEL = "warn";
    const { serveGatewayOverStdio } = await import("@/lib/mcp-gateway/serve-stdio");
    const connectionString = await resolveDatabaseUrl();
    const database = createPrismaClient(connectionString);
    try {
      await serveGatewayOverStdio({
        database,
        connectionString,
        configPath: values.config as string,
        agentKey: process.env.KEEL_AGENT_KEY,
      });
    } finally {
      await database.$disconnect();
    }
    return 0;
  }
  if (group === "run") {
    const connectionString = await resolveDatabaseUrl();
    const database = createPrismaClient(connectionString);
    try {
      return await runCommand(
        database,
        connectionString,
        [action, ...rest].filter((arg) => arg !== undefined),
      );
    } catch (error) {
      if (error instanceof RunUsageError) throw new UsageError(error.message);
      throw error;
    } finally {
      await database.$disconnect();
    }
  }
  if (group === "replay") {
    const database = createPrismaClient(await resolveDatabaseUrl());
    try {
      return await replayCommand(
        database,
        [action, ...rest].filter((arg) => arg !== undefined),
      );
    } catch (error) {
      if (error instanceof ReplayUsageError) throw new UsageError(error.message);
      throw error;
    } finally {
      await database.$disconnect();
    }
  }
  const command = commands[group];
  if (!command) throw new UsageError(`Unknown command "${group}".`);
  const database = createPrismaClient(await resolveDatabaseUrl());
  try {
    await command(database, action, rest);
  } finally {
    await database.$disconnect();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof z.ZodError) {
      console.error(error.issues.map((issue) => issue.message).join("\n"));
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
