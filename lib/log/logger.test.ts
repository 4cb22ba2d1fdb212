import { describe, expect, it } from "vitest";
import { redactSecrets as redactLogString, redactSecretsDeep as redactLogValue } from "@/lib/redact/redact";
import { createLogger } from "./logger";

describe("log values go through the shared redactor", () => {
  it("masks values under secret-looking keys at any depth", () => {
    expect(
      redactLogValue({
        user: "ada",
        password: "hunter2",
        nested: { apiKey: "abc", authorization: "Bearer xyz", list: [{ token: "t" }] },
      }),
    ).toEqual({
      user: "ada",
      password: "[REDACTED]",
      nested: { apiKey: "[REDACTED]", authorization: "[REDACTED]", list: [{ token: "[REDACTED]" }] },
    });
  });
  it.each([
    [
      "postgresql://keel:s3cr3t-pass@127.0.0.1:54329/keel",
      "postgresql://keel:[REDACTED]@127.0.0.1:54329/keel",
    ],
    ["Authorization: Bearer keel_agent_abcdefghijklmnop", "Authorization: Bearer [REDACTED]"],
    ["login with password=hunter22 failed", "login with password=[REDACTED] failed"],
    ['{"api_key": "sk-abcdefghijklmnop"}', '{"api_key": "[REDACTED]"}'],
    ["key sk-ant-api03-abcdefghijklmnopqrstuvwxyz used", "key [REDACTED] used"],
    ["AKIAIOSFODNN7EXAMPLE", "[REDACTED]"],
  ])("masks %j", (input, expected) => {
    expect(redactLogString(input)).toBe(expected);
  });
  it("leaves ordinary text alone", () => {
    expect(redactLogString("the tokenizer splits text; see https://example.org/docs")).toBe(
      "the tokenizer splits text; see https://example.org/docs",
    );
  });
});

describe("createLogger", () => {
  it("writes one JSON line per call with level, component and fields, secrets masked", () => {
    const lines: string[] = [];
    const log = createLogger({
      component: "test",
      write: (line) => lines.push(line),
      now: () => new Date(0),
    });
    log.child({ run: "r1" }).info("connected", { url: "postgres://u:pw@h/db" });
    log.debug("hidden at info level");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: "1970-01-01T00:00:00.000Z",
        level: "info",
        component: "test",
        msg: "connected",
        run: "r1",
        url: "postgres://u:[REDACTED]@h/db",
      },
    ]);
  });
});
