"use client";

import { useTranslations } from "next-intl";
import { Link, usePathname } from "@/i18n/navigation";

const ITEMS = [
  { key: "users", href: "/admin/users" },
  { key: "agentKeys", href: "/admin/agent-keys" },
  { key: "conditions", href: "/admin/conditions" },
  { key: "mcpTools", href: "/admin/mcp-tools" },
  { key: "replay", href: "/admin/replay" },
] as const;

/** Secondary navigation between the admin pages; the current one carries aria-current="page". */
export function AdminNav() {
  const t = useTranslations("AdminNav");
  // The MCP gateway's label lives in its own namespace (McpTools.navLabel).
  const tMcpTools = useTranslations("McpTools");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="mb-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-1">
        {ITEMS.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`-mb-px block border-b-2 px-3 py-2 text-sm font-medium ${
                  active
                    ? "border-slate-900 text-slate-900"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {item.key === "mcpTools" ? tMcpTools("navLabel") : t(item.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
