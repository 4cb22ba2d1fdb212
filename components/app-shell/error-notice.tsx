"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/** What an error boundary shows: says so in the user's language, logs the error, offers a retry. */
export function ErrorNotice({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("ErrorPage");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-6">
      <h1 className="text-xl font-semibold text-red-900">{t("title")}</h1>
      <p className="mt-2 text-red-900">{t("description")}</p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-4 rounded bg-red-800 px-4 py-2 text-sm font-medium text-white hover:bg-red-900"
      >
        {t("retry")}
      </button>
    </div>
  );
}
