import { describe, expect, it } from "vitest";
import { createRunSchema } from "@/lib/schemas/runs";
import { hasRunFormErrors, NO_RUN_FORM_ERRORS, readCreateRunIssues } from "./run-form-errors";

/** The issues the API would send for `body` (same schema, same mapping as ApiError.fromZod). */
function issuesFor(body: unknown) {
  const parsed = createRunSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
    code: issue.code,
    message: issue.message,
  }));
}

describe("readCreateRunIssues", () => {
  it.each([
    ["an empty task", { task: "", kind: "job" }, { task: { type: "taskRequired" }, kind: null, form: [] }],
    [
      "a blank task",
      { task: "  \n ", kind: "job" },
      { task: { type: "taskRequired" }, kind: null, form: [] },
    ],
    [
      "a task that is too long",
      { task: "x".repeat(8_001), kind: "chat" },
      { task: { type: "taskTooLong" }, kind: null, form: [] },
    ],
    ["a missing task", { kind: "chat" }, { task: { type: "taskRequired" }, kind: null, form: [] }],
    [
      "an unknown kind",
      { task: "Do it", kind: "batch" },
      { task: null, kind: { type: "kindInvalid" }, form: [] },
    ],
  ])("maps %s", (_name, body, expected) => {
    expect(readCreateRunIssues(issuesFor(body))).toEqual(expected);
  });

  it("puts issues without a form field into `form` and keeps the first issue per field", () => {
    const errors = readCreateRunIssues([
      { path: [], code: "unrecognized_keys", message: 'Unrecognized key: "extra"' },
      { path: ["task"], code: "custom", message: "Not like this." },
      { path: ["task"], code: "too_small", message: "Describe the task." },
    ]);
    expect(errors).toEqual({
      task: { type: "message", message: "Not like this." },
      kind: null,
      form: ['Unrecognized key: "extra"'],
    });
  });

  it("says whether anything is to be shown", () => {
    expect(hasRunFormErrors(NO_RUN_FORM_ERRORS)).toBe(false);
    expect(hasRunFormErrors(readCreateRunIssues([{ path: [], code: "custom", message: "Bad." }]))).toBe(true);
  });
});
