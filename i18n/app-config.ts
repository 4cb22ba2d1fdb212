import type messages from "../messages/en.json";
import type { routing } from "./routing";

/** Types every `useTranslations` / `getTranslations` key against messages/en.json (the source of truth). */
declare module "next-intl" {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
