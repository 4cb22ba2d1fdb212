import { useTranslations } from "next-intl";
import { PageHeading } from "@/components/app-shell/page-heading";
import { Link } from "@/i18n/navigation";

/** /runs/<id> for an id no run has (or that is not a run id at all). */
export default function RunNotFound() {
  const t = useTranslations("RunPage");
  return (
    <>
      <PageHeading title={t("notFoundTitle")}>
        <p>{t("notFoundText")}</p>
      </PageHeading>
      <Link href="/runs" className="font-medium text-blue-800 underline underline-offset-2">
        {t("backToList")}
      </Link>
    </>
  );
}
