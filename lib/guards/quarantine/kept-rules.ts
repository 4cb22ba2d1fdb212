/**
 * Rules whose removals the filters for genres that quote orders as data (customer-turns.ts,
 * narrated-speech.ts, labelled-rows.ts, refused-turns.ts) never take back: a chat-template token and an encoded payload
 * speak to every model that reads them, whatever the page around them.
 */
export const KEPT_IN_QUOTED_DATA: ReadonlySet<string> = new Set(["chat-template-token", "encoded-order"]);

/**
 * In a quoted chat also an order to set the agent's instructions aside: a jailbreak typed into a chat
 * still speaks to every model that reads the export. A labelled dataset's rows, which quote such orders
 * as the data they judge, keep only KEPT_IN_QUOTED_DATA.
 */
export const KEPT_IN_QUOTED_CHATS: ReadonlySet<string> = new Set([
  ...KEPT_IN_QUOTED_DATA,
  "override-earlier-instructions",
]);
