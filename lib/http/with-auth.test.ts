import { describe, expect, it } from "vitest";
import { withAuth } from "./with-auth";

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
