import { describe, expect, it } from "vitest";
import { TimeoutError, withTimeout } from "./with-timeout";

describe("withTimeout", () => {
  it("passes a value through when the promise settles in time", async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000, "quick")).resolves.toBe(7);
  });
  it("passes a rejection through", async () => {
    await expect(withTimeout(Promise.reject(new Error("boom")), 1_000, "failing")).rejects.toThrow("boom");
  });
  it("rejects with a TimeoutError naming the operation when the promise never settles", async () => {
    const error = await withTimeout(new Promise(() => {}), 20, "pg.stop()").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe("pg.stop() did not finish within 0 s");
    expect((error as TimeoutError).operation).toBe("pg.stop()");
  });
});
