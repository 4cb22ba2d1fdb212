"use client";

import { ErrorNotice } from "@/components/app-shell/error-notice";
import { PageFrame } from "@/components/app-shell/page-frame";

/**
 * Error boundary above the route groups: catches what the console layout itself throws (for example
 * when the session cannot be checked because the database is down), framed without navigation.
 */
export default function LocaleError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageFrame variant="public">
      <ErrorNotice error={error} retry={retry} />
    </PageFrame>
  );
}
