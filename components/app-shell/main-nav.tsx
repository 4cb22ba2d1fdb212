"use client";

import { useTranslations } from "next-intl";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useHasRole } from "@/components/auth/signed-in-user";
import { UnacknowledgedBadge } from "@/components/halts/unacknowledged-badge";
import { Link, usePathname } from "@/i18n/navigation";

/** The links in order; `section` is the subtree an item owns when it differs from its target. */
const NAV_ITEMS = [
  { key: "overview", href: "/" },
  { key: "halts", href: "/halts" },
  { key: "runs", href: "/runs" },
  { key: "settings", href: "/settings/runtime", section: "/settings" },
  { key: "account", href: "/account" },
  { key: "admin", href: "/admin/users", section: "/admin", adminOnly: true },
] as const satisfies ReadonlyArray<{ key: string; href: string; section?: string; adminOnly?: boolean }>;

const UNACKNOWLEDGED_BADGE_ID = "nav-unacknowledged-halts";

/** The section an item owns: Overview only its own page, the others their whole subtree. */
function isActive(pathname: string, item: (typeof NAV_ITEMS)[number]): boolean {
  if (item.href === "/") return pathname === "/";
  const section = "section" in item ? item.section : item.href;
  return pathname === section || pathname.startsWith(`${section}/`);
}

/**
 * Main navigation. Below the `md` breakpoint the links collapse behind a disclosure button
 * (aria-expanded, Escape closes and returns focus); the active link carries aria-current="page".
 * The locale switcher is passed in so it sits after the navigation in reading order. The Admin link is
 * only shown to admins (the admin pages and API refuse everyone else anyway). The links are not
 * prefetched: every console page is rendered per request (session, live data), so a prefetch brought
 * nothing a click would not fetch again, and it cost the server ten requests after each page load.
 */
export function MainNav({ localeSwitcher }: { localeSwitcher: ReactNode }) {
  const t = useTranslations("MainNav");
  const pathname = usePathname();
  const isAdmin = useHasRole("admin");
  const items = NAV_ITEMS.filter((item) => !("adminOnly" in item) || isAdmin);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (new pathname) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <>
      <nav aria-label={t("label")} className="relative ml-auto md:ml-0" onKeyDown={handleKeyDown}>
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          className="inline-flex items-center gap-2 rounded border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 md:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
          </svg>
          {t("menu")}
        </button>
        <ul
          id={listId}
          className={`${open ? "flex" : "hidden"} absolute right-0 top-full z-20 mt-2 w-64 max-w-[calc(100vw-2rem)] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg md:static md:mt-0 md:flex md:w-auto md:max-w-none md:flex-row md:border-0 md:p-0 md:shadow-none`}
        >
          {items.map((item) => {
            const active = isActive(pathname, item);
            return (
              <li key={item.key} className="flex items-center">
                <Link
                  href={item.href}
                  prefetch={false}
                  aria-describedby={item.key === "halts" ? UNACKNOWLEDGED_BADGE_ID : undefined}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded px-3 py-2 text-sm font-medium md:py-1.5 ${
                    active
                      ? "bg-slate-900 text-white"
                      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  }`}
                >
                  {t(item.key)}
                </Link>
                {item.key === "halts" ? <UnacknowledgedBadge id={UNACKNOWLEDGED_BADGE_ID} /> : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="md:ml-auto">{localeSwitcher}</div>
    </>
  );
}
