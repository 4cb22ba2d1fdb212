"use client";

import { type Locale, useLocale, useTranslations } from "next-intl";
import { type ChangeEvent, useTransition } from "react";
import { usePathname, useRouter } from "@/i18n/navigation";
import { routing } from "@/i18n/routing";

/** Each language named in itself ("Deutsch", "English", "italiano"), so a reader finds their own. */
function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** Switches the UI language and stays on the same page (path and query are kept). */
export function LocaleSwitcher() {
  const t = useTranslations("LocaleSwitcher");
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();

  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const nextLocale = event.target.value as Locale;
    startTransition(() => {
      router.replace(`${pathname}${window.location.search}`, { locale: nextLocale });
    });
  }

  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span className="sr-only sm:not-sr-only">{t("label")}</span>
      <select
        value={locale}
        onChange={handleChange}
        aria-busy={isPending || undefined}
        className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {routing.locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageName(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
