import { describe, expect, it } from "vitest";
import { createCheckInput } from "./create-check-input";
import { findAmbiguitySignals, findConflictingInstructions, parseIntent } from "./instruction-analysis";
import { runCondition } from "./run-condition";
import { ambiguousRequirements, conflictingInstructions, outOfScope, unauthorizedProduction } from "./scope";

describe("outOfScope", () => {
  it.each([
    [
      "a file outside the allowed directory",
      createCheckInput({ scope_boundary: "src/auth/", target_files: ["src/db/pool.ts"] }),
    ],
    [
      "a file escaping with ..",
      createCheckInput({ scope_boundary: "src/auth", target_files: ["src/auth/../../etc/passwd"] }),
    ],
    [
      "an excluded file",
      createCheckInput({
        scope_boundary: "src/** !src/generated/**",
        target_files: ["src/generated/client.ts"],
      }),
    ],
    [
      "a proposed file outside a glob",
      createCheckInput(
        { scope_boundary: "Only files matching tests/**/*.test.ts" },
        { files_to_modify: ["src/a.ts"], has_tests: true, has_rollback_plan: true },
      ),
    ],
  ])("halts on %s", (_label, input) => {
    const reason = runCondition(outOfScope(), "out_of_scope", input);
    expect(reason).toMatchObject({ halt_type: "scope", condition_name: "out_of_scope", severity: "high" });
    expect(reason?.description).toMatch(/^Operation exceeds scope boundary: /);
  });

  it.each([
    [
      "a file inside the boundary",
      createCheckInput({ scope_boundary: "src/auth/", target_files: ["src/auth/login.ts"] }),
    ],
    [
      "a boundary without paths",
      createCheckInput({ scope_boundary: "only the login bug", target_files: ["anything.ts"] }),
    ],
    ["no boundary", createCheckInput({ target_files: ["a.ts"] })],
    ["no targets", createCheckInput({ scope_boundary: "src/" })],
    [
      "several allowed entries",
      createCheckInput({ scope_boundary: "src/a, src/b", target_files: ["src/a/x.ts", "src/b/y.ts"] }),
    ],
  ])("does not halt with %s", (_label, input) => {
    expect(runCondition(outOfScope(), "out_of_scope", input)).toBeNull();
  });
});

describe("conflictingInstructions", () => {
  it.each([
    [["Never modify the tests", "Update the tests to match the new API"]],
    [["Do not touch the database schema", "Change the database schema"]],
    [["Add logging to the payment service", "Remove logging from the payment service"]],
    [["Keep the legacy endpoint", "Delete the legacy endpoint"]],
    [["Don't add console.log statements", "Add console.log statements for debugging"]],
    [["Enable caching", "Disable caching"]],
    [["Use tabs. Never use tabs."]],
    [["Lösche die Datei config.yml nicht", "Lösche die Datei config.yml"]],
  ])("halts on %j", (instructions) => {
    const reason = runCondition(
      conflictingInstructions(),
      "conflicting_instructions",
      createCheckInput({ user_instructions: instructions }),
    );
    expect(reason).toMatchObject({ condition_name: "conflicting_instructions", severity: "high" });
    expect(reason?.annotations?.conflicting_instructions?.length).toBeGreaterThan(0);
  });

  it("detects a conflict between an instruction and the operation", () => {
    const input = createCheckInput({
      operation: "delete the migration files",
      user_instructions: ["Never delete migration files"],
    });
    const reason = runCondition(conflictingInstructions(), "conflicting_instructions", input);
    expect(reason?.annotations?.conflicting_instructions).toEqual([
      "Never delete migration files",
      "delete the migration files",
    ]);
  });

  it.each([
    [["Don't remove the old API", "Keep the old API"]],
    [["Add tests", "Do not use mocks in tests"]],
    [["Update the README", "Do not modify the tests"]],
    [["Use TypeScript", "Write unit tests"]],
    [[]],
  ])("does not halt on %j", (instructions) => {
    expect(
      runCondition(
        conflictingInstructions(),
        "conflicting_instructions",
        createCheckInput({ user_instructions: instructions }),
      ),
    ).toBeNull();
  });

  it("parses polarity, verb class and objects", () => {
    const intent = parseIntent("Please don't modify the tests to make them pass", "x");
    expect(intent.positive).toBe(false);
    expect(intent.verb).toBe("modify");
    expect([...intent.objects]).toEqual(["test"]);
  });

  it("lists each conflicting instruction once, in input order", () => {
    expect(findConflictingInstructions(["Add caching", "Remove caching", "Never add caching"], 0.6)).toEqual([
      "Add caching",
      "Remove caching",
      "Never add caching",
    ]);
  });
});

describe("ambiguousRequirements", () => {
  it.each([
    ["vague wording", { operation: "add caching or something", user_instructions: [] }],
    ["maybe", { operation: "refactor the parser", user_instructions: ["maybe split it into modules"] }],
    [
      "an either/or question",
      { operation: "store sessions", user_instructions: ["Should we use Redis or Postgres?"] },
    ],
    ["a placeholder", { operation: "deploy to <environment>", user_instructions: [] }],
    ["a moustache placeholder", { operation: "rename {{service}} to api", user_instructions: [] }],
    ["an operation naming nothing", { operation: "fix it", user_instructions: [] }],
    ["make it better", { operation: "make it better", user_instructions: [] }],
    ["German vague wording", { operation: "Cache irgendwie einbauen", user_instructions: [] }],
    ["Italian vague wording", { operation: "aggiungi la cache in qualche modo", user_instructions: [] }],
  ])("halts on %s", (_label, fields) => {
    const reason = runCondition(ambiguousRequirements(), "ambiguous_requirements", createCheckInput(fields));
    expect(reason).toMatchObject({ condition_name: "ambiguous_requirements", severity: "medium" });
  });

  it.each([
    ["the seed's example 1 operation", { operation: "modify authentication logic" }],
    ["the seed's example 2 operation", { operation: "fix null pointer exception" }],
    [
      "a concrete instruction",
      { operation: "add an index on users.email", user_instructions: ["Use a concurrent index build"] },
    ],
    ["a path with etc", { operation: "edit /etc/hosts to add the staging host" }],
    ["a generic type", { operation: "change the return type to Array<string>" }],
    [
      "a plain question",
      { operation: "update the README", user_instructions: ["Can you also fix the typo?"] },
    ],
  ])("does not halt on %s", (_label, fields) => {
    expect(
      runCondition(ambiguousRequirements(), "ambiguous_requirements", createCheckInput(fields)),
    ).toBeNull();
  });

  it("respects min_signals", () => {
    const input = createCheckInput({ operation: "add caching or something" });
    expect(
      runCondition(ambiguousRequirements(), "ambiguous_requirements", input, { min_signals: 2 }),
    ).toBeNull();
    expect(findAmbiguitySignals("maybe add caching or something", [])).toHaveLength(2);
  });
});

describe("unauthorizedProduction", () => {
  it.each([
    [
      "a change declared in production",
      createCheckInput({
        environment: "production",
        operation: "update the config",
        target_files: ["config.yml"],
        files_read: ["config.yml"],
      }),
    ],
    [
      "a mutating command in prod",
      createCheckInput({ environment: "prod", commands: ["kubectl apply -f deploy.yaml"] }),
    ],
    [
      "a production flag in a command",
      createCheckInput({ operation: "roll out", commands: ["./deploy.sh --env=production"] }),
    ],
    [
      "a production env file",
      createCheckInput({ operation: "set the flag", target_files: [".env.production"] }),
    ],
    [
      "a boundary that forbids production",
      createCheckInput({
        environment: "live",
        operation: "deploy api",
        scope_boundary: "never touch production",
      }),
    ],
  ])("halts on %s", (_label, input) => {
    const reason = runCondition(unauthorizedProduction(), "unauthorized_production", input);
    expect(reason).toMatchObject({
      halt_type: "scope",
      condition_name: "unauthorized_production",
      severity: "critical",
    });
  });

  it.each([
    [
      "an approved change",
      createCheckInput({ environment: "production", operation: "deploy api", production_approved: true }),
    ],
    [
      "a boundary that allows production",
      createCheckInput({
        environment: "production",
        operation: "deploy api",
        scope_boundary: "production deploy approved by ops",
      }),
    ],
    [
      "read-only commands in production",
      createCheckInput({
        environment: "production",
        operation: "inspect pods",
        commands: ["kubectl get pods", "git log -1"],
      }),
    ],
    [
      "a change in staging",
      createCheckInput({
        environment: "staging",
        operation: "deploy api",
        commands: ["kubectl apply -f x.yaml"],
      }),
    ],
    ["no environment at all", createCheckInput({ operation: "update docs", target_files: ["README.md"] })],
  ])("does not halt on %s", (_label, input) => {
    expect(runCondition(unauthorizedProduction(), "unauthorized_production", input)).toBeNull();
  });
});
