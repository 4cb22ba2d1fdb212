/** Attaches (or clears) the session cookie, marking it Secure on HTTPS or with KEEL_SECURE_COOKIES=1. */
import { sessionCookieHeader } from "@/lib/auth/sessions";

export function isSecureRequest(request: Request): boolean {
  if (process.env.KEEL_SECURE_COOKIES === "1") return true;
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

export function withSessionCookie(
  response: Response,
  request: Request,
  value: string | null,
  expiresAt?: Date,
): Response {
  const maxAgeSeconds =
    value === null ? 0 : Math.max(0, Math.floor(((expiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
  response.headers.append(
    "Set-Cookie",
    sessionCookieHeader(value ?? "", { secure: isSecureRequest(request), maxAgeSeconds }),
  );
  response.headers.set("Cache-Control", "no-store");
  return response;
}
