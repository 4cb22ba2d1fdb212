import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, isSameOriginRequest } from "./same-origin";

// As Next.js hands it over: request.url names localhost whatever Host the client sent.
const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/x", {
    method: "PUT",
    headers: { host: "keel.local:3000", ...headers },
  });

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
  it("accepts the public URL's origin behind a proxy, and only it", () => {
    process.env.KEEL_PUBLIC_URL = "https://keel.example.org";
    expect(isSameOriginRequest(request({ origin: "https://keel.example.org" }))).toBe(true);
    expect(isSameOriginRequest(request({ origin: "https://KEEL.example.org:443" }))).toBe(true);
    expect(isSameOriginRequest(request({ origin: "http://keel.example.org" }))).toBe(false);
    expect(isSameOriginRequest(request({ origin: "http://keel.local:3000" }))).toBe(false);
    expect(isSameOriginRequest(request({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBe(
      false,
    );
  });
  it.each([
    "http://localhost:3000",
    "http://LOCALHOST:3000",
    "http://LocalHost:3000",
    "HTTP://localhost:3000",
    "http://localhost:3000/",
  ])("refuses Origin %s when the Host is another (request.url's host does not count)", (origin) => {
    expect(isSameOriginRequest(request({ origin }))).toBe(false);
    expect(isSameOriginRequest(request({ origin, host: "evil.example" }))).toBe(false);
    expect(isSameOriginRequest(request({ origin, host: "localhost:3000" }))).toBe(true);
  });
  it("normalises case and default ports, and compares the scheme", () => {
    expect(isSameOriginRequest(request({ origin: "http://KEEL.LOCAL:3000" }))).toBe(true);
    expect(isSameOriginRequest(request({ origin: "http://keel.local", host: "Keel.Local:80" }))).toBe(true);
    expect(isSameOriginRequest(request({ origin: "https://keel.local:3000" }))).toBe(false);
    expect(isSameOriginRequest(request({ origin: "http://keel.local:3000", host: "" }))).toBe(false);
    expect(
      isSameOriginRequest(request({ origin: "http://keel.local:3000", host: "a@keel.local:3000" })),
    ).toBe(false);
  });
  it("trusts X-Forwarded-Host/Proto only behind KEEL_TRUSTED_PROXIES", () => {
    const forwarded = { "x-forwarded-host": "keel.example.org", "x-forwarded-proto": "https" };
    expect(isSameOriginRequest(request({ origin: "https://keel.example.org", ...forwarded }))).toBe(false);
    process.env.KEEL_TRUSTED_PROXIES = "1";
    try {
      expect(isSameOriginRequest(request({ origin: "https://keel.example.org", ...forwarded }))).toBe(true);
      expect(isSameOriginRequest(request({ origin: "http://keel.local:3000", ...forwarded }))).toBe(false);
    } finally {
      delete process.env.KEEL_TRUSTED_PROXIES;
    }
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
