import type { APIRequestContext } from "@playwright/test";
import {
  type AppSettings,
  JUDGE_MODES,
  RUNTIME_FLAG_NAMES,
  type RuntimeFlags,
} from "../../lib/schemas/settings";
import { expect, test } from "./fixtures";
import { E2E_LOCALES } from "./pages/messages";
import { BOOLEAN_SETTINGS, SettingsPage } from "./pages/settings-page";

// The settings row is global: tests that change it never run at the same time as each other (in any
// spec file that takes the same lock), and each restores what it found, so the order does not matter.
// Every test runs signed in as the admin (fixtures.ts); adminRequest reads and restores through the API.
test.describe.configure({ mode: "default", lock: "app-settings" });

async function readSettings(request: APIRequestContext): Promise<AppSettings> {
  const response = await request.get("/api/app-settings");
  expect(response.status()).toBe(200);
  return (await response.json()) as AppSettings;
}

function pickFlags(settings: AppSettings): RuntimeFlags {
  return Object.fromEntries(RUNTIME_FLAG_NAMES.map((name) => [name, settings[name]])) as RuntimeFlags;
}

let original: RuntimeFlags;

test.beforeEach(async ({ adminRequest }) => {
  original = pickFlags(await readSettings(adminRequest));
});

test.afterEach(async ({ adminRequest, baseURL }) => {
  const current = await readSettings(adminRequest);
  const changed = Object.fromEntries(
    RUNTIME_FLAG_NAMES.filter((name) => current[name] !== original[name]).map((name) => [
      name,
      original[name],
    ]),
  );
  if (Object.keys(changed).length === 0) return;
  const response = await adminRequest.put("/api/app-settings", {
    data: changed,
    headers: { "If-Match": String(current.version), ...(baseURL ? { Origin: new URL(baseURL).origin } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
});

for (const locale of E2E_LOCALES) {
  test.describe(`runtime settings in ${locale}`, () => {
    test("each switch flips, persists across a reload and reaches the runtime", async ({ page }) => {
      const settings = await new SettingsPage(page, locale).goto();
      await expect(settings.heading).toHaveText(settings.t("RuntimeSettingsPage.title"));

      const flipped = new Map<(typeof BOOLEAN_SETTINGS)[number], boolean>();
      let lastVersion = 0;
      for (const field of BOOLEAN_SETTINGS) {
        const { to, version } = await settings.toggle(field);
        expect(version).toBeGreaterThan(lastVersion);
        flipped.set(field, to);
        lastVersion = version;
      }

      await settings.reload();
      for (const [field, value] of flipped) await settings.expectSwitch(field, value);
      await settings.expectRuntimeApplied(lastVersion);
    });

    test("judge mode and max tool steps save and persist", async ({ page }) => {
      const settings = await new SettingsPage(page, locale).goto();

      const currentMode = await settings.judgeMode();
      const nextMode = JUDGE_MODES.find((mode) => mode !== currentMode)!;
      await settings.setJudgeMode(nextMode);

      const currentSteps = await settings.maxToolSteps();
      const nextSteps = currentSteps >= 200 ? currentSteps - 1 : currentSteps + 1;
      const version = await settings.setMaxToolSteps(nextSteps);

      await settings.reload();
      await settings.expectJudgeMode(nextMode);
      await expect(settings.maxToolStepsInput).toHaveValue(String(nextSteps));
      await settings.expectRuntimeApplied(version);
    });

    test("an out-of-range max tool steps value is refused with a localized error", async ({ page }) => {
      const settings = await new SettingsPage(page, locale).goto();
      const before = await settings.maxToolSteps();
      const saves: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/app-settings")
          saves.push(request.url());
      });

      for (const invalid of ["0", "201"]) {
        await settings.enterMaxToolSteps(invalid);
        await settings.expectMaxToolStepsRangeError();
      }
      expect(saves).toEqual([]);

      await settings.reload();
      await expect(settings.maxToolStepsInput).toHaveValue(String(before));
      expect(saves).toEqual([]);
    });
  });
}

test("the locale switcher keeps the page and translates it", async ({ page }) => {
  const english = await new SettingsPage(page, "en").goto();
  const german = await english.changeLocale("de");
  await expect(german.heading).toHaveText("Laufzeit-Einstellungen");
  await expect(german.switchFor("auditGateEnabled")).toBeVisible();
  const italian = await german.changeLocale("it");
  await expect(italian.heading).toHaveText("Impostazioni di runtime");
  await expect(italian.switchFor("toolResultQuarantineEnabled")).toBeVisible();
});
