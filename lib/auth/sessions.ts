/**
 * Browser sessions: a row in `auth_sessions`, its id sealed into the `keel_session` cookie with
 * iron-session (encrypted and authenticated). Every request checks the row, so signing out, a password
 * change, disabling the user or revoking the row ends the session at once. Sessions last 7 days of
 * inactivity, at most 30 days.
 */
import { sealData, unsealData } from "iron-session";
import type { Database } from "@/lib/db/client";
import { getSessionSecret } from "./app-secret";
import type { Role } from "./roles";

export const SESSION_COOKIE = "keel_session";
const IDLE_MS = 7 * 24 * 3600_000;
const ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface SessionUser {
  sessionId: string;
  userId: string;
  username: string;
  displayName: string | null;
  role: Role;
}

export async function createSession(
  database: Database,
  input: { userId: string; ipAddress: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ cookieValue: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  const session = await database.authSession.create({
    data: {
      userId: input.userId,
      expiresAt,
      ipAddress: input.ipAddress?.slice(0, 100) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
  });
  const cookieValue = await sealData(
    { sid: session.id },
    { password: await getSessionSecret(database), ttl: ABSOLUTE_MS / 1000 },
  );
  return { cookieValue, expiresAt };
}

/** The signed-in user for a cookie value, or null (bad seal, unknown, revoked, expired, disabled). */
export async function resolveSession(
  database: Database,
  cookieValue: string,
  now = new Date(),
): Promise<SessionUser | null> {
  let sessionId: unknown;
  try {
    ({ sid: sessionId } = await unsealData<{ sid?: unknown }>(cookieValue, {
      password: await getSessionSecret(database),
      ttl: ABSOLUTE_MS / 1000,
    }));
  } catch {
    return null;
  }
  if (typeof sessionId !== "string" || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const session = await database.authSession.findUnique({
    where: { id: sessionId },
    include: { user: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= now || session.user.disabledAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return null;
  if (session.createdAt < session.user.passwordChangedAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await database.authSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return {
    sessionId: session.id,
    userId: session.user.id,
    username: session.user.username,
    displayName: session.user.displayName,
    role: session.user.role,
  };
}

export async function revokeSession(database: Database, sessionId: string): Promise<void> {
  await database.authSession.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** `Set-Cookie` value: httpOnly, SameSite=Lax, Secure on HTTPS (or when KEEL_SECURE_COOKIES=1). */
export function sessionCookieHeader(
  value: string,
  options: { secure: boolean; maxAgeSeconds: number },
): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
