import { NotFoundNotice } from "@/components/app-shell/not-found-notice";
import { PageFrame } from "@/components/app-shell/page-frame";

/** Localized 404 above the route groups (outside the console), framed without navigation. */
export default function LocaleNotFound() {
  return (
    <PageFrame variant="public">
      <NotFoundNotice />
    </PageFrame>
  );
}
