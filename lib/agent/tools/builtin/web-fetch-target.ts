/**
 * Decides where one `web_fetch` hop may connect: resolves the URL's host once, checks every resolved
 * address with `classifyAddress`, and returns the single address to pin the connection to (so a second
 * DNS answer cannot swap in a private address between check and connect). An allowlisted `host:port`
 * or `allowPrivateNetworks` skips the address check, never the pinning.
 * Failure policy: a host that resolves to any blocked address is refused, even if others are public.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { type BlockedAddressCategory, classifyAddress } from "./ip-address-policy";

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (node:dns by default; injected in tests). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The default resolver: the system resolver (`dns.lookup`, all addresses, in resolver order). */
export const resolveWithSystemDns: ResolveHost = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/** Which targets bypass the public-address rule. */
export interface TargetPolicy {
  /** `host:port` pairs (lower-case host; IPv6 in brackets, e.g. `[::1]:8080`). */
  allowHosts: ReadonlySet<string>;
  allowPrivateNetworks: boolean;
  resolveHost: ResolveHost;
}

/** Where to connect, or why not. */
export type TargetDecision =
  | { type: "allowed"; address: ResolvedAddress }
  | { type: "blocked"; address: string; category: BlockedAddressCategory }
  | { type: "unresolved"; reason: string };

/** `host:port` of a URL as written in allowlists (default ports made explicit). */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** Normalises allowlist entries (`Host:Port` -> `host:port`); entries without a port never match. */
export function normalizeAllowHosts(entries: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((entries ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean));
}

/** Resolves `url`'s host and decides whether (and where) this hop may connect. Never throws. */
export async function decideTarget(url: URL, policy: TargetPolicy): Promise<TargetDecision> {
  const bareHost = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literalFamily = isIP(bareHost);
  if (literalFamily === 4 || literalFamily === 6) {
    addresses = [{ address: bareHost, family: literalFamily }];
  } else {
    try {
      addresses = await policy.resolveHost(bareHost);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { type: "unresolved", reason: typeof code === "string" ? code : "lookup failed" };
    }
  }
  const first = addresses[0];
  if (!first) return { type: "unresolved", reason: "no addresses" };
  if (policy.allowPrivateNetworks || policy.allowHosts.has(hostPortOf(url))) {
    return { type: "allowed", address: first };
  }
  for (const candidate of addresses) {
    const verdict = classifyAddress(candidate.address);
    if (verdict.type === "blocked")
      return { type: "blocked", address: candidate.address, category: verdict.category };
  }
  return { type: "allowed", address: first };
}
