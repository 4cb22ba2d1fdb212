import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect } from "@playwright/test";

/**
 * Shared E2E fixtures. The stack starts with KEEL_ADMIN_PASSWORD set, so the first admin (`admin`) has a
 * known password. Each worker signs in as that admin once through the API and saves the cookie as a
 * storage state; every test's browser context starts signed in with it unless the spec opts out with
 * `test.use({ storageState: SIGNED_OUT })`. Tests that sign out or change passwords must use their own
 * users (createUser), never the shared admin session.
 */

export const ADMIN = {
  username: "admin",
  password: process.env.KEEL_ADMIN_PASSWORD ?? "keel-e2e-admin-password",
} as const;

/** A browser context without any session. */
export const SIGNED_OUT = { cookies: [], origins: [] };

export type Role = "viewer" | "operator" | "admin";
export type TestUser = { id: string; username: string; password: string; role: Role };

/** A user name no other test or run uses: `<prefix>-<time>-<random>`, lower case as the API stores it. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the API; the context keeps the httpOnly session cookie. */
export async function signInThroughApi(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<void> {
  const response = await request.post("/api/auth/sign-in", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

/** Creates a user through the admin API (needs an admin context that sends Origin). */
export async function createUser(
  adminRequest: APIRequestContext,
  role: Role,
  prefix: string = role,
): Promise<TestUser> {
  const username = uniqueName(`e2e-${prefix}`);
  const password = `pw-${uniqueName("secret")}`;
  const response = await adminRequest.post("/api/users", { data: { username, password, role } });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, username, password, role };
}

/**
 * What a page reported that a user should never cause: console errors (React's hydration errors,
 * next-intl's FORMATTING_ERROR, "Failed to load resource" for a 404 icon), uncaught exceptions, and
 * requests that failed outright. A request aborted by a navigation or an unmount (the live-events
 * stream, a superseded fetch) is not a failure.
 */
export type PageProblem = { kind: "console" | "pageerror" | "requestfailed"; text: string; url: string };

/**
 * Every test's page is watched: the test fails when the page logged a console error, threw, or had a
 * request fail, so every page the suite visits, in every locale, stays free of them. A test that
 * provokes an error on purpose (a 404 page, a refused request) names it with `pageProblems.allow`.
 */
export type PageProblems = {
  /** Accepts problems whose text or URL matches `pattern` in this test. */
  allow(pattern: RegExp): void;
  /** The problems seen so far that no `allow` accepts. */
  unexpected(): PageProblem[];
};

type TestFixtures = { pageProblems: PageProblems };

type WorkerFixtures = {
  /** Path of this worker's storage state file with a signed-in admin session. */
  adminStorageState: string;
  /**
   * An API context signed in as the admin that sends `Origin: <baseURL>`: the server refuses
   * cookie-authenticated writes without it (CSRF), and Playwright's API client sends none by itself.
   */
  adminRequest: APIRequestContext;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  pageProblems: [
    async ({ context }, use, testInfo) => {
      const problems: PageProblem[] = [];
      const allowed: RegExp[] = [];
      const watch = (page: import("@playwright/test").Page) => {
        page.on("console", (message) => {
          if (message.type() === "error")
            problems.push({
              kind: "console",
              text: message.text(),
              url: message.location().url || page.url(),
            });
        });
        page.on("pageerror", (error) =>
          problems.push({ kind: "pageerror", text: String(error), url: page.url() }),
        );
        page.on("requestfailed", (request) => {
          const failure = request.failure()?.errorText ?? "";
          if (failure.includes("ERR_ABORTED")) return;
          problems.push({
            kind: "requestfailed",
            text: `${request.method()} ${failure}`,
            url: request.url(),
          });
        });
      };
      for (const page of context.pages()) watch(page);
      context.on("page", watch);
      const accepted = (problem: PageProblem) =>
        allowed.some((pattern) => pattern.test(problem.text) || pattern.test(problem.url));
      await use({
        allow: (pattern) => allowed.push(pattern),
        unexpected: () => problems.filter((problem) => !accepted(problem)),
      });
      const unexpected = problems.filter((problem) => !accepted(problem));
      if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus)
        throw new Error(
          `The page reported ${unexpected.length} problem(s):\n${unexpected
            .map((problem) => `  ${problem.kind} at ${problem.url}: ${problem.text}`)
            .join("\n")}`,
        );
    },
    { auto: true },
  ],
  adminStorageState: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error("the E2E project needs use.baseURL");
      const file = path.join(workerInfo.project.outputDir, ".auth", `admin-${workerInfo.parallelIndex}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const request = await playwright.request.newContext({ baseURL });
      await signInThroughApi(request, ADMIN);
      await request.storageState({ path: file });
      await request.dispose();
      await use(file);
    },
    { scope: "worker" },
  ],
  adminRequest: [
    async ({ playwright, adminStorageState }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const request = await playwright.request.newContext({
        baseURL,
        storageState: adminStorageState,
        extraHTTPHeaders: { Origin: new URL(baseURL).origin },
      });
      await use(request);
      await request.dispose();
    },
    { scope: "worker" },
  ],
  storageState: ({ adminStorageState }, use) => use(adminStorageState),
});

export { expect };
