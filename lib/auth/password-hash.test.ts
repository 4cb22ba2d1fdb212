import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword, verifyPasswordOrDummy } from "./password-hash";

const FAST = { logN: 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("verifies the right password and refuses others", async () => {
    const stored = await hashPassword("correct horse battery", FAST);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts: the same password hashes differently", async () => {
    expect(await hashPassword("same password!", FAST)).not.toBe(await hashPassword("same password!", FAST));
  });

  it("uses 32 MiB scrypt by default", async () => {
    expect(await hashPassword("default parameters")).toMatch(/^scrypt\$15\$8\$1\$/);
  });

  it("normalizes Unicode so a composed and a decomposed password match", async () => {
    const stored = await hashPassword("caf\u00e9 au lait 123", FAST);
    expect(await verifyPassword("cafe\u0301 au lait 123", stored)).toBe(true);
  });

  it.each([["plain"], ["scrypt$99$8$1$abc$def"], ["scrypt$15$8$1$abc$short"], ["bcrypt$..."]])(
    "treats a malformed stored hash %j as a mismatch",
    async (stored) => {
      expect(await verifyPassword("anything", stored)).toBe(false);
    },
  );

  it("does the same work and fails when there is no account", async () => {
    expect(await verifyPasswordOrDummy("whatever", null)).toBe(false);
  });

  it("generates long random passwords", () => {
    const passwords = new Set(Array.from({ length: 20 }, generatePassword));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
