/**
 * Which IP addresses `web_fetch` may connect to. Pure: parses IPv4 (including the inet_aton forms
 * `2130706433`, `0x7f000001`, `0177.0.0.1`) and IPv6 (including zone ids, embedded dotted quads,
 * IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96` and 6to4 `2002::/16`, whose embedded IPv4 address is
 * what is really reached) and answers `public` only for globally routable unicast addresses.
 * Failure policy: anything it cannot parse is `blocked` (category `invalid`), never `public`.
 */

/** Why an address is refused. */
export type BlockedAddressCategory =
  | "invalid"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "cgnat"
  | "multicast"
  | "reserved";

/** The verdict on one address. */
export type AddressVerdict = { type: "public" } | { type: "blocked"; category: BlockedAddressCategory };

const PUBLIC: AddressVerdict = { type: "public" };
const blocked = (category: BlockedAddressCategory): AddressVerdict => ({ type: "blocked", category });

function parseIPv4Part(part: string): number | null {
  if (/^0[xX][0-9a-fA-F]{0,8}$/.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]{1,11}$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(?:0|[1-9][0-9]{0,9})$/.test(part)) return Number.parseInt(part, 10);
  return null;
}

/**
 * Parses an IPv4 address in dotted-quad or any inet_aton form (1 to 4 decimal, octal or hex parts; the
 * last part fills the remaining bytes). Returns the address as an unsigned 32-bit number, or null.
 */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  // A trailing dot is allowed once ("127.0.0.1."), as browsers and resolvers accept it.
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((value) => value > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  let address = 0;
  for (const value of values) address = address * 256 + value;
  return address * 256 ** (4 - values.length) + last;
}

/** Parses an IPv6 address (brackets and `%zone` allowed) into eight 16-bit groups, or null. */
export function parseIPv6(text: string): number[] | null {
  let body = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = body.indexOf("%");
  if (zone >= 0) body = body.slice(0, zone);
  if (body.length === 0 || body.length > 45) return null;
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const toGroups = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(piece)) return null;
        const ipv4 = parseIPv4(
          piece
            .split(".")
            .map((octet) => String(Number(octet)))
            .join("."),
        );
        if (ipv4 === null) return null;
        groups.push(Math.floor(ipv4 / 65536), ipv4 % 65536);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = toGroups(halves[0]!);
  if (head === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const tail = toGroups(halves[1]!);
  if (tail === null || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const inIPv4Range = (address: number, base: string, prefix: number): boolean => {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) === Math.floor(parseIPv4(base)! / size);
};

// Every IPv4 range that is not globally routable unicast (IANA special-purpose registry).
const IPV4_BLOCKED_RANGES: readonly [string, number, BlockedAddressCategory][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function classifyIPv4(address: number): AddressVerdict {
  for (const [base, prefix, category] of IPV4_BLOCKED_RANGES)
    if (inIPv4Range(address, base, prefix)) return blocked(category);
  return PUBLIC;
}

function classifyIPv6(groups: number[]): AddressVerdict {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const embeddedLow = g6 * 65536 + g7;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0) {
    if (g6 === 0 && g7 === 0) return blocked("unspecified");
    if (g6 === 0 && g7 === 1) return blocked("loopback");
    return blocked("reserved"); // deprecated IPv4-compatible ::a.b.c.d
  }
  if (firstFiveZero && g5 === 0xffff) return classifyIPv4(embeddedLow); // IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classifyIPv4(embeddedLow); // NAT64 well-known prefix reaches the embedded IPv4 address
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return blocked("private"); // local-use NAT64
  if (g0 === 0x2002) return classifyIPv4(g1 * 65536 + g2); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return blocked("unique-local");
  if ((g0 & 0xffc0) === 0xfe80) return blocked("link-local");
  if ((g0 & 0xffc0) === 0xfec0) return blocked("private"); // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return blocked("multicast");
  if (g0 === 0x2001 && g1 === 0x0db8) return blocked("reserved"); // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return blocked("reserved"); // IETF protocol assignments, Teredo
  if ((g0 & 0xe000) !== 0x2000) return blocked("reserved"); // outside global unicast 2000::/3
  return PUBLIC;
}

/**
 * Classifies an IP address (IPv4 in any inet_aton form, or IPv6 with optional brackets and zone).
 * Only globally routable unicast addresses are `public`; anything unparsable is `blocked: invalid`.
 */
export function classifyAddress(address: string): AddressVerdict {
  const trimmed = address.trim();
  if (trimmed.includes(":")) {
    const groups = parseIPv6(trimmed);
    return groups === null ? blocked("invalid") : classifyIPv6(groups);
  }
  const ipv4 = parseIPv4(trimmed);
  return ipv4 === null ? blocked("invalid") : classifyIPv4(ipv4);
}
