/**
 * Security halt conditions (docs/halt-conditions.md): secrets exposure, privilege escalation, dangerous
 * commands, data exposure, unknown commands.
 */

import { haltText, listParams } from "@/lib/halts/halt-text";
import { findSecrets } from "@/lib/redact/secret-patterns";
import {
  type CommandFinding,
  findDataExposureCommands,
  findDestructiveCommands,
  findPrivilegeEscalations,
  findUnknownCommands,
} from "./command-rules";
import {
  formatList,
  type HaltCheckContext,
  type HaltCondition,
  readThreshold,
  unique,
} from "./halt-condition";
import { analyzeShellCommand, type ShellAnalysis } from "./shell-command";

/** A labelled piece of agent-supplied text that is scanned (where a finding came from). */
type ScannedText = { where: string; text: string };

/** The texts `secrets_exposure` and `data_exposure` scan: operation, commands, output, diff, previous errors. */
export function collectScannedTexts(context: HaltCheckContext): ScannedText[] {
  const current = context.current_context;
  const texts: ScannedText[] = [{ where: "operation", text: current.operation }];
  (current.commands ?? []).forEach((text, index) => {
    texts.push({ where: `command ${index + 1}`, text });
  });
  if (current.output !== undefined) texts.push({ where: "output", text: current.output });
  if (context.proposed_changes?.diff !== undefined)
    texts.push({ where: "proposed diff", text: context.proposed_changes.diff });
  (current.previous_errors ?? []).forEach((text, index) => {
    texts.push({ where: `previous error ${index + 1}`, text });
  });
  return texts;
}

// Memo keyed by the commands array: the conditions of one evaluation share one parse. Referentially
// transparent (analyses are never mutated) and weakly held, so it keeps no state beyond the input's life.
const analysesByCommands = new WeakMap<readonly string[], ShellAnalysis[]>();

/** Shell analyses of the context's commands, parsed once per commands array. */
export function analyzedCommands(context: HaltCheckContext): { command: string; analysis: ShellAnalysis }[] {
  const commands = context.current_context.commands ?? [];
  let analyses = analysesByCommands.get(commands);
  if (analyses === undefined) {
    analyses = commands.map((command) => analyzeShellCommand(command));
    analysesByCommands.set(commands, analyses);
  }
  const known = analyses;
  return commands.map((command, index) => ({ command, analysis: known[index] as ShellAnalysis }));
}

function describeFindings(findings: readonly CommandFinding[]): string[] {
  return unique(
    findings.map(
      (finding) =>
        `${finding.rule} (\`${finding.command.length > 120 ? `${finding.command.slice(0, 117)}...` : finding.command}\`)`,
    ),
  );
}

/**
 * `secrets_exposure` (critical). Rule: any match of the secret pattern table (secret-patterns.ts:
 * AWS keys, GitHub/GitLab/Slack/Stripe/OpenAI/Anthropic/Google/npm/Hugging Face tokens, private key
 * blocks, JWTs, bearer tokens, passwords in URLs and connection strings, password/secret/token
 * assignments with literal, credential-like values) in the operation, the commands, the output, the
 * proposed diff or the previous errors. Uncertain matches (`password: incorrect`) do not count. The
 * description names the kinds and places, never the values.
 */
export function secretsExposure(): HaltCondition {
  return (context, settings) => {
    readThreshold("secrets_exposure", settings);
    const places: string[] = [];
    const kinds: string[] = [];
    for (const { where, text } of collectScannedTexts(context)) {
      const matches = findSecrets(text).filter((match) => match.certain);
      if (matches.length === 0) continue;
      places.push(where);
      kinds.push(...matches.map((match) => match.label));
    }
    if (places.length === 0) return null;
    return {
      halt_type: "security",
      condition_name: "secrets_exposure",
      severity: settings.severity,
      ...haltText("secretsExposure", {
        ...listParams("kinds", unique(kinds), 6),
        ...listParams("places", places, 6),
      }),
    };
  };
}

/**
 * `privilege_escalation` (critical). Rule: a command runs sudo/su/doas/pkexec/runas/visudo/setcap/
 * chroot, makes files world-writable or setuid (chmod 777, o+w, u+s, 4755), changes ownership to root,
 * adds a user to sudo/wheel/admin/root/docker, writes /etc/sudoers, starts a privileged container, binds
 * cluster-admin, or runs SQL GRANT ALL / SUPERUSER (see command-rules.ts). Commands are tokenized, so
 * `echo "sudo ..."` is not a hit but `bash -c "sudo ..."` is.
 */
export function privilegeEscalation(): HaltCondition {
  return (context, settings) => {
    readThreshold("privilege_escalation", settings);
    const findings = analyzedCommands(context).flatMap(({ command, analysis }) =>
      findPrivilegeEscalations(command, analysis),
    );
    if (findings.length === 0) return null;
    return {
      halt_type: "security",
      condition_name: "privilege_escalation",
      severity: settings.severity,
      ...haltText("privilegeEscalation", listParams("findings", describeFindings(findings), 5)),
    };
  };
}

/**
 * `dangerous_commands` (critical; Keel's name for the halt design's "scan commands for known dangerous
 * patterns"). Rule: a command matches a destructive rule of command-rules.ts (rm -rf of `/`, `~` or a
 * system directory, force push or delete of main/master, git reset --hard, git clean -f, mkfs, dd
 * of=/dev, writes to block devices, shutdown, kill -1, crontab -r, fork bomb, curl | sh, terraform
 * destroy, kubectl delete namespace, SQL DROP/TRUNCATE/DELETE without WHERE through a database client).
 */
export function dangerousCommands(): HaltCondition {
  return (context, settings) => {
    readThreshold("dangerous_commands", settings);
    const findings = analyzedCommands(context).flatMap(({ command, analysis }) =>
      findDestructiveCommands(command, analysis),
    );
    if (findings.length === 0) return null;
    return {
      halt_type: "security",
      condition_name: "dangerous_commands",
      severity: settings.severity,
      ...haltText("dangerousCommands", listParams("findings", describeFindings(findings), 5)),
    };
  };
}

/** True when the digits pass the Luhn checksum (payment card numbers). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Payment card numbers in text: runs of 13..19 digits, optionally grouped by single spaces or dashes,
 * not part of a longer number, that pass Luhn and do not consist of one repeated digit. Hand-written
 * linear scan.
 */
export function findCardNumbers(text: string): string[] {
  const isDigit = (index: number) => {
    const code = text.charCodeAt(index);
    return code >= 48 && code <= 57;
  };
  const isWordCharacter = (index: number) =>
    index >= 0 && index < text.length && /[0-9A-Za-z]/.test(text[index] as string);
  const found: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (!isDigit(index) || isWordCharacter(index - 1)) {
      index++;
      continue;
    }
    let digits = "";
    let position = index;
    while (position < text.length && digits.length <= 19) {
      if (isDigit(position)) {
        digits += text[position];
        position++;
      } else if ((text[position] === " " || text[position] === "-") && isDigit(position + 1)) {
        position++;
      } else {
        break;
      }
    }
    if (
      !isWordCharacter(position) &&
      digits.length >= 13 &&
      digits.length <= 19 &&
      passesLuhn(digits) &&
      !/^(\d)\1+$/.test(digits)
    ) {
      found.push(digits);
    }
    index = Math.max(position, index + 1);
  }
  return found;
}

const SOCIAL_SECURITY_NUMBER = /(?<![0-9-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![0-9-])/g;

/**
 * `data_exposure` (high). Rule: payment card numbers (Luhn-valid) or US social security numbers in the
 * commands, output or proposed diff; or a command that sends sensitive data over the network (database
 * dump or `.env`/key file piped or uploaded to curl/wget/nc/scp/rsync/s3/mail) or makes storage public
 * (see command-rules.ts).
 */
export function dataExposure(): HaltCondition {
  return (context, settings) => {
    readThreshold("data_exposure", settings);
    const problems: string[] = [];
    for (const { where, text } of collectScannedTexts(context)) {
      if (where === "operation" || where.startsWith("previous error")) continue;
      if (findCardNumbers(text).length > 0) problems.push(`payment card number in ${where}`);
      SOCIAL_SECURITY_NUMBER.lastIndex = 0;
      if (SOCIAL_SECURITY_NUMBER.test(text)) problems.push(`social security number in ${where}`);
    }
    const findings = analyzedCommands(context).flatMap(({ command, analysis }) =>
      findDataExposureCommands(command, analysis),
    );
    if (findings.length > 0) problems.push(formatList(describeFindings(findings), 5));
    if (problems.length === 0) return null;
    return {
      halt_type: "security",
      condition_name: "data_exposure",
      severity: settings.severity,
      ...haltText("dataExposure", listParams("problems", unique(problems), 6)),
    };
  };
}

/**
 * `unknown_commands` (medium). Rule: a command whose program is neither in `KNOWN_COMMANDS`
 * (command-rules.ts) nor in the threshold's `allowed_commands`, an executable run by path with an
 * unknown name (`./deploy.sh`), a shell script run or sourced (`bash x.sh`, `source x`), `eval`, or a
 * program chosen by a variable (`$CMD`).
 */
export function unknownCommands(): HaltCondition {
  return (context, settings) => {
    const { allowed_commands: allowedCommands = [] } = readThreshold("unknown_commands", settings);
    const allowed = new Set(allowedCommands);
    const findings = analyzedCommands(context).flatMap(({ command, analysis }) =>
      findUnknownCommands(command, allowed, analysis),
    );
    if (findings.length === 0) return null;
    return {
      halt_type: "security",
      condition_name: "unknown_commands",
      severity: settings.severity,
      ...haltText("unclearCommands", listParams("findings", describeFindings(findings), 5)),
    };
  };
}
