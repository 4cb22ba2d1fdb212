import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing";

/** Locale negotiation and prefixing for pages; API, guard-proxy (/v1), Next internals and files pass untouched. */
export default createMiddleware(routing);

export const config = {
  matcher: ["/((?!api|v1|_next|_vercel|.*\\..*).*)"],
};
