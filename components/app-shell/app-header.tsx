import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { LocaleSwitcher } from "./locale-switcher";
import { MainNav } from "./main-nav";

/** The banner landmark: product name (links to the overview), main navigation and locale switcher. */
export function AppHeader() {
  const t = useTranslations("AppHeader");
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-baseline gap-2">
          <span className="text-xl font-bold tracking-tight text-slate-900">Keel</span>
          <span className="hidden text-sm text-slate-600 lg:inline">{t("tagline")}</span>
        </Link>
        <MainNav localeSwitcher={<LocaleSwitcher />} />
      </div>
    </header>
  );
}
