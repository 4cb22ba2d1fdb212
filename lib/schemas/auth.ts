/**
 * Contracts of the sign-in, account, user-admin and token routes, browser-safe: the server validates
 * with them and the browser client (components/auth/auth-api.ts) reads answers with them. The only lib/auth
 * modules used are the Node-free rule lists (roles, credential rules).
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/auth/credential-rules";
import { AGENT_SCOPES, ROLES } from "@/lib/auth/roles";
import { nonBlankText, storableText } from "./text";

export const usernameSchema = storableText().regex(
  USERNAME_PATTERN,
  "A user name is 2-64 characters: lower-case letters, digits, dot, dash, underscore.",
);

export const passwordSchema = storableText()
  .min(PASSWORD_MIN_LENGTH, `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `A password may have at most ${PASSWORD_MAX_LENGTH} characters.`);

export const roleSchema = z.enum(ROLES);

export const tokenNameSchema = nonBlankText(100, {
  required: "Give the token a name.",
  max: "At most 100 characters.",
});

export const agentScopesSchema = z
  .array(z.enum(AGENT_SCOPES))
  .min(1, `Choose at least one scope: ${AGENT_SCOPES.join(", ")}.`)
  .transform((scopes) => [...new Set(scopes)].sort());

export const signInRequestSchema = z.strictObject({
  username: storableText().max(200),
  password: storableText().max(1_000),
});

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const sessionInfoSchema = z.object({
  user: z.object({ username: z.string(), displayName: z.string().nullable(), role: z.enum(ROLES) }),
  via: z.enum(["session", "token"]),
});

export const createUserRequestSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(ROLES),
  displayName: nonBlankText(100).nullable().optional(),
});

export const updateUserRequestSchema = z
  .strictObject({
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: "Send role, disabled or password." })
  .meta({ minProperties: 1 });

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: storableText().max(1_000),
  newPassword: passwordSchema,
});

export const createTokenRequestSchema = z.strictObject({ name: tokenNameSchema });
export const createAgentKeyRequestSchema = z.strictObject({
  name: tokenNameSchema,
  scopes: agentScopesSchema,
});

export const apiKeySchema = z.object({
  id: z.string(),
  kind: z.enum(["personal", "agent"]),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(AGENT_SCOPES)),
  owner: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});

/** A newly created token: `token` is shown this once and never again. */
export const createdTokenSchema = z.object({ token: z.string(), key: apiKeySchema });

export type PublicUserView = z.infer<typeof publicUserSchema>;
export type ApiKeyView = z.infer<typeof apiKeySchema>;
export type CreatedToken = z.infer<typeof createdTokenSchema>;
