import { expect, type Locator, type Page, type Response } from "@playwright/test";
import { type AppSettings, JUDGE_MODES, type RuntimeFlags } from "../../../lib/schemas/settings";
import { AppShell, escapeRegExp, waitForHydration } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

/** The boolean switches of the panel, in the order they appear. */
export const BOOLEAN_SETTINGS = [
  "toolResultQuarantineEnabled",
  "toolScaffoldingGuardEnabled",
  "runCompletionCaveatsEnabled",
  "toolBudgetWrapupEnabled",
  "auditGateEnabled",
] as const satisfies ReadonlyArray<keyof RuntimeFlags>;
/** The shadow switches (a guard that is off still runs and records what it would have done). */
export const SHADOW_SETTINGS = [
  "toolResultQuarantineShadow",
  "toolScaffoldingGuardShadow",
  "auditGateShadow",
] as const satisfies ReadonlyArray<keyof RuntimeFlags>;
export type BooleanSetting = (typeof BOOLEAN_SETTINGS)[number] | (typeof SHADOW_SETTINGS)[number];
export type JudgeMode = (typeof JUDGE_MODES)[number];

const SETTINGS_PATH = "/api/app-settings";

function isSettingsSave(response: Response): boolean {
  return response.request().method() === "PUT" && new URL(response.url()).pathname === SETTINGS_PATH;
}

/**
 * Page object for /<locale>/settings/runtime. Controls are found by role and by their localized names
 * from messages/<locale>.json. Each save helper waits for the PUT and returns the version it produced.
 */
export class SettingsPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly heading: Locator;
  readonly runtimeStatus: Locator;
  readonly maxToolStepsInput: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.heading = page.getByRole("heading", {
      level: 1,
      name: this.t("RuntimeSettingsPage.title"),
      exact: true,
    });
    this.runtimeStatus = page.getByTestId("runtime-status");
    this.maxToolStepsInput = page.getByRole("spinbutton", {
      name: this.fieldLabel("maxToolSteps"),
      exact: true,
    });
  }

  fieldLabel(field: keyof RuntimeFlags): string {
    return this.t("SettingField.label", { field });
  }

  /** Opens the page and waits until the settings have loaded. */
  async goto(): Promise<this> {
    await this.page.goto(`/${this.locale}/settings/runtime`);
    await expect(this.heading).toBeVisible();
    await expect(this.switchFor("toolResultQuarantineEnabled")).toBeVisible();
    await waitForHydration(this.page);
    return this;
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await expect(this.heading).toBeVisible();
    await expect(this.switchFor("toolResultQuarantineEnabled")).toBeVisible();
  }

  switchFor(field: BooleanSetting): Locator {
    return this.page.getByRole("switch", { name: this.fieldLabel(field), exact: true });
  }

  async switchValue(field: BooleanSetting): Promise<boolean> {
    const control = this.switchFor(field);
    await expect(control).toHaveAttribute("aria-checked", /^(true|false)$/);
    return (await control.getAttribute("aria-checked")) === "true";
  }

  async expectSwitch(field: BooleanSetting, value: boolean): Promise<void> {
    await expect(this.switchFor(field)).toHaveAttribute("aria-checked", String(value));
  }

  /** Flips a switch and waits for its save; returns the old and new value and the saved version. */
  async toggle(field: BooleanSetting): Promise<{ from: boolean; to: boolean; version: number }> {
    const control = this.switchFor(field);
    await expect(control).toBeEnabled();
    const from = await this.switchValue(field);
    const saved = await this.saveBy(() => control.click());
    await this.expectSwitch(field, !from);
    await expect(control).toBeEnabled();
    await expect(this.savedAnnouncement(field, !from)).toBeVisible();
    return { from, to: !from, version: saved.version };
  }

  judgeModeOption(mode: JudgeMode): Locator {
    const group = this.page.getByRole("group", {
      name: this.fieldLabel("autonomousCompletionJudgeMode"),
      exact: true,
    });
    return group.getByRole("radio", { name: this.t("JudgeModeOption.label", { mode }), exact: true });
  }

  async judgeMode(): Promise<JudgeMode> {
    await expect(this.judgeModeOption(JUDGE_MODES[0])).toBeVisible();
    for (const mode of JUDGE_MODES) {
      if (await this.judgeModeOption(mode).isChecked()) return mode;
    }
    throw new Error("no judge mode is selected");
  }

  async expectJudgeMode(mode: JudgeMode): Promise<void> {
    await expect(this.judgeModeOption(mode)).toBeChecked();
  }

  async setJudgeMode(mode: JudgeMode): Promise<number> {
    const saved = await this.saveBy(() => this.judgeModeOption(mode).check());
    await this.expectJudgeMode(mode);
    return saved.version;
  }

  async maxToolSteps(): Promise<number> {
    await expect(this.maxToolStepsInput).toHaveValue(/^\d+$/);
    return Number(await this.maxToolStepsInput.inputValue());
  }

  /** Types a valid value, confirms with Enter and waits for the save. */
  async setMaxToolSteps(value: number): Promise<number> {
    const saved = await this.saveBy(async () => {
      await this.maxToolStepsInput.fill(String(value));
      await this.maxToolStepsInput.press("Enter");
    });
    expect(saved.maxToolSteps).toBe(value);
    await expect(this.maxToolStepsInput).toHaveValue(String(value));
    return saved.version;
  }

  /** Types a value and confirms with Enter without expecting a save (for invalid input). */
  async enterMaxToolSteps(raw: string): Promise<void> {
    await this.maxToolStepsInput.fill(raw);
    await this.maxToolStepsInput.press("Enter");
  }

  /** The localized range error, asserted both as visible text and as the input's description. */
  async expectMaxToolStepsRangeError(): Promise<void> {
    const message = this.t("BoundedNumberField.outOfRange", { min: 1, max: 200 });
    await expect(this.page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(this.maxToolStepsInput).toHaveAttribute("aria-invalid", "true");
    await expect(this.maxToolStepsInput).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }

  /** The settings version the runtime status line reports. */
  async statusVersion(): Promise<number> {
    await expect(this.runtimeStatus).toHaveAttribute("data-version", /^\d+$/);
    return Number(await this.runtimeStatus.getAttribute("data-version"));
  }

  /** Waits until the status line says a runtime applied `version` (or a later one). */
  async expectRuntimeApplied(version: number, timeout = 5_000): Promise<void> {
    await expect
      .poll(
        async () => {
          const state = await this.runtimeStatus.getAttribute("data-state");
          const shown = Number(await this.runtimeStatus.getAttribute("data-version"));
          return state === "applied" && shown >= version;
        },
        { timeout, message: `runtime status should report version ${version} applied` },
      )
      .toBe(true);
    await expect(this.runtimeStatus).toContainText(String(await this.statusVersion()));
  }

  savedAnnouncement(field: keyof RuntimeFlags, value: boolean): Locator {
    const text = this.t("RuntimeSettingsPanel.saved", {
      field: this.fieldLabel(field),
      value: value ? this.t("SettingValue.on") : this.t("SettingValue.off"),
    });
    return this.page.getByRole("status").filter({ hasText: text });
  }

  async changeLocale(locale: E2ELocale): Promise<SettingsPage> {
    await this.shell.changeLocale(locale);
    const next = new SettingsPage(this.page, locale);
    await expect(next.heading).toBeVisible();
    return next;
  }

  /** Runs `action`, waits for the PUT it causes, asserts success and returns the saved row. */
  private async saveBy(action: () => Promise<void>): Promise<AppSettings> {
    const responsePromise = this.page.waitForResponse(isSettingsSave);
    await action();
    const response = await responsePromise;
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as AppSettings;
  }
}
