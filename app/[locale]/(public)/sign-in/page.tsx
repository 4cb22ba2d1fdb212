import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app-shell/page-heading";
import { currentUser } from "@/components/auth/current-user";
import { safeNextPath } from "@/components/auth/safe-next-path";
import { SignInForm } from "@/components/auth/sign-in-form";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "SignInPage" });
  return { title: t("title"), robots: { index: false } };
}

/** True when the request carries a valid session; a session store that cannot be read counts as no. */
async function isSignedIn(): Promise<boolean> {
  try {
    return (await currentUser()) !== null;
  } catch {
    return false;
  }
}

/**
 * /[locale]/sign-in (public). `?next=` is where to go afterwards: only a path on this site is honoured,
 * anything else becomes the overview. Someone already signed in goes there at once. `?reason=password-changed`
 * (set by the account page) explains why the user has to sign in again.
 */
export default async function SignInPage({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: "SignInPage" });
  const { next, reason } = await searchParams;
  const nextPath = safeNextPath(typeof next === "string" ? next : null, `/${locale}`);
  if (await isSignedIn()) redirect(nextPath);
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={t("title")}>
        <p>{t("intro")}</p>
      </PageHeading>
      {reason === "password-changed" ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {t("passwordChanged")}
        </p>
      ) : null}
      <SignInForm nextPath={nextPath} />
      <p className="mt-4 text-sm text-slate-600">
        {t.rich("firstStartHint", {
          code: (chunks) => <code className="rounded bg-slate-100 px-1 font-mono text-xs">{chunks}</code>,
        })}
      </p>
    </div>
  );
}
