import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretFormats } from "@/tests/fixtures/secret-formats";
import { isSensitiveKey, REDACTED, redactSecrets, redactSecretsDeep } from "./redact";
import { findSecrets, SECRET_PATTERNS } from "./secret-patterns";

// Secret-looking values are assembled at run time so that secret scanners do not flag this file.
const alnum = (length: number) => "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe".repeat(8).slice(0, length);

describe("the secret format table (shared with the storage test)", () => {
  it.each(secretFormats().map((format) => [format.name, format] as const))(
    "%s: redacted, and detected as certain (so halts/check flags it)",
    (_name, format) => {
      const redacted = redactSecrets(`before ${format.text} after`);
      expect(redacted).not.toContain(format.secret);
      expect(redacted).toContain(REDACTED);
      expect(redacted.startsWith("before ")).toBe(true);
      expect(findSecrets(format.text).some((match) => match.certain)).toBe(true);
    },
  );

  it("leaves prose about passwords alone when no value follows, and marks short words uncertain", () => {
    expect(redactSecrets("the password is required to sign in")).toBe("the password is required to sign in");
    expect(findSecrets("the password is wrong").every((match) => !match.certain)).toBe(true);
    expect(findSecrets("das Passwort lautet anders").every((match) => !match.certain)).toBe(true);
  });
});

describe("redactSecrets", () => {
  it.each([
    ["AWS access key id", `key AKIA${"ABCDEFGHIJKLMNOP"} end`, `key ${REDACTED} end`],
    [
      "AWS secret",
      `aws_secret_access_key=${"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}`,
      `aws_secret_access_key=${REDACTED}`,
    ],
    ["GitHub token", `token ghp_${alnum(36)}.`, `token ${REDACTED}.`],
    ["GitLab token", `glpat-${alnum(20)}`, REDACTED],
    ["Slack token", `xoxp-${alnum(30)}`, REDACTED],
    ["Slack webhook", `https://hooks.slack.com/services/T0000/B0000/${alnum(24)}`, REDACTED],
    ["Stripe key", `sk_test_${alnum(24)}`, REDACTED],
    ["OpenAI key", `OPENAI=sk-${alnum(48)}`, `OPENAI=${REDACTED}`],
    ["Anthropic key", `sk-ant-api03-${alnum(60)}`, REDACTED],
    ["JWT", `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.${alnum(43)}`, REDACTED],
    ["bearer token", `Authorization: Bearer ${alnum(40)}`, `Authorization: Bearer ${REDACTED}`],
    ["URL password", "postgres://admin:p4ssw0rd!@db:5432/app", `postgres://admin:${REDACTED}@db:5432/app`],
    ["password assignment", "PGPASSWORD=supersecret psql", `PGPASSWORD=${REDACTED} psql`],
    ["JSON secret", '{"client_secret": "abc123def456"}', `{"client_secret": "${REDACTED}"}`],
    ["YAML token", "api_key: 9f8e7d6c5b4a", `api_key: ${REDACTED}`],
    [
      "connection string password",
      "Server=db;User Id=sa;Password=Secr3t!;",
      `Server=db;User Id=sa;Password=${REDACTED};`,
    ],
  ])("redacts a %s and keeps the surrounding text", (_kind, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it("redacts a whole private key block, and an unterminated one to the end", () => {
    const block = `-----BEGIN OPENSSH PRIVATE KEY-----\n${alnum(64)}\n-----END OPENSSH PRIVATE KEY-----`;
    expect(redactSecrets(`before\n${block}\nafter`)).toBe(`before\n${REDACTED}\nafter`);
    expect(redactSecrets(`x -----BEGIN PRIVATE KEY-----\n${alnum(64)}`)).toBe(`x ${REDACTED}`);
  });

  it("redacts several secrets in one text", () => {
    const text = `a=ghp_${alnum(36)} b=postgres://u:pw123456@h/db`;
    expect(redactSecrets(text)).toBe(`a=${REDACTED} b=postgres://u:${REDACTED}@h/db`);
  });

  it.each([
    "plain text without secrets",
    "password=$DB_PASSWORD",
    "token: string",
    "https://example.com/path?q=1",
    "max_tokens=4096",
    "see docs at postgres://localhost/app",
  ])("leaves %s unchanged", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it("uses patterns without nested quantifiers", () => {
    for (const pattern of SECRET_PATTERNS) {
      expect(pattern.regex.source).not.toMatch(/\)[*+]|\)\{\d+,\d*\}/);
      expect(pattern.regex.flags).toContain("g");
    }
  });

  it.each([
    ["long runs of word characters", "a".repeat(200_000)],
    ["repeated key names", "password=".repeat(40_000)],
    ["repeated URL prefixes", "postgres://u:".repeat(30_000)],
    ["repeated private key openers", "-----BEGIN RSA PRIVATE KEY-----\n".repeat(10_000)],
    ["repeated JWT prefixes", "eyJaaaaa.eyJaaaaa.".repeat(20_000)],
    ["repeated bearer words", "Bearer ".repeat(40_000)],
    ["repeated sk- prefixes", "sk-".repeat(60_000)],
  ])("runs in linear time on %s", (_label, text) => {
    const started = performance.now();
    redactSecrets(text);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe("redactSecrets properties", () => {
  const plantedSecret = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((body) => `ghp_${body}`),
    fc.stringMatching(/^[A-Z0-9]{16}$/).map((body) => `AKIA${body}`),
    fc.stringMatching(/^[A-Za-z0-9]{24}$/).map((body) => `sk_live_${body}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{40}$/).map((body) => `sk-ant-api03-${body}`),
  );
  const filler = fc.string({ maxLength: 40 }).map((text) => text.replace(/[A-Za-z0-9_-]+$/, ""));

  it("never leaves a planted token in the output, whatever surrounds it", () => {
    fc.assert(
      fc.property(filler, plantedSecret, filler, (before, secret, after) => {
        expect(redactSecrets(`${before} ${secret} ${after}`)).not.toContain(secret);
      }),
      { numRuns: 400 },
    );
  });

  it("is idempotent and never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = redactSecrets(text);
        expect(redactSecrets(once)).toBe(once);
      }),
      { numRuns: 400 },
    );
  });
});

describe("redactSecretsDeep", () => {
  it("redacts values under sensitive keys and secrets inside strings, recursively", () => {
    const value = {
      user: "bob",
      password: "hunter2",
      nested: {
        apiKey: 12345,
        "x-api-key": "k",
        dbPassword: { value: "p" },
        list: [`token ghp_${alnum(36)}`, "ok"],
      },
      has_token: true,
      refresh_token: null,
      max_tokens: 100,
      session_token: "sess_abc",
      connection_string: "Server=x",
    };
    expect(redactSecretsDeep(value)).toEqual({
      user: "bob",
      password: REDACTED,
      nested: {
        apiKey: REDACTED,
        "x-api-key": REDACTED,
        dbPassword: REDACTED,
        list: [`token ${REDACTED}`, "ok"],
      },
      has_token: true,
      refresh_token: null,
      max_tokens: 100,
      session_token: REDACTED,
      connection_string: REDACTED,
    });
  });

  it("does not modify its input", () => {
    const value = { password: "x", list: ["postgres://u:pw123456@h/db"] };
    const copy = structuredClone(value);
    redactSecretsDeep(value);
    expect(value).toEqual(copy);
  });

  it("handles primitives and stops at the depth limit", () => {
    expect(redactSecretsDeep("postgres://u:pw123456@h/db")).toBe(`postgres://u:${REDACTED}@h/db`);
    expect(redactSecretsDeep(42)).toBe(42);
    expect(redactSecretsDeep(null)).toBeNull();
    let deep: unknown = "leaf";
    for (let level = 0; level < 100; level++) deep = { child: deep };
    expect(JSON.stringify(redactSecretsDeep(deep))).toContain("[TRUNCATED]");
  });

  it.each([
    ["password", true],
    ["dbPassword", true],
    ["DB_PASSWORD", true],
    ["x-api-key", true],
    ["apiKey", true],
    ["private_key", true],
    ["Authorization", true],
    ["cookie", true],
    ["client_secret", true],
    ["max_tokens", false],
    ["token_count", false],
    ["secretary", false],
    ["keyboard", false],
    ["username", false],
  ])("isSensitiveKey(%s) is %s", (key, expected) => {
    expect(isSensitiveKey(key)).toBe(expected);
  });
});
