import { describe, expect, it } from "vitest";
import { hashSecret, issueToken, parseToken, secretMatches } from "./api-token";

describe("api tokens", () => {
  it("issues distinct tokens that parse back to their kind, prefix and secret", () => {
    const personal = issueToken("personal");
    const agent = issueToken("agent");
    expect(personal.token).toMatch(/^keel_pat_[A-Za-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    expect(agent.token).toMatch(/^keel_agent_[A-Za-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseToken(personal.token)!;
    expect(parsed.kind).toBe("personal");
    expect(parsed.prefix).toBe(personal.prefix);
    expect(secretMatches(parsed.secret, personal.secretHash)).toBe(true);
    expect(secretMatches(parsed.secret, agent.secretHash)).toBe(false);
    expect(new Set(Array.from({ length: 50 }, () => issueToken("agent").prefix)).size).toBe(50);
  });

  it("never stores the secret itself", () => {
    const issued = issueToken("agent");
    expect(issued.secretHash).not.toContain(parseToken(issued.token)!.secret);
    expect(issued.secretHash).toBe(hashSecret(parseToken(issued.token)!.secret));
  });

  it.each([
    ["keel_pat_short_x"],
    ["Bearer keel_pat_abcdefghij_" + "a".repeat(43)],
    ["keel_root_abcdefghij_" + "a".repeat(43)],
    [""],
    ["keel_pat_abcdefghij_" + "a".repeat(42)],
  ])("refuses %j", (token) => {
    expect(parseToken(token)).toBeNull();
  });

  it("rejects a hash of the wrong length without throwing", () => {
    expect(secretMatches("anything", "abcd")).toBe(false);
  });
});
