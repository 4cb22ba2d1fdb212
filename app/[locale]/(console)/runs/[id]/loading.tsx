import { useTranslations } from "next-intl";

/** While a run page renders on the server: a skeleton of the header and timeline, spoken as "Loading the run…". */
export default function RunLoading() {
  const t = useTranslations("RunPage");
  return (
    <div role="status" aria-live="polite" data-testid="run-loading">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="h-4 w-24 rounded bg-slate-200" />
        <div className="h-8 w-32 rounded bg-slate-200" />
        <div className="h-44 rounded-md border border-slate-200 bg-white" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-20 rounded-md border border-slate-200 bg-white" />
        ))}
      </div>
    </div>
  );
}
