import { describe, expect, it } from "vitest";
import { classifyAddress, parseIPv4, parseIPv6 } from "./ip-address-policy";

describe("parseIPv4", () => {
  it.each([
    ["127.0.0.1", 0x7f000001],
    ["2130706433", 0x7f000001],
    ["0x7f000001", 0x7f000001],
    ["0177.0.0.1", 0x7f000001],
    ["0x7f.1", 0x7f000001],
    ["127.1", 0x7f000001],
    ["10.0.258", 0x0a000102],
    ["1.2.3.4.", 0x01020304],
  ])("%s -> %d", (text, expected) => {
    expect(parseIPv4(text)).toBe(expected);
  });

  it.each(["", "1.2.3.4.5", "256.0.0.1", "1.2.3.256", "4294967296", "08.0.0.1", "example.com", "1..2.3"])(
    "rejects %j",
    (text) => {
      expect(parseIPv4(text)).toBeNull();
    },
  );
});

describe("parseIPv6", () => {
  it("expands :: and embedded IPv4 and strips brackets and zones", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("[::ffff:127.0.0.1]")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("2001:db8:0:0:0:0:0:1")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
  });

  it.each([":::", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3", "g::1", ""])(
    "rejects %j",
    (text) => {
      expect(parseIPv6(text)).toBeNull();
    },
  );
});

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f000001", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["169.254.169.254", "link-local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["2002:7f00:1::", "loopback"],
    ["::127.0.0.1", "reserved"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%lo", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["not-an-address", "invalid"],
    ["::ffff:1.2.3.999", "invalid"],
  ])("%s is blocked as %s", (address, category) => {
    expect(classifyAddress(address)).toEqual({ type: "blocked", category });
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toEqual({ type: "public" });
  });
});
