"use client";

import { ErrorNotice } from "@/components/app-shell/error-notice";

/** Error boundary for every console page (inside the console frame): localized message and retry. */
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorNotice error={error} retry={retry} />;
}
