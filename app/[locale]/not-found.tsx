import { useTranslations } from "next-intl";
import { PageHeading } from "@/components/app-shell/page-heading";
import { Link } from "@/i18n/navigation";

/** Localized 404 inside the app shell. */
export default function LocaleNotFound() {
  const t = useTranslations("NotFoundPage");
  return (
    <>
      <PageHeading title={t("title")}>
        <p>{t("description")}</p>
      </PageHeading>
      <Link href="/" className="font-medium text-blue-800 underline underline-offset-2">
        {t("backToOverview")}
      </Link>
    </>
  );
}
