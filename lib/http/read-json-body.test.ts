import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { readJsonBody } from "./read-json-body";

const request = (
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
) => new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return [(error as ApiError).status, (error as ApiError).code];
}

describe("readJsonBody", () => {
  it("parses JSON, including application/*+json", async () => {
    expect(await readJsonBody(request('{"a":1}'))).toEqual({ a: 1 });
    expect(
      await readJsonBody(request("[1]", { "content-type": "application/merge-patch+json; charset=utf-8" })),
    ).toEqual([1]);
  });
  it("refuses other content types with 415", async () => {
    expect(await failure(readJsonBody(request("{}", { "content-type": "text/plain" })))).toEqual([
      415,
      "unsupported_media_type",
    ]);
    expect(await failure(readJsonBody(request("{}", {})))).toEqual([415, "unsupported_media_type"]);
  });
  it("refuses empty and malformed bodies with 400", async () => {
    expect(await failure(readJsonBody(request("")))).toEqual([400, "invalid_json"]);
    expect(await failure(readJsonBody(request("   ")))).toEqual([400, "invalid_json"]);
    expect(await failure(readJsonBody(request("{")))).toEqual([400, "invalid_json"]);
  });
  it("counts bytes while reading, so a body without Content-Length cannot exceed the limit", async () => {
    const big = new Blob(["[", "1,".repeat(40), "1]"]).stream();
    expect(await failure(readJsonBody(request(big), 64))).toEqual([413, "payload_too_large"]);
    expect(await readJsonBody(request("[1,2]"), 64)).toEqual([1, 2]);
  });
  it("refuses a declared Content-Length over the limit before reading", async () => {
    const declared = request("{}", { "content-type": "application/json", "content-length": "70000" });
    expect(await failure(readJsonBody(declared))).toEqual([413, "payload_too_large"]);
  });
});
