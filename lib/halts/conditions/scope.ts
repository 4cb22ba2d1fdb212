/**
 * Scope halt conditions (docs/halt-conditions.md): out of scope, ambiguous requirements, conflicting
 * instructions, unauthorized production.
 */

import { haltText, listParams } from "@/lib/halts/halt-text";
import { collectTargetFiles } from "./code-safety";
import { classifyEnvironmentName, findEnvironmentMarkers } from "./environment-markers";
import { isPathInScope, parseScopeBoundary } from "./file-paths";
import { type HaltCheckContext, type HaltCondition, readThreshold } from "./halt-condition";
import { findAmbiguitySignals, findConflictingInstructions } from "./instruction-analysis";
import { analyzedCommands } from "./security";

/** Default `min_object_overlap` of `conflicting_instructions`. */
export const DEFAULT_MIN_OBJECT_OVERLAP = 0.6;

/**
 * `out_of_scope` (high). Rule: the path entries of `scope_boundary` (tokens with `/`, a wildcard or a
 * file extension; `!entry` excludes; see file-paths.ts) are compared with the target files
 * (`target_files` + `files_to_modify`, normalised, `..` resolved). A target is out of scope when
 * allowed entries exist and it is inside none of them, or when it is inside an excluded entry. A
 * boundary that names no paths cannot be compared with files and does not fire this condition.
 */
export function outOfScope(): HaltCondition {
  return (context, settings) => {
    readThreshold("out_of_scope", settings);
    const boundary = context.current_context.scope_boundary;
    if (boundary === undefined) return null;
    const { allowed, excluded } = parseScopeBoundary(boundary);
    if (allowed.length === 0 && excluded.length === 0) return null;
    const outside = collectTargetFiles(context).filter(
      (file) =>
        (allowed.length > 0 && !allowed.some((entry) => isPathInScope(file, entry))) ||
        excluded.some((entry) => isPathInScope(file, entry)),
    );
    if (outside.length === 0) return null;
    return {
      halt_type: "scope",
      condition_name: "out_of_scope",
      severity: settings.severity,
      ...haltText("outOfScope", {
        ...listParams("files", outside),
        filesCount: outside.length,
        ...listParams("scope", [...allowed, ...excluded.map((entry) => `!${entry}`)], 5),
      }),
    };
  };
}

/**
 * `ambiguous_requirements` (medium). Rule: at least `min_signals` (threshold, default 1) ambiguity
 * signals in the operation and user instructions: vague wording ("or something", "maybe", "etc",
 * "somehow", ...), an open either/or question, an unresolved placeholder (`<env>`, `{{x}}`, `???`),
 * or an operation that names nothing to change ("fix it"). See instruction-analysis.ts.
 */
export function ambiguousRequirements(): HaltCondition {
  return (context, settings) => {
    const { min_signals: minimumSignals = 1 } = readThreshold("ambiguous_requirements", settings);
    const signals = findAmbiguitySignals(
      context.current_context.operation,
      context.current_context.user_instructions ?? [],
    );
    if (signals.length < minimumSignals) return null;
    return {
      halt_type: "scope",
      condition_name: "ambiguous_requirements",
      severity: settings.severity,
      ...haltText("ambiguousRequirements", listParams("signals", signals, 5)),
    };
  };
}

/**
 * `conflicting_instructions` (high). Rule: two clauses of the user instructions (the operation counts
 * as one more, positive instruction) have overlapping objects (Jaccard >= `min_object_overlap`,
 * default 0.6) and either the same verb class with opposite polarity ("never modify the tests" /
 * "update the tests") or antonym verbs with the same polarity ("add logging" / "remove logging").
 * See instruction-analysis.ts. Annotates `conflicting_instructions`.
 */
export function conflictingInstructions(): HaltCondition {
  return (context, settings) => {
    const { min_object_overlap: minimumOverlap = DEFAULT_MIN_OBJECT_OVERLAP } = readThreshold(
      "conflicting_instructions",
      settings,
    );
    const instructions = [
      ...(context.current_context.user_instructions ?? []),
      context.current_context.operation,
    ];
    const conflicting = findConflictingInstructions(instructions, minimumOverlap);
    if (conflicting.length === 0) return null;
    return {
      halt_type: "scope",
      condition_name: "conflicting_instructions",
      severity: settings.severity,
      ...haltText(
        "conflictingInstructions",
        listParams(
          "instructions",
          conflicting.map((text) => `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`),
          6,
        ),
      ),
      annotations: { conflicting_instructions: conflicting },
    };
  };
}

const MUTATING_VERBS = new Set(
  "modify change edit update alter write delete remove drop deploy release migrate create add insert install uninstall rewrite refactor replace rename move restart reset apply push commit rollback truncate patch fix configure set scale kill stop".split(
    " ",
  ),
);
const READ_ONLY_PROGRAMS = new Set(
  "ls cat grep rg head tail less more wc pwd echo whoami date env printenv stat du df ps top which type file diff jq".split(
    " ",
  ),
);
const READ_ONLY_SUBCOMMANDS: Record<string, Set<string>> = {
  git: new Set(["status", "log", "diff", "show", "fetch", "blame", "branch"]),
  kubectl: new Set(["get", "describe", "logs", "top", "explain", "version"]),
  docker: new Set(["ps", "logs", "inspect", "images", "version"]),
  terraform: new Set(["plan", "show", "validate", "output", "version"]),
};

/** True when the context changes something: target files, a non-read-only command, or a mutating operation verb. */
export function contextMakesChanges(context: HaltCheckContext): boolean {
  if (collectTargetFiles(context).length > 0) return true;
  const firstWord = context.current_context.operation.trim().toLowerCase().split(/\s+/)[0] ?? "";
  if (MUTATING_VERBS.has(firstWord)) return true;
  return analyzedCommands(context).some(({ analysis }) =>
    analysis.commands.some((command) => {
      if (READ_ONLY_PROGRAMS.has(command.program)) return false;
      if (command.program === "find")
        return command.args.some((argument) => argument === "-delete" || argument.startsWith("-exec"));
      const readOnly = READ_ONLY_SUBCOMMANDS[command.program];
      return readOnly === undefined || !readOnly.has(command.args[0] ?? "");
    }),
  );
}

/**
 * True when the context targets production: the declared environment is a production name (`prod`,
 * `production`, `prd`, `live`), or the commands or target paths carry a production word
 * (`--env=prod`, `.env.production`, `prod-db`).
 */
export function targetsProduction(context: HaltCheckContext): boolean {
  const declared = context.current_context.environment;
  if (declared !== undefined && classifyEnvironmentName(declared) === "production") return true;
  const texts = [...(context.current_context.commands ?? []), ...collectTargetFiles(context)];
  return texts.some((text) => findEnvironmentMarkers(text).has("production"));
}

/**
 * `unauthorized_production` (critical). Rule: the context targets production (`targetsProduction`)
 * and makes changes (`contextMakesChanges`), and neither `production_approved` is true nor does
 * `scope_boundary` name production without a negation ("production deploy approved" counts, "never
 * touch prod" does not).
 */
export function unauthorizedProduction(): HaltCondition {
  return (context, settings) => {
    readThreshold("unauthorized_production", settings);
    if (!targetsProduction(context) || !contextMakesChanges(context)) return null;
    if (context.current_context.production_approved === true) return null;
    const boundary = context.current_context.scope_boundary ?? "";
    const boundaryAllowsProduction =
      findEnvironmentMarkers(boundary).has("production") &&
      !/\b(?:not|never|no|don't|do not|without|except|exclude|excluding|nicht|non)\b|!/i.test(boundary);
    if (boundaryAllowsProduction) return null;
    return {
      halt_type: "scope",
      condition_name: "unauthorized_production",
      severity: settings.severity,
      ...haltText("productionWithoutApproval", {
        operation: context.current_context.operation.slice(0, 200),
      }),
    };
  };
}
