/**
 * Contract test generated from docs/api/openapi.json: for every operation that takes a JSON body or a
 * query string, fast-check (fixed seed, modest run count) generates inputs the document calls valid and
 * inputs it calls invalid (each verdict confirmed by ajv against the document's own schema) and sends
 * them to the real route handler with the right credentials (bearer tokens: no CSRF question) against
 * a real PostgreSQL. Fails on any 5xx, on a 2xx for an invalid input, and on a 4xx for a valid one.
 *
 * Values the schema cannot know (a real session token, the halt in the path, an opaque cursor, the
 * caller's current password) are filled in per route by SETUP below; everything else is generated.
 * A second part sends, for every string field of every such operation, text PostgreSQL cannot store
 * (a NUL, a lone surrogate) and expects a 400 naming that field.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSession, recordHalt } from "@/lib/halts/service";
import { reconcileToolPins } from "@/lib/mcp-gateway/tool-pins";
import { API_ROUTES } from "@/lib/openapi/api-routes";
import { createRun } from "@/lib/runs/runs-service";
import { arbitraryFor, invalidVariants, type JsonSchema } from "@/tests/fixtures/json-schema-arbitrary";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { markDemoRuntimeLive } from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

const DOCUMENT = JSON.parse(fs.readFileSync("docs/api/openapi.json", "utf8")) as {
  paths: Record<string, Record<string, JsonSchema>>;
};
const NUM_RUNS = 6;
/** Valid inputs to break per operation; each is broken every known way. */
const INVALID_NUM_RUNS = 2;
/** Fixed seeds (the invalid runs use SEED + 1, so they never reuse a name a valid run created). */
const SEED = 15_007;

let testDatabase: TestDatabase;
let admin: TestUser;
let agent: { id: string; name: string; headers: Record<string, string> };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  admin = await createTestUser(testDatabase.database, "admin");
  agent = await createTestAgentKey(testDatabase.database, [
    "halts:read",
    "halts:write",
    "runs:write",
    "settings:read",
  ]);
});
afterAll(async () => {
  await testDatabase.drop();
});

interface Prepared {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Fills in the values the schema cannot know (applied to valid and invalid inputs alike). */
  fix?: (input: Record<string, unknown>) => Record<string, unknown>;
}

const agentCaller = () => ({
  kind: "agent" as const,
  keyId: agent.id,
  agentName: agent.name,
  scopes: ["halts:write" as const],
});
const agentSession = () => openSession(testDatabase.database, { keyId: agent.id, agentName: agent.name });
const withoutCursor = ({ cursor: _cursor, ...rest }: Record<string, unknown>) => rest;
/** A cross-field rule the schema cannot express: a time range's `from` is not after its `to`. */
const inOrder = (query: Record<string, unknown>) => {
  const { from, to } = query;
  if (typeof from !== "string" || typeof to !== "string" || !(Date.parse(from) > Date.parse(to)))
    return query;
  return { ...query, from: to, to: from };
};

/**
 * Cross-field rules of a replay request the schema cannot express: `lastRuns` or `since`, not both and not
 * neither; `until` only with `since` and after it. Values of the wrong type are left as they are.
 */
const replaySelection = (body: Record<string, unknown>) => {
  const { lastRuns, since, until, ...rest } = body;
  if (typeof lastRuns === "number" && since === undefined && until === undefined) return body;
  if (lastRuns !== undefined && typeof since !== "string") return { ...rest, lastRuns };
  const start = since ?? new Date(Date.now() - 3_600_000).toISOString();
  if (typeof start !== "string" || typeof until !== "string") return { ...rest, since: start, until };
  const [first, second] = [start, until].sort((a, b) => Date.parse(a) - Date.parse(b));
  return first === second || Date.parse(first!) === Date.parse(second!)
    ? { ...rest, since: first }
    : { ...rest, since: first, until: second };
};

/** Per operation: resources in the path and values only the server can know. */
const SETUP: Record<string, () => Promise<Prepared>> = {
  "POST /api/auth/sign-in": async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    return { fix: (body) => ({ ...body, username: user.username, password: user.password }) };
  },
  "POST /api/account/password": async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    return {
      headers: await user.tokenHeaders(),
      fix: (body) => ({ ...body, currentPassword: user.password }),
    };
  },
  "PATCH /api/users/{id}": async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    return { params: { id: user.id } };
  },
  "POST /api/halts/check": async () => {
    const session = await agentSession();
    return { fix: (body) => ({ ...body, session_token: session.session_token }) };
  },
  "POST /api/halts": async () => {
    const session = await agentSession();
    return {
      fix: (body) => ({
        ...body,
        session_token: session.session_token,
        // A cross-field rule the schema cannot express: a failed task attempt names its task.
        ...(body.condition_name === "task_attempt_failed" && body.task_id === undefined
          ? { task_id: "task-1" }
          : {}),
      }),
    };
  },
  "GET /api/halts": async () => ({ fix: (query) => inOrder(withoutCursor(query)) }),
  "POST /api/halts/{id}/acknowledge": async () => {
    const session = await agentSession();
    const halt = await recordHalt(
      testDatabase.database,
      agentCaller(),
      { session_token: session.session_token, halt_type: "scope", severity: "high", description: "contract" },
      [],
    );
    return {
      params: { id: halt.halt_id },
      fix: (body) => ({
        ...body,
        ...(body.session_token === undefined ? {} : { session_token: session.session_token }),
        ...(body.halt_id === undefined ? {} : { halt_id: halt.halt_id }),
      }),
    };
  },
  "GET /api/sessions/{id}/halts": async () => {
    const session = await agentSession();
    return { params: { id: session.session_id }, fix: withoutCursor };
  },
  "GET /api/runs": async () => ({ fix: withoutCursor }),
  "POST /api/replay": async () => ({ fix: replaySelection }),
  "POST /api/runs/demo": async () => {
    await markDemoRuntimeLive(testDatabase.database, DEMO_RUNTIME_ID, "contract");
    return {};
  },
  "GET /api/runs/{id}/events": async () => {
    const run = await createRun(
      testDatabase.database,
      { send: async () => randomUUID() },
      { type: "cli", name: "contract" },
      { task: "contract run", kind: "job", locale: "en" },
    );
    return { params: { id: run.id } };
  },
  "POST /api/mcp-gateway/tools/{id}/approve": async () => {
    const server = `contract-${randomUUID().slice(0, 8)}`;
    await reconcileToolPins(testDatabase.database, server, [
      {
        tool: "lookup",
        description: "Looks things up",
        inputSchema: { type: "object" },
        instructionShaped: true,
      },
    ]);
    const pin = await testDatabase.database.mcpToolPin.findFirstOrThrow({ where: { server } });
    return {
      params: { id: pin.id },
      fix: (body) =>
        body.definitionHash === undefined ? body : { ...body, definitionHash: pin.definitionHash },
    };
  },
};
const DEMO_RUNTIME_ID = randomUUID();

interface Operation {
  key: string;
  method: string;
  path: string;
  body?: JsonSchema;
  query?: JsonSchema;
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  headers: () => Promise<Record<string, string>>;
}

/** Every documented operation with a JSON body or query parameters. */
async function operations(): Promise<Operation[]> {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(DOCUMENT.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined;
      const queryParameters = ((operation.parameters ?? []) as JsonSchema[]).filter((p) => p.in === "query");
      if (!body && queryParameters.length === 0) continue;
      const query =
        queryParameters.length === 0
          ? undefined
          : {
              type: "object",
              properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
              required: queryParameters.filter((p) => p.required).map((p) => p.name),
              additionalProperties: false,
            };
      const route = API_ROUTES.find((candidate) => candidate.path === path && candidate.method === method);
      if (!route) throw new Error(`${method} ${path} is documented but not in API_ROUTES`);
      const file = `@/app${path.replace(/\{(\w+)\}/g, "[$1]")}/route`;
      const module = (await import(/* @vite-ignore */ file)) as Record<string, Operation["handler"]>;
      const handler = module[method.toUpperCase()];
      if (!handler) throw new Error(`${file} has no ${method.toUpperCase()} handler`);
      const headers = async () =>
        route.access === "agent"
          ? agent.headers
          : route.access === "public"
            ? {}
            : await admin.tokenHeaders();
      result.push({ key: `${method.toUpperCase()} ${path}`, method, path, body, query, handler, headers });
    }
  }
  return result;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, unicodeRegExp: true });
addFormats(ajv);
const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
function isValid(schema: JsonSchema, value: unknown): boolean {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(value) as boolean;
}

/** A query object as the server sees it: every value sent as text, numbers read back as numbers. */
function asSent(schema: JsonSchema, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => {
      // As a URL carries it (a lone surrogate arrives as U+FFFD).
      const text = new URLSearchParams([
        ["v", typeof value === "string" ? value : JSON.stringify(value)],
      ]).get("v")!;
      const type = schema.properties?.[name]?.type;
      const numeric = (type === "integer" || type === "number") && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text);
      return [name, numeric ? Number(text) : text];
    }),
  );
}

/** Sends `input` (body or query) to the operation; `prepared` (from SETUP) must already be applied. */
async function send(operation: Operation, input: unknown, asQuery: boolean, prepared: Prepared) {
  let path = operation.path;
  for (const [name, value] of Object.entries(prepared.params ?? {})) path = path.replace(`{${name}}`, value);
  if (asQuery) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(input as Record<string, unknown>))
      search.set(name, typeof value === "string" ? value : JSON.stringify(value));
    path = `${path}?${search}`;
  }
  return callRoute(operation.handler, {
    method: operation.method.toUpperCase(),
    path,
    params: prepared.params,
    headers: { ...(await operation.headers()), ...prepared.headers },
    ...(asQuery ? {} : { json: input }),
  });
}

/** Runs the operation's SETUP and applies its fix to `input`. */
async function prepare(
  operation: Operation,
  input: unknown,
): Promise<{ prepared: Prepared; fixed: unknown }> {
  const prepared = (await SETUP[operation.key]?.()) ?? {};
  return { prepared, fixed: applyFix(prepared, input) };
}

function applyFix(prepared: Prepared, input: unknown): unknown {
  return prepared.fix && input !== null && typeof input === "object" && !Array.isArray(input)
    ? prepared.fix(input as Record<string, unknown>)
    : input;
}

const describeFailure = (kind: string, input: unknown, response: { status: number; body: unknown }) =>
  `${kind} ${JSON.stringify(input)} -> ${response.status} ${JSON.stringify(response.body)}`;

const OPERATIONS = await operations();
/** Each operation's body and query schemas, one entry per input part. */
const INPUTS = OPERATIONS.flatMap((operation) =>
  (
    [
      ["body", operation.body],
      ["query", operation.query],
    ] as const
  ).flatMap(([part, schema]) => (schema ? [{ operation, part, schema, asQuery: part === "query" }] : [])),
);

describe("the server keeps the contract of docs/api/openapi.json", () => {
  it("covers every documented operation that takes a body or a query string", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(20);
  });

  for (const { operation, part, schema, asQuery } of INPUTS) {
    const validAsSent = (value: unknown) =>
      isValid(schema, asQuery ? asSent(schema, value as Record<string, unknown>) : value);
    it(`${operation.key}: valid ${part}s succeed (2xx)`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(schema).filter(validAsSent), async (input) => {
          const { prepared, fixed } = await prepare(operation, input);
          if (!validAsSent(fixed)) return; // the setup made it invalid (not by design)
          const response = await send(operation, fixed, asQuery, prepared);
          expect(response.status, describeFailure("valid", fixed, response)).toBeGreaterThanOrEqual(200);
          expect(response.status, describeFailure("valid", fixed, response)).toBeLessThan(300);
        }),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
      );
    });
    it(`${operation.key}: invalid ${part}s are refused (4xx)`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(schema).filter(validAsSent), async (value) => {
          // Every known way to break this valid input (those that stay valid are skipped). A refused
          // request changes nothing, so one setup serves them all.
          const prepared = (await SETUP[operation.key]?.()) ?? {};
          for (const input of invalidVariants(schema, value, asQuery)) {
            if (validAsSent(input)) continue;
            const fixed = applyFix(prepared, input);
            if (validAsSent(fixed)) continue; // the setup's values repaired it
            const response = await send(operation, fixed, asQuery, prepared);
            expect(response.status, describeFailure("invalid", fixed, response)).toBeGreaterThanOrEqual(400);
            expect(response.status, describeFailure("invalid", fixed, response)).toBeLessThan(500);
          }
        }),
        { numRuns: INVALID_NUM_RUNS, seed: SEED + 1, endOnFailure: true },
      );
    });
  }
});

/** Paths of every string leaf of `value`. */
function stringLeaves(value: unknown, trail: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [trail];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...trail, index]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...trail, key]));
  return [];
}
function replaceAt(value: unknown, trail: (string | number)[], replacement: string): unknown {
  if (trail.length === 0) return replacement;
  const [head, ...rest] = trail;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [head as string]: replaceAt(object[head as string], rest, replacement) };
}

describe("text PostgreSQL cannot store is refused with a 400 naming the field, on every route", () => {
  for (const { operation, part, schema } of INPUTS) {
    it(`${operation.key} (${part})`, async () => {
      // One valid input per operation, as rich as the generator makes it (deterministic).
      const samples = fc.sample(
        arbitraryFor(schema).filter((value) => isValid(schema, value)),
        { numRuns: 30, seed: SEED },
      );
      const richest = samples.sort(
        (left, right) => stringLeaves(right).length - stringLeaves(left).length,
      )[0];
      for (const trail of stringLeaves(richest)) {
        // A URL carries no lone surrogate (it becomes U+FFFD on the way), so queries get the NUL only.
        for (const bad of part === "query" ? ["nul\u0000here"] : ["nul\u0000here", "lone\ud800here"]) {
          // The setup's values first (a real session token ...), then the bad text, even over them.
          const { prepared, fixed } = await prepare(operation, richest);
          const input = replaceAt(fixed, trail, bad);
          const response = await send(operation, input, part === "query", prepared);
          expect(response.status, describeFailure(`${trail.join(".")}=`, input, response)).toBe(400);
          const paths = (
            (response.body as { error: { issues?: { path: unknown[] }[] } }).error.issues ?? []
          ).map((issue) => issue.path.join("."));
          expect(paths, describeFailure(`${trail.join(".")}=`, input, response)).toContain(trail.join("."));
        }
      }
    });
  }
});
