import { createUser, expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { AgentKeysPage } from "./pages/agent-keys-page";
import { AppShell } from "./pages/app-shell";
import { SignInPage } from "./pages/sign-in-page";
import { UsersAdminPage } from "./pages/users-admin-page";

test.describe("user administration", () => {
  test("add a user, refuse a taken name, change the role, disable and enable (German)", async ({
    page,
    pageProblems,
  }) => {
    pageProblems.allow(/status of 409/); // the taken name
    const users = await new UsersAdminPage(page, "de").goto();
    await expect(users.shell.navLink("admin")).toHaveAttribute("aria-current", "page");
    const username = uniqueName("e2e-new");
    const password = "initial-password-123";

    await users.addUser({ username, role: "operator", password });
    await users.expectNotice(users.t("UsersPanel.created", { username, role: users.roleName("operator") }));
    await expect(users.row(username)).toBeVisible();
    await expect(users.roleSelect(username)).toHaveValue("operator");

    await users.addUser({ username, role: "viewer", password });
    await expect(page.getByText(users.t("UsersPanel.usernameTaken", { username }))).toBeVisible();
    await expect(users.username).toBeFocused();

    await users.roleSelect(username).selectOption("viewer");
    await users.expectNotice(users.t("UsersPanel.roleChanged", { username, role: users.roleName("viewer") }));
    await expect(users.roleSelect(username)).toHaveValue("viewer");

    await users.disableButton(username).click();
    await users.expectNotice(users.t("UsersPanel.disabledDone", { username }));
    await expect(users.row(username)).toContainText(users.t("UsersPanel.statusDisabled"));

    await page.reload();
    await expect(users.roleSelect(username)).toHaveValue("viewer");
    await expect(users.row(username)).toContainText(users.t("UsersPanel.statusDisabled"));
    await users.enableButton(username).click();
    await users.expectNotice(users.t("UsersPanel.enabledDone", { username }));
  });

  test("the last enabled admin cannot be demoted (409, explained)", async ({
    page,
    adminRequest,
    pageProblems,
  }) => {
    pageProblems.allow(/status of 409/);
    const list = (await (await adminRequest.get("/api/users")).json()) as {
      users: { username: string; role: string; disabled: boolean }[];
    };
    const enabledAdmins = list.users.filter((user) => user.role === "admin" && !user.disabled);
    test.skip(enabledAdmins.length !== 1, "needs exactly one enabled admin");

    const users = await new UsersAdminPage(page, "en").goto();
    await users.roleSelect("admin").selectOption("viewer");
    await users.expectNotice(users.t("UsersPanel.lastAdmin"));
    await expect(users.roleSelect("admin")).toHaveValue("admin");
  });

  test("an admin sets a new password for a user, who then signs in with it", async ({
    page,
    adminRequest,
    browser,
  }) => {
    const viewer = await createUser(adminRequest, "viewer", "reset");
    const users = await new UsersAdminPage(page, "en").goto();
    await users.setPassword(viewer.username, "set-by-the-admin-1");
    await users.expectNotice(users.t("UsersPanel.passwordSet", { username: viewer.username }));
    await expect(users.setPasswordButton(viewer.username)).toBeFocused();

    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const signIn = await new SignInPage(await context.newPage(), "en").goto();
    await signIn.signIn(viewer.username, "set-by-the-admin-1", /\/en\/?$/);
    await context.close();
  });
});

test.describe("agent keys", () => {
  test("create with scopes, shown once, revoke with confirmation (Italian)", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const keys = await new AgentKeysPage(page, "it").goto();
    const name = uniqueName("agent");

    await keys.createButton.click();
    await expect(page.getByText(keys.t("ApiKeysPanel.nameMissing"))).toBeVisible();
    await keys.name.fill(name);
    await keys.createButton.click();
    await expect(page.getByText(keys.t("ApiKeysPanel.scopesMissing"))).toBeVisible();

    const token = await keys.create(name, ["settings:read", "halts:read"]);
    await expect(keys.createdSecret).toContainText(keys.t("CopyableSecret.warning"));
    const row = keys.row(name);
    await expect(row).toContainText(keys.scopeLabel("settings:read"));
    await expect(row).toContainText(keys.scopeLabel("halts:read"));
    await expect(row).not.toContainText(keys.scopeLabel("runs:write"));

    const agent = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    expect((await agent.get("/api/app-settings")).status()).toBe(200);

    await keys.revoke(name, "confirm");
    await expect(keys.status).toHaveText(keys.t("ApiKeysPanel.revoked", { kind: "agent", name }));
    await expect(keys.row(name)).toContainText(/Revocato il/);
    expect((await agent.get("/api/app-settings")).status()).toBe(401);
    await agent.dispose();
  });
});

test.describe("an operator", () => {
  test.use({ storageState: SIGNED_OUT });

  test("has no Admin link and gets a localized 403 on the admin pages", async ({ page, adminRequest }) => {
    const operator = await createUser(adminRequest, "operator");
    const signIn = await new SignInPage(page, "de").goto();
    await signIn.signIn(operator.username, operator.password, /\/de\/?$/);
    const shell = new AppShell(page, "de");
    await expect(shell.navLink("admin")).toHaveCount(0);
    await expect(shell.signedInUser).toContainText(operator.username);

    for (const path of ["/de/admin/users", "/de/admin/agent-keys"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keine Berechtigung");
    }
  });
});
