import { describe, expect, it } from "vitest";
import {
  DATABASE_FAILURE_TEXT,
  INTERNAL_FAILURE_TEXT,
  isDatabaseUnavailable,
  publicFailureText,
} from "./database-errors";
import { TimeoutError } from "./with-timeout";

/** The shape Prisma gives a driver adapter error (PrismaClientKnownRequestError). */
const prismaError = (sqlState: string, message: string) =>
  Object.assign(new Error(`\nInvalid \`prisma.haltEvent.findMany()\` invocation:\n${message}`), {
    code: "P2039",
    meta: { driverAdapterError: { cause: { originalCode: sqlState, kind: "postgres", message } } },
  });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25432"), { code: "ECONNREFUSED" })],
    ["pool acquisition / connect timeout", new Error("Connection terminated due to connection timeout")],
    ["client read timeout", new Error("Query read timeout")],
    ["dropped connection", new Error("Connection terminated unexpectedly")],
    ["server starting up", prismaError("57P03", "the database system is starting up")],
    ["statement timeout", prismaError("57014", "canceling statement due to statement timeout")],
    ["lock timeout", prismaError("55P03", "canceling statement due to lock timeout")],
    ["connection class 08", prismaError("08006", "connection failure")],
    ["Prisma P1001", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["a wrapped cause", new Error("outer", { cause: new Error("Connection terminated unexpectedly") })],
    ["a deadline of withTimeout", new TimeoutError("database ping", 3_000)],
  ])("%s: unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(publicFailureText(error)).toBe(DATABASE_FAILURE_TEXT);
  });

  it.each([
    ["bad data (NUL byte)", prismaError("22021", 'invalid byte sequence for encoding "UTF8": 0x00')],
    ["a unique violation", prismaError("23505", "duplicate key value violates unique constraint")],
    ["a bug", new TypeError("cannot read properties of undefined")],
    ["nothing", undefined],
  ])("%s: not unavailable, and the public text is generic", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(publicFailureText(error)).toBe(INTERNAL_FAILURE_TEXT);
  });
});
