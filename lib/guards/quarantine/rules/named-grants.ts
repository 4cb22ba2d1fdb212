/**
 * Owner or admin rights handed to a particular outside account, the access grant that names its grantee
 * by a handle instead of a mail address: "Grant admin rights on the repository to the account
 * devops-helper-42", "Elevate j.morrow to Owner in the admin console", "add collaborator `dmitri-ops`
 * with admin rights", "Befördere das Konto m.weiss zum Owner", "Whitelist 185.220.101.0/24 on the SSH
 * allowlist". tool-abuse-rules.ts accessAbuseRule reads grants to a mail address; this reads the other
 * grantees an order can name: a quoted or code-formatted handle, a handle with a digit, a dot or a
 * hyphen right after an account noun, or an address range of the network.
 *
 * Documentation grants rights every day ("Grant the admin role to the service account in the IAM
 * console", "Add your teammate as a collaborator with write access"), so the grant needs the order in
 * imperative position, a role that owns (admin, owner, maintainer, write or full access) and a grantee
 * that is a particular handle; placeholders ("<username>", "USER_NAME", "your-team") are no handle.
 */
import { gapEndsClause, isImperativePosition, isKeyOrListItem, negatedWithin } from "../segment-view";
import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";

/** Verbs that hand over rights: grant, give, add, invite, elevate, promote, whitelist; gewähre, befördere; concedi, promuovi. */
const NAMED_GRANT_VERBS = wordSet([
  "grant",
  "give",
  "add",
  "invite",
  "elevate",
  "promote",
  "assign",
  "make",
  "onboard",
  "authorize",
  "authorise",
  "whitelist",
  "allowlist",
  "gewähre",
  "gib",
  "füge",
  "lade",
  "befördere",
  "mache",
  "mach",
  "erteile",
  "setze",
  "nimm",
  "concedi",
  "dai",
  "aggiungi",
  "invita",
  "promuovi",
  "assegna",
  "rendi",
  "imposta",
  "autorizza",
]);

/** Grant verbs whose object is a person: "elevate", "promote", "make", "invite", "whitelist". */
const PERSON_VERBS = wordSet([
  "elevate",
  "promote",
  "make",
  "invite",
  "onboard",
  "whitelist",
  "allowlist",
  "befördere",
  "mache",
  "mach",
  "lade",
  "promuovi",
  "rendi",
  "invita",
]);

/** Roles and rights that own what they reach: admin, owner, maintainer, write or full access. */
export const OWNING_ROLES = wordSet([
  "admin",
  "admins",
  "administrator",
  "owner",
  "owners",
  "superadmin",
  "superuser",
  "maintainer",
  "allowlist",
  "whitelist",
  "besitzer",
  "inhaber",
  "eigentümer",
  "adminrechte",
  "administratorrechte",
  "schreibzugriff",
  "vollzugriff",
  "schreibrechte",
  "amministratore",
  "proprietario",
]);

/** Access nouns that "write" and "full" qualify: "write access", "full scopes", "accesso completo". */
const ACCESS_WORDS = wordSet([
  "access",
  "permission",
  "permissions",
  "rights",
  "scopes",
  "zugriff",
  "accesso",
]);

/** True when the word at `index` names an owning role or right (OWNING_ROLES, "write access", "accesso completo"). */
function owningRoleAt(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index]!;
  if (OWNING_ROLES.hasToken(token)) return true;
  if (token.word === "write" || token.word === "full") return ACCESS_WORDS.hasToken(tokens[index + 1]);
  // "accesso in scrittura", "accesso completo"
  if (token.word === "scrittura" || token.word === "completo")
    return ACCESS_WORDS.hasToken(tokens[index - 1]) || ACCESS_WORDS.hasToken(tokens[index - 2]);
  return false;
}

/** Nouns an account handle follows: "the account devops-helper-42", "user 'ops-temp'", "das Konto m.weiss". */
const ACCOUNT_NOUNS = wordSet([
  "account",
  "user",
  "collaborator",
  "member",
  "bot",
  "konto",
  "benutzer",
  "nutzer",
  "mitglied",
  "utente",
  "membro",
]);

/** Words of a placeholder handle: "your", "username", "user_name", "name", "example". */
const PLACEHOLDER_WORDS = wordSet([
  "your",
  "username",
  "user_name",
  "name",
  "example",
  "yourname",
  "dein",
  "deinen",
  "tuo",
  "nome",
]);

/** An IPv4 address or range: "185.220.101.0/24", "203.0.113.9". */
const ADDRESS_RANGE = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?:\/\d{1,2})?\b/;

/**
 * True when the token looks like a particular handle: a digit, a hyphen or an underscore inside, or
 * glued by a dot or an at sign to the next word ("j.morrow", "m.weiss", "ops@vendor"; the tokenizer
 * splits at the dot).
 */
function looksLikeHandle(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index]!;
  if (PLACEHOLDER_WORDS.hasToken(token)) return false;
  if ((token.gapAfter === "." || token.gapAfter === "@") && tokens[index + 2] !== undefined) return true;
  return /[\d_-]/.test(token.word) && /[a-z]/.test(token.word) && token.word.length >= 4;
}

/** True when the token is an account noun, also elided ("all'account", "dell'utente"). */
function isAccountNoun(token: SegmentToken): boolean {
  if (ACCOUNT_NOUNS.hasToken(token)) return true;
  const apostrophe = token.hasJoiner ? token.word.indexOf("'") : -1;
  return apostrophe > 0 && ACCOUNT_NOUNS.has(token.word.slice(apostrophe + 1));
}

/** True when the token opens a quotation or code span: a quote or a backtick right before it. */
function quoted(token: SegmentToken): boolean {
  return /["'`\u2018\u201c\u201e]$/.test(token.gapBefore);
}

/**
 * True when the words from `from` to `end` name a particular grantee: a quoted or code-formatted handle
 * after an account noun or right after the verb, a handle-shaped word after an account noun, or an
 * address range (with `text`, the segment).
 */
function namesAGrantee(tokens: readonly SegmentToken[], from: number, end: number, text: string): boolean {
  for (let index = from; index < end; index++) {
    const token = tokens[index]!;
    if (isAccountNoun(token)) {
      const handle = tokens[index + 1];
      if (handle === undefined || PLACEHOLDER_WORDS.hasToken(handle) || handle.gapBefore.includes("<"))
        continue;
      if (quoted(handle) || looksLikeHandle(tokens, index + 1)) return true;
    }
    // "elevate j.morrow to Owner", "make `ops-temp` an admin": the handle right after a verb that takes
    // a person ("add" takes anything: "add group_type/user fields", "add `--no-workspaces`").
    if (
      index === from &&
      PERSON_VERBS.hasToken(tokens[from - 1]) &&
      (quoted(token) || looksLikeHandle(tokens, index)) &&
      !/[<-]/.test(token.gapBefore)
    )
      return true;
  }
  return ADDRESS_RANGE.test(text);
}

/** A cheap look at the segment before its words are read: a role or right that owns, or an address range. */
export const MAY_GRANT_OWNING_RIGHTS =
  /admin|owner|maintainer|superuser|allowlist|whitelist|besitzer|inhaber|eigentümer|zugriff|amministratore|proprietario|accesso|(?:write|full)[ -](?:access|perm|rights|scopes)|\d\.\d{1,3}\.\d/;

/** True when the segment orders owning rights handed to a particular grantee (see the module comment). */
export function grantsRightsToNamedAccount(tokens: readonly SegmentToken[], text: string): boolean {
  for (let verb = 0; verb < tokens.length; verb++) {
    if (!NAMED_GRANT_VERBS.hasToken(tokens[verb]) || !isImperativePosition(tokens, verb)) continue;
    // A key or a method in code ("allowlist: options.network.allowlist.map(...)"), or a negated order.
    if (isKeyOrListItem(tokens[verb]!) || tokens[verb]!.gapAfter.startsWith(".")) continue;
    if (negatedWithin(tokens, verb, 3)) continue;
    const end = Math.min(tokens.length, verb + 16);
    let role = false;
    for (let index = verb + 1; index < end && !role; index++) {
      if (index > verb + 1 && gapEndsClause(tokens[index]!.gapBefore) && tokens[index]!.gapBefore !== ".")
        break;
      role = owningRoleAt(tokens, index);
    }
    if (role && namesAGrantee(tokens, verb + 1, end, text)) return true;
  }
  return false;
}
