/** Public API of the halt services (I/O around the pure evaluators in ../conditions). */
export { acknowledgedByName, acknowledgeHalt } from "./acknowledge-halt";
export {
  checkHaltConditions,
  type HaltConfigSource,
  SESSION_HALTED_CONDITION,
} from "./check-halt-conditions";
export { getSession } from "./get-session";
export { listHaltConfig, updateHaltConfig } from "./halt-config";
export {
  HALT_CONFIG_CHANNEL,
  HALT_CONFIG_TTL_MS,
  HaltConfigCache,
  loadHaltConditionConfig,
  processHaltConfigCache,
  startHaltConfigListener,
  stopProcessHaltConfigCache,
} from "./halt-config-cache";
export { HALTS_CHANNEL } from "./halt-notifications";
export * from "./halt-service-error";
export { getHalt, getSessionHalts, listHalts } from "./list-halts";
export { generateSessionToken, openSession, SESSION_TOKEN_PREFIX } from "./open-session";
export { recordHalt, recordHaltInSession, sanitizeDescription } from "./record-halt";
export { resolveSessionByIdOrToken, resolveSessionByToken } from "./resolve-session";
export { countConsecutiveFailures, replayStrikes } from "./task-strikes";
