"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { signOut } from "@/components/auth/auth-api";
import { useSignedInUser } from "@/components/auth/signed-in-user";

/**
 * Who is signed in (name and role; the user name as the name's tooltip) and the Sign out button. Signing out posts to the API and then loads
 * the sign-in page with a full navigation, so no console page stays in the client cache. A failed sign-out
 * says so and leaves the user where they are.
 */
export function UserMenu() {
  const t = useTranslations("UserMenu");
  const tRole = useTranslations("RoleName");
  const locale = useLocale();
  const user = useSignedInUser();
  const [state, setState] = useState<"idle" | "pending" | "failed">("idle");
  if (!user) return null;
  // The name once (the display name, else the user name) and the role unless it reads the same:
  // the first admin is "Administrator", which is also the German role name.
  const name = user.displayName ?? user.username;
  const roleName = tRole("name", { role: user.role });

  async function handleSignOut() {
    if (state === "pending") return;
    setState("pending");
    const result = await signOut();
    // 401: the session had already ended; the user is signed out either way.
    if (result.type === "ok" || result.failure.kind === "unauthorized") {
      window.location.assign(`/${locale}/sign-in`);
      return;
    }
    setState("failed");
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="text-slate-700" data-testid="signed-in-user">
        <span className="sr-only">{t("signedInAs")} </span>
        <span className="font-medium text-slate-900" title={user.username}>
          {name}
        </span>
        {roleName.toLocaleLowerCase() === name.toLocaleLowerCase() ? null : (
          <>
            {" "}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              {roleName}
            </span>
          </>
        )}
      </p>
      <button
        type="button"
        onClick={handleSignOut}
        aria-disabled={state === "pending" || undefined}
        className="rounded border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-100 aria-disabled:cursor-progress aria-disabled:opacity-70"
      >
        {state === "pending" ? t("signingOut") : t("signOut")}
      </button>
      {state === "failed" ? (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {t("signOutFailed")}
        </p>
      ) : null}
    </div>
  );
}
