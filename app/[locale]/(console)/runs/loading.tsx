import { useTranslations } from "next-intl";

/** While /runs renders on the server: a skeleton of the list with a spoken "Loading runs…". */
export default function RunsLoading() {
  const t = useTranslations("RunsPage");
  return (
    <div role="status" aria-live="polite" data-testid="runs-loading">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="h-8 w-40 rounded bg-slate-200" />
        <div className="h-4 w-full max-w-xl rounded bg-slate-200" />
        <div className="h-40 rounded-md border border-slate-200 bg-white" />
        <div className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="space-y-2 p-4">
              <div className="h-4 w-3/4 rounded bg-slate-200" />
              <div className="h-3 w-1/2 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
