import { expect, test } from "./fixtures";
import { E2E_LOCALES, translatorFor } from "./pages/messages";

/**
 * Admin > Halt conditions in de, en and it: each condition reads as a localized name and description
 * (the id only as a small line), thresholds are edited with typed fields (numbers with their bounds,
 * yes/no, lists) instead of JSON, mistakes are refused in the reader's language before anything is
 * sent, and a critical severity says that it escalates within a second.
 */

async function resetCascadingFailures(adminRequest: import("@playwright/test").APIRequestContext) {
  const response = await adminRequest.patch("/api/halt-config", {
    data: { condition_name: "cascading_failures", threshold: {} },
  });
  expect([200, 409]).toContain(response.status());
}

for (const locale of E2E_LOCALES) {
  test(`halt conditions are edited with typed fields, in the reader's language (${locale})`, async ({
    page,
    adminRequest,
  }) => {
    const t = translatorFor(locale);
    await resetCascadingFailures(adminRequest);
    await page.goto(`/${locale}/admin/conditions`);

    // Names and descriptions in words; no snake_case id as the label.
    const row = page.locator('[data-testid="condition-row"][data-condition="cascading_failures"]');
    const name = t("ConditionsPanel.conditionName", { name: "cascading_failures" });
    await expect(row.getByTestId("condition-name")).toHaveText(name);
    await expect(row.getByTestId("condition-description")).toHaveText(
      t("ConditionsPanel.conditionDescription", { name: "cascading_failures" }),
    );
    for (const condition of ["uncertainty_scale", "secrets_exposure", "unknown_commands"]) {
      const label = page
        .locator(`[data-testid="condition-row"][data-condition="${condition}"]`)
        .getByTestId("condition-name");
      await expect(label).not.toHaveText(condition);
      await expect(label).not.toContainText("_");
    }

    // A whole number with its bounds: 1.5 and 101 are refused in the reader's language, 5 is saved.
    await row.getByRole("button", { name: t("ConditionsPanel.editNamed", { name }) }).click();
    await expect(row.locator("textarea")).toHaveCount(0);
    const field = row.getByLabel(t("ConditionsPanel.thresholdName", { key: "max_chain_length" }), {
      exact: true,
    });
    await expect(field).toHaveAttribute("type", "number");
    const fieldName = t("ConditionsPanel.thresholdName", { key: "max_chain_length" });
    for (const wrong of ["1.5", "101"]) {
      await field.fill(wrong);
      await row.getByRole("button", { name: t("ConditionsPanel.review") }).click();
      await expect(row.getByRole("alert")).toContainText(
        t("ConditionsPanel.thresholdIntegerInvalid", { name: fieldName, min: 2, max: 100 }),
      );
      await expect(field).toBeFocused();
    }
    await field.fill("5");
    await row.getByRole("button", { name: t("ConditionsPanel.review") }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(t("ConditionsPanel.confirmTitle", { name }));
    await expect(dialog.getByTestId("condition-diff")).toContainText(`${fieldName}: 5`);
    await expect(dialog).not.toContainText("{");
    await dialog.getByRole("button", { name: t("ConditionsPanel.confirm") }).click();
    await expect(page.getByTestId("conditions-notice")).toContainText(t("ConditionsPanel.saved", { name }));
    const stored = (await (await adminRequest.get("/api/halt-config")).json()) as {
      conditions: { condition_name: string; threshold: Record<string, unknown> }[];
    };
    expect(stored.conditions.find((item) => item.condition_name === "cascading_failures")?.threshold).toEqual(
      {
        max_chain_length: 5,
      },
    );
    await resetCascadingFailures(adminRequest);

    // A list: a wrong entry is named in the reader's language and nothing is sent.
    const commands = page.locator('[data-testid="condition-row"][data-condition="unknown_commands"]');
    const commandsName = t("ConditionsPanel.conditionName", { name: "unknown_commands" });
    await commands
      .getByRole("button", { name: t("ConditionsPanel.editNamed", { name: commandsName }) })
      .click();
    const list = commands.getByLabel(t("ConditionsPanel.thresholdName", { key: "allowed_commands" }));
    await list.fill("terraform\nrm -rf");
    await commands.getByRole("button", { name: t("ConditionsPanel.review") }).click();
    await expect(commands.getByRole("alert")).toContainText(
      t("ConditionsPanel.thresholdListInvalid", {
        name: t("ConditionsPanel.thresholdName", { key: "allowed_commands" }),
        entry: "rm -rf",
      }),
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A yes/no threshold is a checkbox; a critical severity says it escalates within a second.
    const unread = page.locator('[data-testid="condition-row"][data-condition="modifying_unread_code"]');
    const unreadName = t("ConditionsPanel.conditionName", { name: "modifying_unread_code" });
    await unread.getByRole("button", { name: t("ConditionsPanel.editNamed", { name: unreadName }) }).click();
    await expect(
      unread.getByRole("checkbox", { name: t("ConditionsPanel.thresholdName", { key: "requires_read" }) }),
    ).toBeChecked();
    const secrets = page.locator('[data-testid="condition-row"][data-condition="secrets_exposure"]');
    const secretsName = t("ConditionsPanel.conditionName", { name: "secrets_exposure" });
    await secrets
      .getByRole("button", { name: t("ConditionsPanel.editNamed", { name: secretsName }) })
      .click();
    await expect(secrets.getByTestId("condition-critical-note")).toHaveText(
      t("ConditionsPanel.severityIsCritical"),
    );
    await expect(secrets).toContainText(t("ConditionsPanel.noThreshold"));
  });
}
