import { wordSet } from "../word-set";

// A leaf module (it imports no rule): the modals of obligation that several rules read. They lived in
// recurring-order-rules.ts, whose import by third-person-orders.ts closed a cycle (recurring-order-rules
// -> role-label-rules -> addressed-tool-orders -> third-person-orders -> recurring-order-rules), so a
// rule module imported on its own first could read this set before it was initialised.

/** Modals of obligation; not "will" / "wird", which also only describe ("wird der Zähler erhöht"). */
export const STRICT_MODALS = wordSet([
  "must",
  "should",
  "shall",
  "muss",
  "müssen",
  "soll",
  "sollen",
  "sollte",
  "sollten",
  "deve",
  "devono",
  "dovrebbe",
  "dovranno",
]);
