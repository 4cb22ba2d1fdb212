/**
 * Varies the destinations written into payloads (host names, mail domains, documentation IP addresses)
 * per payload, so that a detector cannot learn a handful of attacker domains and so that the same URL
 * never links a held-out payload to a training one. Seeded by the payload id: stable across runs.
 */
import { Rng } from "./random";

const WORDS = [
  "sync",
  "cdn",
  "files",
  "drop",
  "vault",
  "audit",
  "share",
  "backup",
  "relay",
  "track",
  "stats",
  "logs",
  "hooks",
  "paste",
  "update",
  "secure",
  "verify",
  "portal",
  "cloud",
  "data",
  "upload",
  "check",
  "assist",
  "metrics",
  "docs",
  "mirror",
  "notify",
  "forms",
  "support",
  "billing",
  "archive",
  "agent",
  "help",
];
const SUFFIXES = ["example", "example.com", "example.net", "example.org", "test"];
const IP_PREFIXES = ["192.0.2", "198.51.100", "203.0.113"];

const HOST =
  /\b(?:[a-z0-9-]+\.)*(?:[a-z0-9-]*example[a-z0-9-]*\.(?:com|net|org|io|sh)|[a-z0-9-]+\.(?:example|test)(?:\.(?:com|net|org))?)\b/gi;
const IP = /\b(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}\b/g;

function newHost(rng: Rng): string {
  const [a, b] = rng.sample(WORDS, 2) as [string, string];
  const head = rng.chance(0.3) ? `${rng.pick(["www", "api", "cdn", "mail", "app"])}.` : "";
  return `${head}${a}-${b}.${rng.pick(SUFFIXES)}`;
}

export function diversifyDestinations(text: string, payloadId: string): string {
  const rng = new Rng(`destinations:${payloadId}`);
  const hosts = new Map<string, string>();
  const ips = new Map<string, string>();
  return text
    .replace(HOST, (host) => {
      const key = host.toLowerCase();
      if (!hosts.has(key)) hosts.set(key, newHost(rng));
      return hosts.get(key)!;
    })
    .replace(IP, (ip) => {
      if (!ips.has(ip)) ips.set(ip, `${rng.pick(IP_PREFIXES)}.${rng.range(2, 254)}`);
      return ips.get(ip)!;
    });
}
