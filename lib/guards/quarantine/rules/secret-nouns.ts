/**
 * Secret nouns as the exfiltration rules read them (exfiltration-rules.ts, exfiltration-shapes.ts): a
 * password or credentials are secrets by themselves, a key only with a secret modifier ("API key", "SSH
 * keys"; "the public key" is none), a login or PIN with a modifier or a possessive, a seed only as "seed
 * phrase".
 */
import { LEXICON } from "../lexicon";
import { tokenAt } from "../segment-view";
import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";

const SECRET_HEADS = wordSet(["key", "keys"]);
const SECRET_KEY_MODIFIERS = wordSet([
  "api",
  "ssh",
  "private",
  "secret",
  "access",
  "aws",
  "gpg",
  "pgp",
  "signing",
  "wallet",
  "recovery",
  "license",
]);

/** A secret noun at `index`; "key(s)" only with a secret modifier ("API key", "SSH keys"). */
export function isSecretAt(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index]!;
  const word = token.word;
  // Word classes by hasToken (the token's precomputed membership, same answer as has(word)): these run
  // for every word of every segment anchored on a send verb.
  if (!LEXICON.secretNouns.hasToken(token)) return isGermanSecretCompound(word);
  if (
    SECRET_HEADS.hasToken(token) ||
    word === "seed" ||
    word === "login" ||
    word === "logins" ||
    word === "pin"
  ) {
    const previous = tokenAt(tokens, index - 1);
    if (word === "seed") return tokens[index + 1]?.word === "phrase";
    return (
      SECRET_KEY_MODIFIERS.hasToken(previous) ||
      (word !== "key" && word !== "keys" && LEXICON.possessives.hasToken(previous))
    );
  }
  return true;
}

/**
 * The last parts of German compounds that name a secret: "AWS-Zugangsschlüssel", "Admin-Passwort",
 * "Wiederherstellungscodes", "Zugriffstoken", "Bankzugangsdaten". German writes "API key" or "recovery
 * codes" as one word, which no word list holds.
 */
const GERMAN_SECRET_TAILS: readonly string[] = [
  "passwort",
  "passwörter",
  "kennwort",
  "kennwörter",
  "zugangsdaten",
  "anmeldedaten",
  "zugangsschlüssel",
  "zugriffsschlüssel",
  "token",
  "tokens",
  "wiederherstellungscodes",
];

/** True when the word is a German compound whose last part names a secret (GERMAN_SECRET_TAILS). */
export function isGermanSecretCompound(word: string): boolean {
  if (word.length < 10) return false;
  // A compound's first part has three letters at least; a tail of twelve is a compound itself.
  for (const tail of GERMAN_SECRET_TAILS)
    if (word.endsWith(tail) && (word.length >= tail.length + 3 || tail.length >= 12)) return true;
  return false;
}
