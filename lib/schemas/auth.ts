/** Contracts of the sign-in, account, user-admin and token routes. */
import { z } from "zod";
import { agentScopesSchema, tokenNameSchema } from "@/lib/auth/api-keys";
import { AGENT_SCOPES, ROLES } from "@/lib/auth/roles";
import { passwordSchema, usernameSchema } from "@/lib/auth/users";
import { nonBlankText, storableText } from "./text";

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
