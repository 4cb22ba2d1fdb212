/**
 * Code-safety halt conditions (docs/halt-conditions.md): modifying unread code, breaking changes, no rollback
 * plan, unknown dependencies.
 */

import { haltText, listParams } from "@/lib/halts/halt-text";
import { normalizePath } from "./file-paths";
import type { HaltCheckContext } from "./halt-condition";
import { type HaltCondition, readThreshold, unique } from "./halt-condition";

/** Files the operation will modify: `target_files` plus `proposed_changes.files_to_modify`, in order, deduplicated. */
export function collectTargetFiles(context: HaltCheckContext): string[] {
  const files = [
    ...(context.current_context.target_files ?? []),
    ...(context.proposed_changes?.files_to_modify ?? []),
  ];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const file of files) {
    const normalized = normalizePath(file);
    if (normalized === "" || seen.has(normalized)) continue;
    seen.add(normalized);
    result.push(file);
  }
  return result;
}

function readFileSet(context: HaltCheckContext): Set<string> {
  return new Set((context.current_context.files_read ?? []).map(normalizePath));
}

/**
 * `modifying_unread_code` (critical). Rule: set difference (target_files + files_to_modify) minus
 * files_read, compared after path normalisation (`./src/a.ts` = `src/a.ts`). Fires when non-empty and
 * the threshold's `requires_read` is true (default). A file the agent creates also counts as unread
 * unless it is listed in `files_read`. Annotates `files_not_read`.
 */
export function modifyingUnreadCode(): HaltCondition {
  return (context, settings) => {
    const { requires_read: requiresRead = true } = readThreshold("modifying_unread_code", settings);
    if (!requiresRead) return null;
    const read = readFileSet(context);
    const unread = collectTargetFiles(context).filter((file) => !read.has(normalizePath(file)));
    if (unread.length === 0) return null;
    return {
      halt_type: "code_safety",
      condition_name: "modifying_unread_code",
      severity: settings.severity,
      ...haltText("modifyingUnreadCode", { ...listParams("files", unread), filesCount: unread.length }),
      annotations: { files_not_read: unread },
    };
  };
}

/**
 * `breaking_changes` (high). Rule, on `proposed_changes`: fires when tests ran and failed
 * (`tests_passed === false`) while the threshold's `requires_tests_pass` is true (default), or when the
 * change alters a public interface (`changes_public_interface === true`) and `has_tests` is false.
 * Without either signal the halt design's "dependency analysis" is not decidable from the input, so the
 * condition does not fire (`has_tests: false` alone is not evidence of breakage).
 */
export function breakingChanges(): HaltCondition {
  return (context, settings) => {
    const { requires_tests_pass: requiresTestsPass = true } = readThreshold("breaking_changes", settings);
    const changes = context.proposed_changes;
    if (changes === undefined) return null;
    const testsFail = requiresTestsPass && changes.tests_passed === false;
    const untestedInterface = changes.changes_public_interface === true && !changes.has_tests;
    if (!testsFail && !untestedInterface) return null;
    return {
      halt_type: "code_safety",
      condition_name: "breaking_changes",
      severity: settings.severity,
      ...haltText(
        testsFail && untestedInterface
          ? "breakingChangesBoth"
          : testsFail
            ? "breakingChangesTestsFail"
            : "breakingChangesUntestedInterface",
      ),
    };
  };
}

/** `no_rollback_plan` (high). Rule: `proposed_changes` is present and `has_rollback_plan` is false. */
export function noRollbackPlan(): HaltCondition {
  return (context, settings) => {
    readThreshold("no_rollback_plan", settings);
    if (context.proposed_changes === undefined || context.proposed_changes.has_rollback_plan) return null;
    return {
      halt_type: "code_safety",
      condition_name: "no_rollback_plan",
      severity: settings.severity,
      ...haltText("noRollbackPlan"),
    };
  };
}

/**
 * `unknown_dependencies` (medium). Rule: for each entry of `current_context.dependencies` whose `file`
 * is a target file, its `depends_on` files minus `files_read` minus the target files themselves; fires
 * when any remain. No `dependencies` given: nothing to check, does not fire. Adds the unread
 * dependencies to `files_not_read`.
 */
export function unknownDependencies(): HaltCondition {
  return (context, settings) => {
    readThreshold("unknown_dependencies", settings);
    const dependencies = context.current_context.dependencies;
    if (dependencies === undefined || dependencies.length === 0) return null;
    const targets = new Set(collectTargetFiles(context).map(normalizePath));
    const read = readFileSet(context);
    const unchecked = unique(
      dependencies
        .filter((entry) => targets.has(normalizePath(entry.file)))
        .flatMap((entry) => entry.depends_on)
        .filter((file) => !read.has(normalizePath(file)) && !targets.has(normalizePath(file))),
    );
    if (unchecked.length === 0) return null;
    return {
      halt_type: "code_safety",
      condition_name: "unknown_dependencies",
      severity: settings.severity,
      ...haltText("unreadDependencies", listParams("files", unchecked)),
      annotations: { files_not_read: unchecked },
    };
  };
}
