import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { PageHeading } from "./page-heading";

/** The localized 404 text with a link back to the overview. */
export function NotFoundNotice() {
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
