/**
 * User accounts: create, change password, role, disable. Used by the admin API, the CLI and first start.
 */

import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { passwordSchema, usernameSchema } from "@/lib/schemas/auth";
import { generatePassword, hashPassword } from "./password-hash";
import type { Role } from "./roles";

/** A user name as the API takes it: already lower case (the console and CLI lower-case what is typed). */
export interface PublicUser {
  id: string;
  username: string;
  displayName: string | null;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

export class UserExistsError extends DomainError {
  constructor(readonly username: string) {
    super("conflict", `A user named "${username}" already exists.`);
  }
}

export class UserNotFoundError extends DomainError {
  constructor(readonly reference: string) {
    super("not_found", `No user "${reference}".`);
  }
}

/** Refuses a change that would leave no enabled admin. */
export class LastAdminError extends DomainError {
  constructor() {
    super("conflict", "This is the last enabled admin; make another user admin first.");
  }
}

export function toPublicUser(user: {
  id: string;
  username: string;
  displayName: string | null;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
}): PublicUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    role: user.role,
    disabled: user.disabledAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function createUser(
  database: Database,
  input: { username: string; password: string; role: Role; displayName?: string | null },
): Promise<PublicUser> {
  const username = usernameSchema.parse(input.username.trim().toLowerCase());
  const password = passwordSchema.parse(input.password);
  const passwordHash = await hashPassword(password);
  try {
    const user = await database.user.create({
      data: { username, passwordHash, role: input.role, displayName: input.displayName ?? null },
    });
    return toPublicUser(user);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new UserExistsError(username);
    throw error;
  }
}

export async function findUser(database: Database, reference: string) {
  const isId = /^[0-9a-f-]{36}$/i.test(reference);
  const user = isId
    ? await database.user.findUnique({ where: { id: reference } })
    : await database.user.findUnique({ where: { username: reference.trim().toLowerCase() } });
  if (!user) throw new UserNotFoundError(reference);
  return user;
}

/** Sets a new password and ends every session of the user (a stolen cookie stops working). */
export async function setPassword(
  database: Database,
  reference: string,
  password: string,
): Promise<PublicUser> {
  const user = await findUser(database, reference);
  const passwordHash = await hashPassword(passwordSchema.parse(password));
  const now = new Date();
  const [updated] = await database.$transaction([
    database.user.update({ where: { id: user.id }, data: { passwordHash, passwordChangedAt: now } }),
    database.authSession.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: now },
    }),
  ]);
  return toPublicUser(updated);
}

export async function setRole(database: Database, reference: string, role: Role): Promise<PublicUser> {
  return database.$transaction(async (transaction) => {
    const user = await findUser(transaction as Database, reference);
    if (user.role === "admin" && role !== "admin") await assertAnotherAdmin(transaction as Database, user.id);
    return toPublicUser(await transaction.user.update({ where: { id: user.id }, data: { role } }));
  });
}

/** Disables (or re-enables) a user; disabling ends their sessions and their tokens stop working. */
export async function setDisabled(
  database: Database,
  reference: string,
  disabled: boolean,
): Promise<PublicUser> {
  return database.$transaction(async (transaction) => {
    const user = await findUser(transaction as Database, reference);
    if (disabled && user.role === "admin") await assertAnotherAdmin(transaction as Database, user.id);
    const now = new Date();
    const updated = await transaction.user.update({
      where: { id: user.id },
      data: { disabledAt: disabled ? (user.disabledAt ?? now) : null },
    });
    if (disabled)
      await transaction.authSession.updateMany({
        where: { userId: user.id, revokedAt: null },
        data: { revokedAt: now },
      });
    return toPublicUser(updated);
  });
}

/**
 * Applies role, disabled and password changes together in one transaction: all or nothing. Refuses
 * (LastAdminError) when the result would leave no enabled admin. A new password or disabling ends the
 * user's sessions.
 */
export async function updateUser(
  database: Database,
  reference: string,
  change: { role?: Role; disabled?: boolean; password?: string },
): Promise<PublicUser> {
  const passwordHash =
    change.password === undefined ? undefined : await hashPassword(passwordSchema.parse(change.password));
  return database.$transaction(async (transaction) => {
    const user = await findUser(transaction as Database, reference);
    const finalRole = change.role ?? user.role;
    const finalDisabled = change.disabled ?? user.disabledAt !== null;
    if (user.role === "admin" && user.disabledAt === null && (finalRole !== "admin" || finalDisabled)) {
      await assertAnotherAdmin(transaction as Database, user.id);
    }
    const now = new Date();
    const updated = await transaction.user.update({
      where: { id: user.id },
      data: {
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.disabled !== undefined
          ? { disabledAt: change.disabled ? (user.disabledAt ?? now) : null }
          : {}),
        ...(passwordHash !== undefined ? { passwordHash, passwordChangedAt: now } : {}),
      },
    });
    if (passwordHash !== undefined || change.disabled === true) {
      await transaction.authSession.updateMany({
        where: { userId: user.id, revokedAt: null },
        data: { revokedAt: now },
      });
    }
    return toPublicUser(updated);
  });
}

export async function listUsers(database: Database): Promise<PublicUser[]> {
  return (await database.user.findMany({ orderBy: { username: "asc" } })).map(toPublicUser);
}

async function assertAnotherAdmin(database: Database, exceptUserId: string): Promise<void> {
  // Lock the admins so two concurrent demotions cannot both pass this check.
  await database.$queryRaw`select id from users where role = 'admin' and disabled_at is null for update`;
  const others = await database.user.count({
    where: { role: "admin", disabledAt: null, id: { not: exceptUserId } },
  });
  if (others === 0) throw new LastAdminError();
}

/**
 * First start: when no user exists, creates `admin` with KEEL_ADMIN_PASSWORD or a random password,
 * returned once so the caller can print it (it is never stored in plaintext or logged).
 */
export async function ensureFirstAdmin(
  database: Database,
  configuredPassword: string | undefined,
): Promise<{ created: false } | { created: true; password: string; generated: boolean }> {
  if ((await database.user.count()) > 0) return { created: false };
  const generated = !configuredPassword;
  const password = configuredPassword ?? generatePassword();
  try {
    await createUser(database, { username: "admin", password, role: "admin", displayName: "Administrator" });
  } catch (error) {
    if (error instanceof UserExistsError) return { created: false };
    throw error;
  }
  return { created: true, password, generated };
}
