import { describe, expect, it } from "vitest";
import { createCheckInput } from "./create-check-input";
import { errorMessageTokens, errorSimilarity } from "./error-similarity";
import {
  cascadingFailures,
  classifyError,
  failureChainLength,
  repeatedErrors,
  threeStrikes,
  unknownErrors,
} from "./execution";
import { runCondition } from "./run-condition";
import { uncertaintyScale } from "./uncertainty";

describe("threeStrikes", () => {
  it.each([3, 4, 10])("halts at attempt %i", (attempt) => {
    const reason = runCondition(
      threeStrikes(),
      "three_strikes",
      createCheckInput({ attempt_number: attempt }),
    );
    expect(reason).toEqual({
      halt_type: "execution",
      condition_name: "three_strikes",
      severity: "high",
      description: `Task has failed ${attempt} times. Context may be contaminated.`,
      description_key: "threeStrikes",
      description_params: { attempts: attempt },
    });
  });

  it.each([undefined, 1, 2])("does not halt at attempt %s", (attempt) => {
    const input = createCheckInput(attempt === undefined ? {} : { attempt_number: attempt });
    expect(runCondition(threeStrikes(), "three_strikes", input)).toBeNull();
  });

  it("uses the configured max_attempts", () => {
    const input = createCheckInput({ attempt_number: 3 });
    expect(runCondition(threeStrikes(), "three_strikes", input, { max_attempts: 5 })).toBeNull();
    expect(
      runCondition(threeStrikes(), "three_strikes", createCheckInput({ attempt_number: 5 }), {
        max_attempts: 5,
      }),
    ).not.toBeNull();
  });

  it("throws on an invalid threshold (the evaluator turns this into a fail-safe halt)", () => {
    expect(() =>
      runCondition(threeStrikes(), "three_strikes", createCheckInput(), { max_attempts: "three" }),
    ).toThrow();
  });
});

describe("error similarity (normalized token edit similarity)", () => {
  it("masks numbers, paths, quoted strings, URLs and hex ids", () => {
    expect(
      errorMessageTokens(
        "Error at /home/u/src/app.ts:12:5 fetching https://x.io/a?b=1 id 0xdeadbeef 'foo' 3f9a2b7c1d",
      ),
    ).toEqual(["error", "at", "<path>", "<n>", "<n>", "fetching", "<url>", "id", "<hex>", "<str>", "<hex>"]);
  });

  it.each([
    [
      "TypeError: Cannot read property 'x' of null",
      "TypeError: Cannot read property 'x' of undefined",
      6 / 7,
    ],
    ["Error: ENOENT: no such file '/a/b.txt'", "Error: ENOENT: no such file '/c/d.txt'", 1],
    ["Test failed after 1234 ms", "Test failed after 98 ms", 1],
    ["SyntaxError: Unexpected token", "connect ECONNREFUSED 127.0.0.1:5432", 0],
  ])("similarity(%s, %s) = %d", (left, right, expected) => {
    expect(errorSimilarity(left, right)).toBeCloseTo(expected, 5);
  });

  it("compares messages without tokens by text", () => {
    expect(errorSimilarity("!!!", "!!!")).toBe(1);
    expect(errorSimilarity("!!!", "???")).toBe(0);
  });
});

describe("repeatedErrors", () => {
  it("halts on similar errors and annotates them", () => {
    const errors = [
      "Build failed: missing semicolon at line 3",
      "ECONNRESET",
      "Build failed: missing semicolon at line 9",
    ];
    const reason = runCondition(
      repeatedErrors(),
      "repeated_errors",
      createCheckInput({ previous_errors: errors }),
    );
    expect(reason).toMatchObject({
      condition_name: "repeated_errors",
      severity: "medium",
      description: "Similar errors across attempts suggest fundamental misunderstanding",
    });
    expect(reason?.annotations?.similar_previous_errors).toEqual([errors[0], errors[2]]);
  });

  it.each([
    [["TypeError: x is not a function", "connect ECONNREFUSED 127.0.0.1:5432"]],
    [["only one error"]],
    [["", ""]],
    [[]],
  ])("does not halt on %j", (errors) => {
    expect(
      runCondition(repeatedErrors(), "repeated_errors", createCheckInput({ previous_errors: errors })),
    ).toBeNull();
  });

  it("uses the configured similarity_threshold", () => {
    const errors = [
      "TypeError: Cannot read property 'x' of null",
      "TypeError: Cannot read property 'x' of undefined",
    ];
    expect(
      runCondition(repeatedErrors(), "repeated_errors", createCheckInput({ previous_errors: errors }), {
        similarity_threshold: 0.9,
      }),
    ).toBeNull();
  });
});

describe("cascadingFailures", () => {
  it.each([
    [
      [
        "SyntaxError: Unexpected token",
        "ReferenceError: foo is not defined",
        "TypeError: bar is not a function",
      ],
    ],
    [["Error: request failed\nCaused by: timeout\nCaused by: DNS lookup failed for db"]],
  ])("halts on a chain of %j", (errors) => {
    const reason = runCondition(
      cascadingFailures(),
      "cascading_failures",
      createCheckInput({ previous_errors: errors }),
    );
    expect(reason).toMatchObject({ condition_name: "cascading_failures", severity: "high" });
  });

  it.each([
    [["SyntaxError: Unexpected token", "ReferenceError: foo is not defined"]],
    [["TypeError: a of null", "TypeError: a of null", "TypeError: a of null"]],
    [["Error: x\nCaused by: y"]],
  ])("does not halt on %j", (errors) => {
    expect(
      runCondition(cascadingFailures(), "cascading_failures", createCheckInput({ previous_errors: errors })),
    ).toBeNull();
  });

  it("measures the chain as the longest run of consecutive different errors", () => {
    expect(failureChainLength(["A failed", "A failed", "B broke", "C crashed", "C crashed"], 0.8)).toBe(3);
    expect(failureChainLength([], 0.8)).toBe(0);
  });
});

describe("unknownErrors", () => {
  it.each([["Something odd happened"], ["Kaboom"], ["The flux capacitor is misaligned"]])(
    "halts on %s",
    (error) => {
      const reason = runCondition(
        unknownErrors(),
        "unknown_errors",
        createCheckInput({ previous_errors: [error] }),
      );
      expect(reason).toMatchObject({ condition_name: "unknown_errors", severity: "medium" });
      expect(reason?.description).toContain(error);
    },
  );

  it.each([
    ["TypeError: Cannot read property 'x' of null", "type"],
    ["SyntaxError: Unexpected token '}'", "syntax"],
    ["Error: Cannot find module 'lodash'", "module"],
    ["EACCES: permission denied, open '/etc/x'", "permission"],
    ["connect ECONNREFUSED 127.0.0.1:5432", "network"],
    ["Timeout of 5000ms exceeded", "timeout"],
    ["FATAL ERROR: JavaScript heap out of memory", "resource"],
    ["AssertionError: expected 1 to equal 2", "test"],
    ["CONFLICT (content): Merge conflict in a.ts", "vcs"],
    ["Command failed with exit code 2", "build"],
    ["duplicate key value violates unique constraint", "database"],
    ["thread 'main' panicked at src/main.rs", "runtime"],
  ])("classifies %s as %s and does not halt", (error, category) => {
    expect(classifyError(error)).toBe(category);
    expect(
      runCondition(unknownErrors(), "unknown_errors", createCheckInput({ previous_errors: [error] })),
    ).toBeNull();
  });
});

describe("uncertaintyScale", () => {
  it.each([
    [7, "high"],
    [8.5, "high"],
    [9, "critical"],
    [10, "critical"],
  ])("halts at %d with severity %s", (score, severity) => {
    const reason = runCondition(
      uncertaintyScale(),
      "uncertainty_scale",
      createCheckInput({ uncertainty_score: score }),
    );
    expect(reason).toMatchObject({ halt_type: "uncertainty", condition_name: "uncertainty_scale", severity });
  });

  it.each([5, 6, 6.9])("notes %d as low severity (proceed with caution)", (score) => {
    const reason = runCondition(
      uncertaintyScale(),
      "uncertainty_scale",
      createCheckInput({ uncertainty_score: score }),
    );
    expect(reason?.severity).toBe("low");
  });

  it.each([undefined, 0, 4, 4.9])("does not fire at %s", (score) => {
    const input = createCheckInput(score === undefined ? {} : { uncertainty_score: score });
    expect(runCondition(uncertaintyScale(), "uncertainty_scale", input)).toBeNull();
  });

  it("uses the configured thresholds", () => {
    const input = createCheckInput({ uncertainty_score: 8 });
    expect(runCondition(uncertaintyScale(), "uncertainty_scale", input, { threshold: 9 })?.severity).toBe(
      "low",
    );
    expect(
      runCondition(uncertaintyScale(), "uncertainty_scale", input, { critical_threshold: 8 })?.severity,
    ).toBe("critical");
  });
});
