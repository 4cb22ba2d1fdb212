import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { REQUEST_PATH_HEADER } from "./components/auth/request-path";
import { routing } from "./i18n/routing";

const handleI18nRouting = createMiddleware(routing);

/** Name of the session cookie (lib/auth/sessions.ts SESSION_COOKIE; not imported: that module seals cookies). */
const SESSION_COOKIE = "keel_session";

/** Pages under a locale that need no session. Everything else under /<locale> is console. */
const PUBLIC_PAGES = new Set(["/sign-in"]);

/**
 * Splits `/de/settings/runtime` into the locale and the rest (`/settings/runtime`); null for a path
 * without a known locale (next-intl prefixes those first, the next request lands here again).
 */
function splitLocale(pathname: string): { locale: string; rest: string } | null {
  const [, first = "", ...rest] = pathname.split("/");
  if (!(routing.locales as readonly string[]).includes(first)) return null;
  return { locale: first, rest: `/${rest.join("/")}`.replace(/\/+$/, "") || "/" };
}

/**
 * Locale negotiation and prefixing for pages (next-intl), plus a cheap first line of access control:
 * a console page requested without a session cookie is redirected to the sign-in page with
 * `?next=<path>`. The cookie's validity is checked by the console layout (the real check) and by every
 * API route. API, guard-proxy (/v1), Next internals and files pass untouched.
 */
/**
 * A first segment shaped like a language tag (`fr`, `pt-BR`) that is not one of ours: that page in
 * another language. The rest of the path is kept and the language negotiated as for `/`, so `/fr/halts`
 * goes to `/en/halts` instead of `/en/fr/halts` (a 404).
 */
const FOREIGN_LOCALE = /^\/([a-z]{2,3}(?:-[a-z0-9]{2,8})*)(\/.*)?$/i;

function withoutForeignLocale(pathname: string): string | null {
  const match = FOREIGN_LOCALE.exec(pathname);
  if (!match || (routing.locales as readonly string[]).includes(match[1] ?? "")) return null;
  return match[2] ?? "/";
}

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const unprefixed = withoutForeignLocale(pathname);
  if (unprefixed !== null) {
    const url = request.nextUrl.clone();
    url.pathname = unprefixed;
    return handleI18nRouting(new NextRequest(url, request));
  }
  const localized = splitLocale(pathname);
  if (localized && !PUBLIC_PAGES.has(localized.rest) && !request.cookies.has(SESSION_COOKIE)) {
    const signIn = new URL(`/${localized.locale}/sign-in`, request.url);
    signIn.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(signIn);
  }
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
  return handleI18nRouting(new NextRequest(request, { headers }));
}

export const config = {
  matcher: ["/((?!api|v1|_next|_vercel|.*\\..*).*)"],
};
