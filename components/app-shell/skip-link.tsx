import { useTranslations } from "next-intl";

/** First focusable element of every page: jumps keyboard users past the header to `#main-content`. */
export function SkipLink() {
  const t = useTranslations("SkipLink");
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded bg-white px-4 py-2 font-medium text-blue-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {t("label")}
    </a>
  );
}
