/**
 * Halt-condition contracts (docs/halt-conditions.md#the-halt-contract): the zod schemas behind the five
 * `guardrail_*` halt tools, shared by the REST handlers, the MCP tools (`registerTool({ inputSchema })`) and
 * the OpenAPI document (`z.toJSONSchema`). Field names keep the halt design's snake_case because agents
 * consume them as an external contract. Every object is strict (unknown keys are rejected) and every schema
 * converts to JSON Schema (no transforms; refinements are enforced at parse time only).
 */
import { z } from "zod";
import { nonBlankText, refuseUnstorableJson, storableText } from "./text";
import { UUID_PREFIX_PATTERN } from "./uuid";

// ---------------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------------

/** Halt categories (`halt_type` enum of the halt contract). */
export const HALT_TYPES = [
  "code_safety",
  "scope",
  "environment",
  "execution",
  "security",
  "uncertainty",
] as const;
/** `halt_type`: category of a halt condition. */
export const haltTypeSchema = z.enum(HALT_TYPES, {
  error: `halt_type must be one of: ${HALT_TYPES.join(", ")}`,
});
export type HaltType = z.infer<typeof haltTypeSchema>;

/**
 * Severity levels in ascending order of impact (`severity_level` enum; docs/halt-conditions.md#severities).
 */
export const SEVERITY_LEVELS = ["low", "medium", "high", "critical"] as const;
/**
 * `severity_level`: low = may proceed with caution; medium = should halt, the user can override;
 * high = must halt, explicit approval required; critical = must halt, escalation required.
 */
export const severityLevelSchema = z.enum(SEVERITY_LEVELS, {
  error: `severity must be one of: ${SEVERITY_LEVELS.join(", ")}`,
});
export type SeverityLevel = z.infer<typeof severityLevelSchema>;

/**
 * How a halt was resolved (`halt_resolution` enum of the halt contract); `timeout` is set only by escalation.
 */
export const HALT_RESOLUTIONS = ["resolved", "escalated", "dismissed", "timeout"] as const;
/** `halt_resolution`: resolved | escalated | dismissed | timeout (no response, auto-escalated). */
export const haltResolutionSchema = z.enum(HALT_RESOLUTIONS, {
  error: `resolution must be one of: ${HALT_RESOLUTIONS.join(", ")}`,
});
export type HaltResolution = z.infer<typeof haltResolutionSchema>;

/** Resolutions a caller may choose when acknowledging (`timeout` is reserved for the escalation job). */
export const ACKNOWLEDGE_RESOLUTIONS = ["resolved", "escalated", "dismissed"] as const;
/** Resolution accepted by `guardrail_acknowledge_halt`. */
export const acknowledgeResolutionSchema = z.enum(ACKNOWLEDGE_RESOLUTIONS, {
  error: `resolution must be one of: ${ACKNOWLEDGE_RESOLUTIONS.join(", ")}`,
});
export type AcknowledgeResolution = z.infer<typeof acknowledgeResolutionSchema>;

/**
 * Every condition Keel evaluates: the 15 defaults of the halt design, the 5 extra ones of its detail
 * tables, and `dangerous_commands` (the design's "scan commands for known dangerous patterns" check, which
 * the design lists under security checks without naming a condition for it; docs/halt-conditions.md).
 */
export const HALT_CONDITION_NAMES = [
  "modifying_unread_code",
  "breaking_changes",
  "no_rollback_plan",
  "unknown_dependencies",
  "out_of_scope",
  "ambiguous_requirements",
  "conflicting_instructions",
  "unauthorized_production",
  "test_production_mix",
  "credential_confusion",
  "shared_instances",
  "three_strikes",
  "repeated_errors",
  "cascading_failures",
  "unknown_errors",
  "secrets_exposure",
  "privilege_escalation",
  "dangerous_commands",
  "data_exposure",
  "unknown_commands",
  "uncertainty_scale",
] as const;
/** Name of a built-in halt condition. */
export const haltConditionNameSchema = z.enum(HALT_CONDITION_NAMES, {
  error: `condition_name must be one of: ${HALT_CONDITION_NAMES.join(", ")}`,
});
export type HaltConditionName = z.infer<typeof haltConditionNameSchema>;

// ---------------------------------------------------------------------------------------------------
// Shared fields
// ---------------------------------------------------------------------------------------------------

/** Maximum length of a halt description (the halt contract: "max 4000 characters"). */
export const HALT_DESCRIPTION_MAX_LENGTH = 4000;

/** Opaque session token: 1..256 printable ASCII characters without spaces. */
export const sessionTokenSchema = storableText("session_token must be a string")
  .min(1, "session_token is required")
  .max(256, "session_token must be at most 256 characters")
  .regex(/^[\x21-\x7e]+$/, "session_token must be printable ASCII without spaces");

/** Task identifier within a session. */
export const taskIdSchema = nonBlankText(256, {
  type: "task_id must be a string",
  required: "task_id must not be empty",
  max: "task_id must be at most 256 characters",
});

/**
 * Halt event id: a textual UUID (`8-4-4-4-12` hex digits, any version, any case; normalised to lower
 * case). The upstream Go server parsed it as 16 raw bytes and so rejected every textual UUID.
 */
export const haltIdSchema = z
  .guid({ error: "halt_id must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e" })
  .toLowerCase();

/** Condition name as stored on an event: a known condition or another guard's snake_case name. */
export const recordedConditionNameSchema = storableText("condition_name must be a string").regex(
  /^[a-z][a-z0-9_]{0,63}$/,
  "condition_name must be snake_case (a-z, 0-9, _), at most 64 characters",
);

/** Human-readable halt description, 1..4000 characters after trimming. */
export const haltDescriptionSchema = nonBlankText(HALT_DESCRIPTION_MAX_LENGTH, {
  type: "description must be a string",
  required: "description is required",
  max: `description must be at most ${HALT_DESCRIPTION_MAX_LENGTH} characters`,
});

const filePathSchema = storableText()
  .min(1, "file paths must not be empty")
  .max(4096, "file paths are limited to 4096 characters");
const filePathListSchema = z.array(filePathSchema).max(1000, "at most 1000 file paths");
const commandListSchema = z
  .array(storableText().max(16_000, "each command is limited to 16000 characters"))
  .max(200, "at most 200 commands");
const errorMessageListSchema = z
  .array(storableText().max(8000, "each error message is limited to 8000 characters"))
  .max(200, "at most 200 error messages");
const uncertaintyScoreSchema = z
  .number({ error: "uncertainty_score must be a number from 0 to 10" })
  .min(0, "uncertainty_score must be between 0 and 10")
  .max(10, "uncertainty_score must be between 0 and 10");
const attemptNumberSchema = z
  .int({ error: "attempt_number must be an integer" })
  .min(1, "attempt_number must be at least 1")
  .max(1000, "attempt_number must be at most 1000");
const isoTimestampSchema = z.iso.datetime({ offset: true, error: "must be an ISO 8601 timestamp" });

/** A free JSON object (JSONB column). */
export const jsonObjectSchema = z.record(z.string(), z.unknown()).superRefine(refuseUnstorableJson);
export type JsonObject = z.infer<typeof jsonObjectSchema>;

// ---------------------------------------------------------------------------------------------------
// guardrail_check_halt_conditions
// ---------------------------------------------------------------------------------------------------

/** A file and the files it depends on (input of `unknown_dependencies`; Keel extension). */
export const fileDependencySchema = z.strictObject({
  file: filePathSchema,
  depends_on: filePathListSchema,
});

/** A service endpoint used by an environment (input of `shared_instances`; Keel extension). */
export const serviceEndpointSchema = z.strictObject({
  name: storableText().min(1).max(200).optional(),
  environment: storableText().min(1).max(64),
  endpoint: storableText().min(1).max(2048),
});

/**
 * What the agent is about to do (docs/halt-conditions.md#what-an-agent-sends). The contract's fields come
 * first; the optional fields after them are Keel extensions that give the extra conditions something
 * deterministic to check.
 */
export const haltCheckCurrentContextSchema = z.strictObject({
  operation: nonBlankText(4000, {
    type: "operation must be a string",
    required: "operation is required",
    max: "operation must be at most 4000 characters",
  }),
  target_files: filePathListSchema.optional(),
  files_read: filePathListSchema.optional(),
  attempt_number: attemptNumberSchema.optional(),
  previous_errors: errorMessageListSchema.optional(),
  uncertainty_score: uncertaintyScoreSchema.optional(),
  environment: nonBlankText(64, { max: "environment must be at most 64 characters" }).optional(),
  commands: commandListSchema.optional(),
  scope_boundary: storableText().max(4000, "scope_boundary must be at most 4000 characters").optional(),
  user_instructions: z
    .array(storableText().max(4000, "each instruction is limited to 4000 characters"))
    .max(100, "at most 100 instructions")
    .optional(),
  /** Text the agent is about to output (scanned for secrets and sensitive data). */
  output: storableText().max(32_000, "output must be at most 32000 characters").optional(),
  /** Dependencies of the target files (`unknown_dependencies`). */
  dependencies: z.array(fileDependencySchema).max(1000).optional(),
  /** True when a human approved production changes for this operation (`unauthorized_production`). */
  production_approved: z.boolean().optional(),
  /** Service endpoints per environment (`shared_instances`). */
  services: z.array(serviceEndpointSchema).max(200).optional(),
});
export type HaltCheckCurrentContext = z.infer<typeof haltCheckCurrentContextSchema>;

/** The change the agent proposes (the contract's fields plus optional Keel extensions). */
export const proposedChangesSchema = z.strictObject({
  files_to_modify: filePathListSchema,
  has_tests: z.boolean({ error: "has_tests must be a boolean" }),
  has_rollback_plan: z.boolean({ error: "has_rollback_plan must be a boolean" }),
  /** Result of the test run for the change, if tests ran (`breaking_changes`). */
  tests_passed: z.boolean().optional(),
  /** True when the change alters a public interface (exports, API, schema) (`breaking_changes`). */
  changes_public_interface: z.boolean().optional(),
  /** Unified diff or new content of the change (scanned for secrets). */
  diff: storableText().max(32_000, "diff must be at most 32000 characters").optional(),
});
export type ProposedChanges = z.infer<typeof proposedChangesSchema>;

/** Input of `guardrail_check_halt_conditions`. */
export const checkHaltConditionsInputSchema = z.strictObject({
  session_token: sessionTokenSchema,
  task_id: taskIdSchema.optional(),
  current_context: haltCheckCurrentContextSchema,
  proposed_changes: proposedChangesSchema.optional(),
});
export type CheckHaltConditionsInput = z.infer<typeof checkHaltConditionsInputSchema>;

/**
 * A text Keel wrote itself, as a message key of the catalogs' `HaltTexts` and its parameters (data only:
 * paths, commands, counts): clients that show it in another language than English render the key; the
 * English sentence is always in `description` (lib/halts/halt-text.ts).
 */
export const haltTextKeySchema = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9]{0,63}$/)
  .describe("Message key of a text Keel wrote (messages/<locale>.json HaltTexts.<key>)");
export const haltTextParamsSchema = z
  .record(z.string().max(64), z.union([z.string().max(HALT_DESCRIPTION_MAX_LENGTH), z.number()]))
  .describe("Parameters of the message key: data only (paths, commands, counts)");

/** A warning of an acknowledgement as key and parameters (the English text is in `warnings`). */
export const haltTextSchema = z.strictObject({ key: haltTextKeySchema, params: haltTextParamsSchema });

/** One triggered condition in a check result. `halt_id` is set only when the event was auto-recorded. */
export const haltReasonSchema = z.strictObject({
  halt_type: haltTypeSchema,
  condition_name: recordedConditionNameSchema,
  severity: severityLevelSchema,
  description: haltDescriptionSchema,
  /** The description as message key and parameters, when Keel wrote it (Keel extension). */
  description_key: haltTextKeySchema.optional(),
  description_params: haltTextParamsSchema.optional(),
  auto_recorded: z.boolean(),
  halt_id: haltIdSchema.optional(),
});
export type HaltReason = z.infer<typeof haltReasonSchema>;

/** Extra context for the user: unread files, conflicting instructions, similar errors. */
export const contextAnnotationsSchema = z.strictObject({
  files_not_read: z.array(z.string()).optional(),
  conflicting_instructions: z.array(z.string()).optional(),
  similar_previous_errors: z.array(z.string()).optional(),
});
export type ContextAnnotations = z.infer<typeof contextAnnotationsSchema>;

/** Output of `guardrail_check_halt_conditions`, exactly the contract's `CheckHaltConditionsOutput`. */
export const checkHaltConditionsOutputSchema = z.strictObject({
  should_halt: z.boolean(),
  halt_reasons: z.array(haltReasonSchema),
  highest_severity: severityLevelSchema,
  recommended_action: z.string().min(1),
  context_annotations: contextAnnotationsSchema.optional(),
});
export type CheckHaltConditionsOutput = z.infer<typeof checkHaltConditionsOutputSchema>;

// ---------------------------------------------------------------------------------------------------
// guardrail_record_halt
// ---------------------------------------------------------------------------------------------------

/** Context stored with a recorded halt (redacted before storage). */
export const recordHaltContextSchema = z.strictObject({
  file_paths: filePathListSchema.optional(),
  commands: commandListSchema.optional(),
  error_messages: errorMessageListSchema.optional(),
  uncertainty_score: uncertaintyScoreSchema.optional(),
  attempt_number: attemptNumberSchema.optional(),
});
export type RecordHaltContext = z.infer<typeof recordHaltContextSchema>;

/** Input of `guardrail_record_halt`. */
export const recordHaltInputSchema = z.strictObject({
  session_token: sessionTokenSchema,
  task_id: taskIdSchema.optional(),
  halt_type: haltTypeSchema,
  condition_name: recordedConditionNameSchema.optional(),
  description: haltDescriptionSchema,
  severity: severityLevelSchema,
  context: recordHaltContextSchema.optional(),
  attempt_count: z.int({ error: "attempt_count must be an integer" }).min(0).max(1000).optional(),
  previous_error: storableText().max(8000, "previous_error must be at most 8000 characters").optional(),
  auto_escalate: z.boolean().optional(),
});
export type RecordHaltInput = z.infer<typeof recordHaltInputSchema>;

/**
 * Condition name an agent records a failed task attempt under (docs/halt-conditions.md#three-strikes):
 * `guardrail_record_halt` with this name and a `task_id` counts the failure for (session, task).
 */
export const TASK_ATTEMPT_FAILED_CONDITION = "task_attempt_failed";

/** Three-strikes verdict returned when a failed attempt was recorded (Keel extension of the output). */
export const threeStrikesVerdictSchema = z.strictObject({
  attempt_count: z.int().min(1),
  should_halt: z.boolean(),
  recommended_action: z.string().min(1),
});
export type ThreeStrikesVerdictOutput = z.infer<typeof threeStrikesVerdictSchema>;

/** Output of `guardrail_record_halt`. */
export const recordHaltOutputSchema = z.strictObject({
  halt_id: haltIdSchema,
  recorded_at: isoTimestampSchema,
  requires_acknowledgment: z.boolean(),
  escalation_triggered: z.boolean().optional(),
  three_strikes: threeStrikesVerdictSchema.optional(),
});
export type RecordHaltOutput = z.infer<typeof recordHaltOutputSchema>;

// ---------------------------------------------------------------------------------------------------
// guardrail_acknowledge_halt
// ---------------------------------------------------------------------------------------------------

/**
 * Input of `guardrail_acknowledge_halt`. Whether `continue_with_caution` is required (dismissing a
 * critical halt) depends on the stored severity, so the service checks it, not this schema.
 */
export const acknowledgeHaltInputSchema = z.strictObject({
  session_token: sessionTokenSchema,
  halt_id: haltIdSchema,
  resolution: acknowledgeResolutionSchema,
  resolution_notes: storableText().max(4000, "resolution_notes must be at most 4000 characters").optional(),
  acknowledged_by: nonBlankText(256, { max: "acknowledged_by must be at most 256 characters" }).optional(),
  continue_with_caution: z.boolean().optional(),
});
export type AcknowledgeHaltInput = z.infer<typeof acknowledgeHaltInputSchema>;

/** Output of `guardrail_acknowledge_halt`. */
export const acknowledgeHaltOutputSchema = z.strictObject({
  confirmed: z.boolean(),
  halt_id: haltIdSchema,
  acknowledged_at: isoTimestampSchema,
  session_can_resume: z.boolean(),
  warnings: z.array(z.string()).optional(),
  /** The same warnings as message keys and parameters, for clients in other languages (Keel extension). */
  warning_texts: z.array(haltTextSchema).optional(),
});
export type AcknowledgeHaltOutput = z.infer<typeof acknowledgeHaltOutputSchema>;

/**
 * Body of `POST /api/halts/{id}/acknowledge`: the tool input without `halt_id` (it is in the path; when
 * also given it must match). `session_token` is optional for operators; when given it must be the
 * halt's session.
 */
export const acknowledgeHaltRequestSchema = acknowledgeHaltInputSchema.extend({
  session_token: sessionTokenSchema.optional(),
  halt_id: haltIdSchema.optional(),
});
export type AcknowledgeHaltRequest = z.infer<typeof acknowledgeHaltRequestSchema>;

/** Body of a 409 from acknowledging: who acknowledged the halt first, and when. */
export const haltAlreadyAcknowledgedSchema = z.strictObject({
  halt_id: haltIdSchema,
  acknowledged_by: z.string().nullable(),
  acknowledged_at: isoTimestampSchema.nullable(),
  resolution: haltResolutionSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------------
// Halt events and guardrail_get_session_halts
// ---------------------------------------------------------------------------------------------------

/**
 * A recorded halt event. The contract's fields (`halt_id` .. `resolution`) come first; the remaining
 * columns of `halt_events` are optional so that the contract's minimal shape stays valid.
 */
export const haltEventSchema = z.strictObject({
  halt_id: haltIdSchema,
  halt_type: haltTypeSchema,
  severity: severityLevelSchema,
  description: z.string().max(HALT_DESCRIPTION_MAX_LENGTH),
  /**
   * The description as message key and parameters when Keel wrote it; null when an agent wrote it (or
   * for halts recorded before keys existed): show `description` as written. Keel extension.
   */
  description_key: haltTextKeySchema.nullish(),
  description_params: haltTextParamsSchema.nullish(),
  triggered_at: isoTimestampSchema,
  acknowledged: z.boolean(),
  acknowledged_at: isoTimestampSchema.nullish(),
  resolution: haltResolutionSchema.nullish(),
  session_id: z.string().min(1).max(256).optional(),
  task_id: z.string().max(256).nullish(),
  condition_name: recordedConditionNameSchema.nullish(),
  context: jsonObjectSchema.nullish(),
  acknowledged_by: z.string().max(256).nullish(),
  resolution_notes: z.string().max(4000).nullish(),
  attempt_count: z.int().min(0).nullish(),
  previous_error: z.string().max(8000).nullish(),
  /** When the event was escalated (at once for critical / auto_escalate, or by the timeout job); Keel extension. */
  escalated_at: isoTimestampSchema.nullish(),
});
export type HaltEvent = z.infer<typeof haltEventSchema>;

/** Keyset position in a halt list: newest first, by `triggered_at` then `halt_id`. */
export type HaltListCursor = { triggered_at: string; halt_id: string };

const haltListCursorSchema = z.strictObject({ triggered_at: isoTimestampSchema, halt_id: haltIdSchema });

/** Encodes a keyset cursor as an opaque base64url string. */
export function encodeHaltListCursor(cursor: HaltListCursor): string {
  const json = JSON.stringify({ triggered_at: cursor.triggered_at, halt_id: cursor.halt_id });
  return btoa(json).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Decodes a cursor made by `encodeHaltListCursor`; returns null for anything else (never throws). */
export function decodeHaltListCursor(encoded: string): HaltListCursor | null {
  try {
    const base64 = encoded.replaceAll("-", "+").replaceAll("_", "/");
    const parsed = haltListCursorSchema.safeParse(JSON.parse(atob(base64)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Input of `guardrail_get_session_halts`. Pagination is keyset (`cursor` from the previous page's
 * `next_cursor`); the contract's `offset` is kept for compatibility and cannot be combined with `cursor`.
 */
export const getSessionHaltsInputSchema = z
  .strictObject({
    session_token: sessionTokenSchema,
    include_acknowledged: z.boolean().default(false),
    halt_type: haltTypeSchema.optional(),
    severity: severityLevelSchema.optional(),
    condition_name: recordedConditionNameSchema.optional(),
    limit: z
      .int({ error: "limit must be an integer" })
      .min(1, "limit must be at least 1")
      .max(200, "limit must be at most 200")
      .default(50),
    offset: z
      .int({ error: "offset must be an integer" })
      .min(0, "offset must not be negative")
      .max(100_000)
      .default(0),
    cursor: storableText()
      .max(512)
      .refine((value) => decodeHaltListCursor(value) !== null, "cursor is not a valid halt list cursor")
      .optional(),
  })
  .refine((input) => !(input.cursor !== undefined && input.offset > 0), {
    message: "use either cursor or offset, not both",
    path: ["offset"],
  });
export type GetSessionHaltsInput = z.infer<typeof getSessionHaltsInputSchema>;

/** Output of `guardrail_get_session_halts`; `next_cursor` is null on the last page. */
export const getSessionHaltsOutputSchema = z.strictObject({
  total_count: z.int().min(0),
  halts: z.array(haltEventSchema),
  unacknowledged_count: z.int().min(0),
  next_cursor: z.string().nullable(),
});
export type GetSessionHaltsOutput = z.infer<typeof getSessionHaltsOutputSchema>;

// ---------------------------------------------------------------------------------------------------
// Condition configuration and guardrail_update_halt_config
// ---------------------------------------------------------------------------------------------------

const ratioSchema = z.number().min(0).max(1);
const emptyThresholdSchema = z.strictObject({});

/**
 * Threshold JSON accepted per condition (all keys optional; absent keys use the documented default).
 * Used to validate config writes and, at evaluation time, to read stored rows.
 */
export const haltConditionThresholdSchemas = {
  modifying_unread_code: z.strictObject({ requires_read: z.boolean().optional() }),
  breaking_changes: z.strictObject({ requires_tests_pass: z.boolean().optional() }),
  no_rollback_plan: emptyThresholdSchema,
  unknown_dependencies: emptyThresholdSchema,
  out_of_scope: emptyThresholdSchema,
  ambiguous_requirements: z.strictObject({ min_signals: z.int().min(1).max(20).optional() }),
  conflicting_instructions: z.strictObject({ min_object_overlap: ratioSchema.optional() }),
  unauthorized_production: emptyThresholdSchema,
  test_production_mix: emptyThresholdSchema,
  credential_confusion: emptyThresholdSchema,
  shared_instances: emptyThresholdSchema,
  three_strikes: z.strictObject({ max_attempts: z.int().min(1).max(100).optional() }),
  repeated_errors: z.strictObject({ similarity_threshold: z.number().gt(0).max(1).optional() }),
  cascading_failures: z.strictObject({ max_chain_length: z.int().min(2).max(100).optional() }),
  unknown_errors: emptyThresholdSchema,
  secrets_exposure: emptyThresholdSchema,
  privilege_escalation: emptyThresholdSchema,
  dangerous_commands: emptyThresholdSchema,
  data_exposure: emptyThresholdSchema,
  unknown_commands: z.strictObject({
    allowed_commands: z
      .array(storableText().regex(/^[A-Za-z0-9._+-]{1,64}$/))
      .max(500)
      .optional(),
  }),
  uncertainty_scale: z.strictObject({
    threshold: z.number().min(0).max(10).optional(),
    critical_threshold: z.number().min(0).max(10).optional(),
  }),
} satisfies Record<HaltConditionName, z.ZodType>;

const escalateAfterMinutesSchema = z
  .int({ error: "escalate_after_minutes must be an integer" })
  .min(1, "escalate_after_minutes must be at least 1")
  .max(10_080, "escalate_after_minutes must be at most 10080 (one week)");

/** The adjustable values of a condition (what `previous_values` / `current_values` report). */
export const haltConditionValuesSchema = z.strictObject({
  enabled: z.boolean(),
  severity: severityLevelSchema,
  threshold: jsonObjectSchema,
  auto_escalate: z.boolean(),
  escalate_after_minutes: escalateAfterMinutesSchema.nullable(),
});
export type HaltConditionValues = z.infer<typeof haltConditionValuesSchema>;

/** A `halt_conditions_config` row. */
export const haltConditionConfigSchema = haltConditionValuesSchema.extend({
  condition_name: recordedConditionNameSchema,
  halt_type: haltTypeSchema,
});
export type HaltConditionConfig = z.infer<typeof haltConditionConfigSchema>;

/** Input of `guardrail_update_halt_config` (admin): at least one value; `null` clears the escalation delay. */
export const updateHaltConfigInputSchema = z
  .strictObject({
    condition_name: haltConditionNameSchema,
    enabled: z.boolean().optional(),
    severity: severityLevelSchema.optional(),
    threshold: jsonObjectSchema.optional(),
    auto_escalate: z.boolean().optional(),
    escalate_after_minutes: escalateAfterMinutesSchema.nullable().optional(),
  })
  .superRefine((input, context) => {
    const { condition_name: _conditionName, ...values } = input;
    if (Object.values(values).every((value) => value === undefined)) {
      context.addIssue({ code: "custom", message: "give at least one value to update", path: [] });
    }
    if (input.threshold !== undefined) {
      const result = haltConditionThresholdSchemas[input.condition_name].safeParse(input.threshold);
      if (!result.success) {
        for (const issue of result.error.issues) {
          context.addIssue({
            code: "custom",
            message: `invalid threshold for ${input.condition_name}: ${issue.message}`,
            path: [
              "threshold",
              ...issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
            ],
          });
        }
      }
    }
  });
export type UpdateHaltConfigInput = z.infer<typeof updateHaltConfigInputSchema>;

/**
 * Body of `PATCH /api/halt-config`: the same rules as `updateHaltConfigInputSchema` (which the MCP tool
 * keeps, since MCP input schemas must be plain objects), written as one branch per condition so the
 * OpenAPI document states each condition's threshold instead of "any object".
 */
export const updateHaltConfigRequestSchema = z
  .discriminatedUnion(
    "condition_name",
    HALT_CONDITION_NAMES.map((name) =>
      z.strictObject({
        condition_name: z.literal(name),
        enabled: z.boolean().optional(),
        severity: severityLevelSchema.optional(),
        threshold: haltConditionThresholdSchemas[name].optional(),
        auto_escalate: z.boolean().optional(),
        escalate_after_minutes: escalateAfterMinutesSchema.nullable().optional(),
      }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .refine((input) => Object.keys(input).some((key) => key !== "condition_name"), {
    message: "give at least one value to update",
  })
  .meta({ minProperties: 2 }) as unknown as z.ZodType<UpdateHaltConfigInput>;

/** Output of `guardrail_update_halt_config`. */
export const updateHaltConfigOutputSchema = z.strictObject({
  updated: z.boolean(),
  previous_values: haltConditionValuesSchema,
  current_values: haltConditionValuesSchema,
});
export type UpdateHaltConfigOutput = z.infer<typeof updateHaltConfigOutputSchema>;

// ---------------------------------------------------------------------------------------------------
// Sessions, the console's halt list and the config list (REST only)
// ---------------------------------------------------------------------------------------------------

/** Session states of `agent_sessions.state`. */
export const SESSION_STATES = ["active", "halted", "paused"] as const;
export const sessionStateSchema = z.enum(SESSION_STATES);

/** Body of `POST /api/sessions` (may be empty). */
export const openSessionInputSchema = z.strictObject({});
export type OpenSessionInput = z.infer<typeof openSessionInputSchema>;

/** An agent session as the API shows it. `session_token` is returned only when the session is opened. */
export const agentSessionSchema = z.strictObject({
  session_id: z.guid(),
  agent_name: z.string(),
  state: sessionStateSchema,
  created_at: isoTimestampSchema,
  updated_at: isoTimestampSchema,
});
export type AgentSessionView = z.infer<typeof agentSessionSchema>;

/** Response of `POST /api/sessions`. */
export const openSessionOutputSchema = agentSessionSchema.extend({ session_token: sessionTokenSchema });
export type OpenSessionOutput = z.infer<typeof openSessionOutputSchema>;

const queryBooleanSchema = z.enum(["true", "false"]).transform((value) => value === "true");

/**
 * The shortest text search: the trigram index answers from three characters on; a shorter `q` would
 * read every event (seconds at ten million).
 */
export const HALT_SEARCH_MIN_LENGTH = 3;
/** At least HALT_SEARCH_MIN_LENGTH characters besides spaces (also the OpenAPI document's pattern). */
export const HALT_SEARCH_PATTERN = new RegExp(`^(?:\\s*\\S){${HALT_SEARCH_MIN_LENGTH}}`);

/**
 * Query of `GET /api/halts` (the console's list): filters, newest first, keyset pagination by `cursor`.
 * `q` matches the description or the condition name (case-insensitive substring, at least
 * HALT_SEARCH_MIN_LENGTH characters); `session_id` takes a
 * whole session id or its start (at least the 8 characters the lists show).
 */
export const listHaltsQuerySchema = z
  .strictObject({
    session_id: z
      .string()
      .regex(UUID_PREFIX_PATTERN, "session_id must be a session id or its first 8 or more characters")
      .transform((value) => value.toLowerCase())
      .optional(),
    halt_type: haltTypeSchema.optional(),
    severity: severityLevelSchema.optional(),
    acknowledged: queryBooleanSchema.optional(),
    from: isoTimestampSchema.optional(),
    to: isoTimestampSchema.optional(),
    q: storableText()
      .max(200, "q must be at most 200 characters")
      .regex(HALT_SEARCH_PATTERN, `q must have at least ${HALT_SEARCH_MIN_LENGTH} characters besides spaces`)
      .trim()
      .optional(),
    limit: z.coerce
      .number({ error: "limit must be an integer" })
      .int("limit must be an integer")
      .min(1, "limit must be at least 1")
      .max(200, "limit must be at most 200")
      .default(50),
    cursor: storableText()
      .max(512)
      .refine((value) => decodeHaltListCursor(value) !== null, "cursor is not a valid halt list cursor")
      .optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: "from must not be after to",
    path: ["from"],
  });
export type ListHaltsQuery = z.infer<typeof listHaltsQuerySchema>;

/**
 * `GET /api/halts` counts at most this many matching events: an exact count of millions is most of the
 * list's cost. Beyond it the count is HALT_COUNT_CAP and `*_capped` is true ("10,000+" in the console).
 */
export const HALT_COUNT_CAP = 10_000;

/** Response of `GET /api/halts`. */
export const listHaltsOutputSchema = z.strictObject({
  halts: z.array(haltEventSchema),
  total_count: z
    .int()
    .min(0)
    .max(HALT_COUNT_CAP)
    .describe(
      `Events matching the filters, counted up to ${HALT_COUNT_CAP}; when total_count_capped is true there are more`,
    ),
  total_count_capped: z
    .boolean()
    .describe(`True when more than ${HALT_COUNT_CAP} events match (total_count is then ${HALT_COUNT_CAP})`),
  unacknowledged_count: z
    .int()
    .min(0)
    .max(HALT_COUNT_CAP)
    .describe(`Unacknowledged events among them, counted up to ${HALT_COUNT_CAP}`),
  unacknowledged_count_capped: z
    .boolean()
    .describe(`True when more than ${HALT_COUNT_CAP} unacknowledged events match`),
  next_cursor: z.string().nullable(),
});
export type ListHaltsOutput = z.infer<typeof listHaltsOutputSchema>;

/**
 * Query of `GET /api/sessions/{id}/halts`: `guardrail_get_session_halts` without `session_token` (the
 * session is in the path), with query-string booleans and numbers.
 */
export const sessionHaltsQuerySchema = z
  .strictObject({
    include_acknowledged: queryBooleanSchema.default(false),
    halt_type: haltTypeSchema.optional(),
    severity: severityLevelSchema.optional(),
    condition_name: recordedConditionNameSchema.optional(),
    limit: z.coerce.number().int("limit must be an integer").min(1).max(200).default(50),
    offset: z.coerce.number().int("offset must be an integer").min(0).max(100_000).default(0),
    cursor: storableText()
      .max(512)
      .refine((value) => decodeHaltListCursor(value) !== null, "cursor is not a valid halt list cursor")
      .optional(),
  })
  .refine((input) => !(input.cursor !== undefined && input.offset > 0), {
    message: "use either cursor or offset, not both",
    path: ["offset"],
  });

/** Response of `GET /api/halt-config`. */
export const haltConfigListSchema = z.strictObject({
  conditions: z.array(
    haltConditionConfigSchema.extend({ updated_at: isoTimestampSchema, updated_by: z.string().nullable() }),
  ),
});
export type HaltConfigList = z.infer<typeof haltConfigListSchema>;
