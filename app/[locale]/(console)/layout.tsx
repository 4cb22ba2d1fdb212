import { headers } from "next/headers";
import type { ReactNode } from "react";
import { PageFrame } from "@/components/app-shell/page-frame";
import { currentUser } from "@/components/auth/current-user";
import { REQUEST_PATH_HEADER } from "@/components/auth/request-path";
import { SignedInUserProvider } from "@/components/auth/signed-in-user";
import { redirect } from "@/i18n/navigation";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

/**
 * Every console page (overview, halts, runs, settings, account, admin) sits in this group. The layout is
 * the real access check: it validates the session (database) and sends anyone without a valid one to the
 * sign-in page with `?next=<the requested path>`; proxy.ts only pre-filters requests without a cookie.
 * The signed-in user goes to the client components through SignedInUserProvider.
 */
export default async function ConsoleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: LocaleParams;
}) {
  const locale = await resolvePageLocale(params);
  const user = await currentUser();
  if (!user) {
    const requested = (await headers()).get(REQUEST_PATH_HEADER) ?? `/${locale}`;
    return redirect({ href: { pathname: "/sign-in", query: { next: requested } }, locale });
  }
  return (
    <SignedInUserProvider user={{ username: user.username, displayName: user.displayName, role: user.role }}>
      <PageFrame>{children}</PageFrame>
    </SignedInUserProvider>
  );
}
