import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { LocaleSwitcher } from "./locale-switcher";
import { MainNav } from "./main-nav";
import { UserMenu } from "./user-menu";

/**
 * The banner landmark: product name (links to the overview), then for a signed-in user the main
 * navigation and who is signed in with the Sign out button, and always the locale switcher. `variant`
 * "public" (sign-in and error pages) leaves out what needs a session.
 */
export function AppHeader({ variant = "console" }: { variant?: "console" | "public" }) {
  const t = useTranslations("AppHeader");
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-baseline gap-2">
          <span className="text-xl font-bold tracking-tight text-slate-900">Keel</span>
          <span className="hidden text-sm text-slate-600 lg:inline">{t("tagline")}</span>
        </Link>
        {variant === "console" ? (
          <MainNav
            localeSwitcher={
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <UserMenu />
                <LocaleSwitcher />
              </div>
            }
          />
        ) : (
          <div className="ml-auto">
            <LocaleSwitcher />
          </div>
        )}
      </div>
    </header>
  );
}
