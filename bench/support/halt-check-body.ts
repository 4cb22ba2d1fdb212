/** The POST /api/halts/check body the benches send: an ordinary check in which no condition fires. */
export const haltCheckBody = (sessionToken: string): string =>
  JSON.stringify({
    session_token: sessionToken,
    current_context: {
      operation: "refactor the billing module",
      target_files: ["src/billing.ts"],
      files_read: ["src/billing.ts", "src/app.ts"],
      attempt_number: 1,
      environment: "dev",
      commands: ["npm test"],
      uncertainty_score: 3,
    },
    proposed_changes: { files_to_modify: ["src/billing.ts"], has_tests: true, has_rollback_plan: true },
  });
