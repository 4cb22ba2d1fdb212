import { redirect } from "@/i18n/navigation";
import { type LocaleParams, resolvePageLocale } from "@/i18n/page-locale";

/** /[locale]/admin has no page of its own: it opens the user list. */
export default async function AdminIndexPage({ params }: { params: LocaleParams }) {
  const locale = await resolvePageLocale(params);
  return redirect({ href: "/admin/users", locale });
}
