import { wordSet } from "../word-set";

/**
 * The agent's user, named as the one the agent works for: "the user", "der Nutzer", "l'utente", "all'utente",
 * "dell'utente". Not "customer" or "client": a support macro's "your reply to the customer" is a human
 * agent's. Shared by the forms that ask whether a sentence is about the agent's own user (the user left in
 * the dark, a text put before the user, an answer to the user covered up, a reply that goes to the user).
 * A leaf module, so that no rule module depends on another one's load order.
 */
export const AGENT_USER_WORDS = wordSet([
  "user",
  "nutzer",
  "benutzer",
  "nutzerin",
  "utente",
  "l'utente",
  "all'utente",
  "dell'utente",
]);
