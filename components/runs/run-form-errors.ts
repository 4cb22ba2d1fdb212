/**
 * Turns the zod issues of a refused `POST /api/runs` (400 `validation_failed`) into what the new-run
 * form shows: one error per field, localized where the issue is one the form knows, and the server's
 * own text for anything else (pure).
 */
import type { ApiIssue } from "@/lib/schemas/api-error";
import { RUN_TASK_REQUIRED_MESSAGE } from "@/lib/schemas/runs";

export type { ApiIssue };

/** A field's error: a known case the form words itself, or the server's text. */
export type RunFieldError =
  | { type: "taskRequired" }
  | { type: "taskTooLong" }
  | { type: "kindInvalid" }
  | { type: "message"; message: string };

export type RunFormErrors = {
  task: RunFieldError | null;
  kind: RunFieldError | null;
  /** Issues that name no field of the form (e.g. an unknown key). */
  form: string[];
};

export const NO_RUN_FORM_ERRORS: RunFormErrors = { task: null, kind: null, form: [] };

function taskError(issue: ApiIssue): RunFieldError {
  if (issue.code === "too_small") return { type: "taskRequired" };
  if (issue.code === "too_big") return { type: "taskTooLong" };
  if (issue.code === "invalid_type") return { type: "taskRequired" };
  if (issue.code === "invalid_format" && issue.message === RUN_TASK_REQUIRED_MESSAGE)
    return { type: "taskRequired" };
  return { type: "message", message: issue.message };
}

/** The first issue per field wins; issues without a known field go to `form`. */
export function readCreateRunIssues(issues: readonly ApiIssue[]): RunFormErrors {
  const errors: RunFormErrors = { task: null, kind: null, form: [] };
  for (const issue of issues) {
    const field = issue.path?.[0];
    if (field === "task") errors.task ??= taskError(issue);
    else if (field === "kind") errors.kind ??= { type: "kindInvalid" };
    else errors.form.push(issue.message);
  }
  return errors;
}

/** True when there is something to show. */
export function hasRunFormErrors(errors: RunFormErrors): boolean {
  return errors.task !== null || errors.kind !== null || errors.form.length > 0;
}
