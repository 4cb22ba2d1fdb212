/**
 * The word classes the rules are written against. Each language file fills the same classes; the rules
 * never mention a concrete word, so adding a language is adding a lexicon file.
 * All words are folded (lower case, ASCII apostrophe and hyphen).
 */
export interface LanguageLexicon {
  /** Imperative verbs that cancel earlier guidance: "ignore", "vergiss", "ignora". */
  readonly overrideVerbs: readonly string[];
  /** Nouns naming guidance an agent follows: "instructions", "Anweisungen", "istruzioni". */
  readonly instructionNouns: readonly string[];
  /** Nouns for guidance that only count with a temporal or second-person qualifier ("rules", "Regeln"). */
  readonly weakGuidanceNouns: readonly string[];
  /** Qualifiers pointing back at the agent's existing guidance: "previous", "your", "vorherigen", "precedenti". */
  readonly priorQualifiers: readonly string[];
  /** Quantifiers that make an object total: "all", "any", "alle", "tutte". */
  readonly quantifiers: readonly string[];
  /** Roles whose authority an override targets: "system", "developer", "sviluppatore". */
  readonly roleWords: readonly string[];
  /** Words allowed between an override verb and the role word ("the", "all", "die", "le"). */
  readonly determiners: readonly string[];
  /** Discourse words that may precede an imperative at a clause opening ("please", "bitte", "ora"). */
  readonly scaffoldWords: readonly string[];
  /** Words before a verb that make it not an imperative ("will", "to", "it", "kann", "può"). */
  readonly imperativeBlockers: readonly string[];
  /** "new"/"real" adjectives that announce replacement guidance. */
  readonly newAdjectives: readonly string[];
  /** Goal nouns for "your new task is ..." ("task", "Aufgabe", "compito"). */
  readonly goalNouns: readonly string[];
  /** Verbs asking to disclose something ("reveal", "zeige", "mostra"). */
  readonly revealVerbs: readonly string[];
  /** Qualifiers of a hidden prompt ("system", "initial", "hidden"). */
  readonly hiddenQualifiers: readonly string[];
  /** Verbs of informing someone, used by the concealment rule ("tell", "informiere", "avvisare"). */
  readonly tellVerbs: readonly string[];
  /** Nouns naming the human the agent serves ("user", "Benutzer", "utente"). */
  readonly userNouns: readonly string[];
  /**
   * Verbs that destroy or undo what exists, used by the destructive-command rule: "delete", "wipe",
   * "force-push", "lösche", "leere", "elimina", "svuota", and third-person forms for relative clauses
   * ("a commit that removes ...", "che toglie ...").
   */
  readonly destroyVerbs: readonly string[];
  /**
   * What cannot come back once destroyed, or whose loss hides the act: production systems and audit
   * trails ("production", "Produktivdatenbank", "produzione", "audit"). German compounds are matched by
   * their first part ("Produktiv-Deployment") in the rule. Backups are not here: "Delete the old
   * backups" is a routine runbook step.
   */
  readonly irreplaceableNouns: readonly string[];
  /**
   * Nouns of the check an order skips ("without review", "ohne Prüfung", "senza guardarle"), after the
   * class's "without" words.
   */
  readonly reviewNouns: readonly string[];
  /** "without": "without", "ohne", "senza" (also "skipping", "saltando"). */
  readonly withoutWords: readonly string[];
  /** Actions that normally pass a review first: "merge", "approve", "publish", "genehmige", "approva". */
  readonly gatedVerbs: readonly string[];
  /** Verbs that move data somewhere ("send", "forward", "sende", "invia"). */
  readonly sendVerbs: readonly string[];
  /** Secrets that must never leave ("password", "api key" heads, "Passwort", "credenziali"). */
  readonly secretNouns: readonly string[];
  /** Personal data collections ("emails", "contacts", "Nachrichten", "messaggi"). */
  readonly dataNouns: readonly string[];
  /** Possessives and quantifiers that make an object somebody's data ("my", "all", "meine", "tutti"). */
  readonly possessives: readonly string[];
  /** Names for the model reading the text ("ai", "assistant", "KI", "assistente"). */
  readonly agentNouns: readonly string[];
  /** The assistant's own answer ("response", "Antwort", "risposta"). */
  readonly answerNouns: readonly string[];
  /** Second-person possessives that precede the answer noun ("your", "deiner", "tua"). */
  readonly secondPersonPossessives: readonly string[];
  /** Verbs that edit or shape a text ("add", "include", "scramble", "füge", "aggiungi"). */
  readonly editVerbs: readonly string[];
  /** Adjectives pointing at an adjacent code block ("following", "folgenden", "seguente"). */
  readonly codePointers: readonly string[];
  /** Nouns for a code block ("snippet", "Codeblock", "frammento"). */
  readonly codeBlockNouns: readonly string[];
  /** Nouns for the reader's own work product ("code", "solution", "Lösung", "soluzione"). */
  readonly workNouns: readonly string[];
  /** Verbs for running a command ("run", "execute", "führe", "esegui"). */
  readonly runVerbs: readonly string[];
  /** Verbs for handing out rights ("grant", "give", "gewähre", "concedi"). */
  readonly grantVerbs: readonly string[];
  /** Rights that can be handed out ("access", "permissions", "Zugriff", "accesso"). */
  readonly accessNouns: readonly string[];
  /** Verbs that switch off a protection ("disable", "deaktiviere", "disattiva"). */
  readonly disableVerbs: readonly string[];
  /** Protections ("two-factor", "firewall", "Zwei-Faktor", "antivirus"). */
  readonly protectionNouns: readonly string[];
  /** Money-moving verbs and money nouns ("transfer", "wire", "überweise", "bonifica"). */
  readonly paymentVerbs: readonly string[];
  readonly moneyNouns: readonly string[];
  /** Negation words used for "do not tell"/"nicht"/"non". */
  readonly negations: readonly string[];
  /** Words that mark urgency aimed at the reader ("immediately", "sofort", "subito"). */
  readonly urgencyWords: readonly string[];
  /** Verbs of talking someone into something ("convince", "überzeuge", "convinci"). */
  readonly persuasionVerbs: readonly string[];
  /** Verbs of promoting something to the reader's user ("recommend", "empfiehl", "consiglia"). */
  readonly promotionVerbs: readonly string[];
  /** Verbs of how the agent talks or behaves ("respond", "speak", "antworte", "rispondi"). */
  readonly behaviorVerbs: readonly string[];
  /** Modals that put an obligation on a third-person subject ("must", "muss", "deve"). */
  readonly obligationModals: readonly string[];
  /**
   * Verbs that go to a page or fetch what is there ("fetch", "visit", "download", "hole", "besuche",
   * "scarica", "apri"), with the infinitives a modal takes ("abrufen", "scaricare").
   */
  readonly fetchVerbs: readonly string[];
  /**
   * Objects that steer the agent itself, for the learned stage: "identity", "memory", "objective",
   * "configuration", "operator", "persona", "Gedächtnis", "Ziel", "memoria", "obiettivo".
   */
  readonly controlNouns: readonly string[];
  /**
   * Verbs for what an agent's tools can do, imperative and infinitive forms, for the learned stage:
   * "delete", "upload", "install", "lösche", "hochladen", "elimina", "installa".
   */
  readonly capabilityVerbs: readonly string[];
  /** Sensitive objects beyond secretNouns/dataNouns: ".env", "ssh", "netrc", "cookies", "wallet", "Browserdaten". */
  readonly sensitiveObjects: readonly string[];
  /** Nouns for a place data goes to: "webhook", "endpoint", "server", "inbox", "Konto", "indirizzo". */
  readonly destinationNouns: readonly string[];
  /** Names of a language model as an addressee, beyond agentNouns: "language", "sprachmodell", "modello". */
  readonly modelNouns: readonly string[];
  /** Second-person pronouns and possessives: "you", "your", "du", "dein", "dir", "tu", "tuo", "ti". */
  readonly secondPersonWords: readonly string[];
  /** Second-person forms of a copula: "are", "bist", "sei", "siete" (the persona shape "you are now X"). */
  readonly copulas: readonly string[];
  /** Words that move guidance in time: "henceforth", "onwards", "fortan", "künftig", "d'ora", "poi". */
  readonly temporalShiftWords: readonly string[];
  /** Conditional openers: "if", "whenever", "wenn", "falls", "se", "qualora". */
  readonly conditionalWords: readonly string[];
  /** Verbs that put on a persona: "act", "pretend", "roleplay", "verhalte", "fingi", "interpreta". */
  readonly personaVerbs: readonly string[];
  /** Verbs that store something for later: "remember", "memorize", "merke", "speichere", "ricorda". */
  readonly memoryVerbs: readonly string[];
  /**
   * Words of text that talks about attacks or shows examples rather than giving orders: "example",
   * "attacker", "injection", "Beispiel", "Angreifer", "esempio", "attaccante".
   */
  readonly metaWords: readonly string[];
  /** Shell commands and tools of a download-and-run order: "curl", "wget", "bash", "sudo", "rm". */
  readonly shellWords: readonly string[];
  /** Verbs that announce that guidance no longer holds: "expired", "replaces", "gilt", "valgono". */
  readonly validityWords: readonly string[];
  /**
   * Words after which a quotation is a mention, not an order: "like", "such as", "says", "phrases",
   * "wie", "Sätze", "come", "frasi" ('attacks say things like "ignore all previous instructions"').
   */
  readonly quoteIntroducers: readonly string[];
  /**
   * Verbs that make somebody else act, as a report describes an attack: "trick", "induce", "lead",
   * "verleiten", "bringen", "veranlassen", "indurre", "spingere" ("could trick the assistant into ...").
   */
  readonly causativeVerbs: readonly string[];
  /**
   * Modals of possibility and past or conditional forms around a capability, as a description of what
   * could happen: "could", "might", "was able", "konnte", "könnte", "poteva", "potrebbe".
   */
  readonly possibilityWords: readonly string[];
  /**
   * Words of a security report or changelog: "affected", "fixed", "versions", "researchers", "betroffenen",
   * "behoben", "interessate", "corretto" (text about an attack after the fact, not an order).
   */
  readonly reportWords: readonly string[];
  /**
   * Verbs and markers that report what somebody else said or wrote: "saying", "claimed", "asked",
   * "hieß", "behauptete", "wonach", "diceva", "chiedeva", "secondo" ("a note saying that the assistant
   * must ..."): reported speech, the shape of a report about an order rather than the order.
   */
  readonly reportingVerbs: readonly string[];
}
