import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { apiErrorBodySchema } from "@/lib/schemas/api-error";
import { mapDomainError, withAuth } from "./with-auth";

const never = () => new Promise<Response>(() => {});
const call = (
  handler: (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>,
) => handler(new Request("http://keel.local/api/x"), { params: Promise.resolve({}) });

describe("withAuth request budget", () => {
  it("answers 503 service_unavailable with the normal error body when the handler outlives its budget", async () => {
    const response = await call(withAuth({ public: true, budgetMs: 50 }, never));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: "service_unavailable",
        message: "The server could not answer in time; try again shortly.",
      },
    });
  });

  it("lets a handler within its budget answer", async () => {
    const response = await call(
      withAuth({ public: true, budgetMs: 5_000 }, async () => Response.json({ ok: true })),
    );
    expect(response.status).toBe(200);
  });

  it("maps a database outage to 503 database_unavailable without the error's text", async () => {
    const response = await call(
      withAuth({ public: true }, async () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25432 (prisma invocation)"), {
          code: "ECONNREFUSED",
        });
      }),
    );
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.error.code).toBe("database_unavailable");
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|prisma|25432/);
  });
});

describe("mapDomainError", () => {
  it("maps every DomainError by its code, with its extra body fields and headers", async () => {
    class Busy extends DomainError {
      constructor() {
        super("too_many_requests", "Slow down.", {
          extra: { retryAfterSeconds: 7 },
          headers: { "Retry-After": "7" },
        });
      }
    }
    const mapped = mapDomainError(new Busy());
    expect(mapped?.status).toBe(429);
    const response = mapped!.toResponse();
    expect(response.headers.get("Retry-After")).toBe("7");
    const body = apiErrorBodySchema.parse(await response.json());
    expect(body).toEqual({
      error: { code: "too_many_requests", message: "Slow down." },
      retryAfterSeconds: 7,
    });
  });

  it("maps zod errors to a 400 with the issues, and leaves anything else alone", () => {
    const zodError = z.object({ name: z.string() }).safeParse({}).error!;
    expect(mapDomainError(zodError)?.details.issues?.[0]?.path).toEqual(["name"]);
    expect(mapDomainError(new Error("boom"))).toBeNull();
  });
});
