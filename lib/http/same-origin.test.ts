import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, isSameOriginRequest } from "./same-origin";

const request = (headers: Record<string, string>) =>
  new Request("http://keel.local:3000/api/x", { method: "PUT", headers });

describe("isSameOriginRequest", () => {
  afterEach(() => {
    delete process.env.KEEL_PUBLIC_URL;
  });
  it.each([
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "same-site" }, false],
    [{ "sec-fetch-site": "cross-site", origin: "http://keel.local:3000" }, false],
    [{ "sec-fetch-site": "none" }, false],
    [{ origin: "http://keel.local:3000" }, true],
    [{ origin: "http://keel.local:3001" }, false],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "null" }, false],
    [{ origin: "not a url" }, false],
    [{}, false],
  ])("%j -> %s", (headers, expected) => {
    expect(isSameOriginRequest(request(headers))).toBe(expected);
  });
  it("accepts no Origin only when asked to", () => {
    expect(isSameOriginRequest(request({}), { allowMissing: true })).toBe(true);
    expect(isSameOriginRequest(request({ origin: "null" }), { allowMissing: true })).toBe(false);
  });
  it("accepts the public URL's host behind a proxy", () => {
    process.env.KEEL_PUBLIC_URL = "https://keel.example.org";
    expect(isSameOriginRequest(request({ origin: "https://keel.example.org" }))).toBe(true);
  });
});

describe("clientAddress", () => {
  afterEach(() => {
    delete process.env.KEEL_TRUSTED_PROXIES;
  });
  it("uses the socket address stamped by the server, ignoring X-Forwarded-For by default", () => {
    expect(
      clientAddress(request({ "x-keel-client-address": "10.0.0.5", "x-forwarded-for": "1.2.3.4" })),
    ).toBe("10.0.0.5");
    expect(clientAddress(request({}))).toBeNull();
  });
  it("behind N trusted proxies uses the Nth X-Forwarded-For entry from the right", () => {
    process.env.KEEL_TRUSTED_PROXIES = "1";
    expect(
      clientAddress(request({ "x-forwarded-for": "6.6.6.6, 10.0.0.7", "x-keel-client-address": "10.0.0.1" })),
    ).toBe("10.0.0.7");
    process.env.KEEL_TRUSTED_PROXIES = "2";
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 10.0.0.7, 10.0.0.8" }))).toBe("10.0.0.7");
    expect(clientAddress(request({ "x-keel-client-address": "10.0.0.1" }))).toBe("10.0.0.1");
  });
});
