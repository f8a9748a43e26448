import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { createCookie } from "react-router";
import { openSealedToken, sealToken } from "../../app/lib/admin/token-seal.server";

/** The staff login of the seeded test CMS (the project's demo defaults). */
export const STAFF = {
  email: process.env.ADMIN_EMAIL || "admin@example.org",
  password: process.env.ADMIN_PASSWORD || "Namaste-2026",
};

/** The test CMS (e2e/support/start-cms.mjs). */
export const CMS_URL = `http://127.0.0.1:${process.env.E2E_CMS_PORT ?? 1437}`;

/** The session secret e2e/support/start-web.mjs gives the web server. */
export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? "e2e-only-secret-e2e-only-secret-0123456789";

export const fixture = (name: string) => join(dirname(fileURLToPath(import.meta.url)), "fixtures", name);

/**
 * Admin tests run with prefers-reduced-motion (`test.use(STILL_PAGES)`): the site then scrolls
 * without animation, so a field focused near the bottom of the window does not leave the next
 * button moving under the click (a click that lands while the page scrolls may miss the button).
 */
export const STILL_PAGES = { contextOptions: { reducedMotion: "reduce" as const } };

/** Waits until React has hydrated the page (root sets data-hydrated). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** A token of the seeded Manager's, for setting up and clearing away through the CMS's API. */
export async function managerToken(): Promise<string> {
  const response = await fetch(`${CMS_URL}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs in through the login form, as a member of staff would. */
export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(redirectTo ?? "/dashboard");
}

/** A token-shaped string (header.claims.signature); the CMS will not accept its signature. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.Zm9yZ2Vk`;
}

/**
 * The staff session cookie of the production build, as e2e/support/start-web.mjs runs it
 * (COOKIE_SECURE unset): Secure, with the `__Host-` prefix. Chromium counts http://127.0.0.1
 * as a secure origin, so it keeps and sends the cookie there as it does over https.
 */
export const SESSION_COOKIE = "__Host-session";

const sessionCookie = () => createCookie(SESSION_COOKIE, { secrets: [E2E_SESSION_SECRET], path: "/" });

/** A session cookie made with the web server's secret (signed, token sealed), holding the given token. */
export async function signedSessionCookie(token: string): Promise<string> {
  const header = await sessionCookie().serialize({ token: sealToken(token, E2E_SESSION_SECRET) });
  return header.split(";")[0]!.slice(`${SESSION_COOKIE}=`.length);
}

/** A session cookie with this value, for context.addCookies (a `__Host-` cookie: Secure, Path=/, no Domain attribute). */
export const sessionCookieParams = (value: string, siteUrl: string) => ({
  name: SESSION_COOKIE,
  value,
  domain: new URL(siteUrl).hostname,
  path: "/",
  secure: true,
});

/** The staff token inside a session cookie's value (only the web server's secret opens it). */
export async function tokenInSessionCookie(value: string): Promise<string | null> {
  const data = (await sessionCookie().parse(`${SESSION_COOKIE}=${value}`)) as { token?: unknown } | null;
  return openSealedToken(data?.token, E2E_SESSION_SECRET);
}

/** A unique, recognisable title for things the tests create. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The Cookie header of the browser's session, for page.request calls: the cookie is
 * Secure (production build), which Chromium sends to http://127.0.0.1 but Playwright's
 * own HTTP client does not.
 */
export async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "signed in").toBeTruthy();
  return `${SESSION_COOKIE}=${cookie!.value}`;
}

/** Where the test CMS's SMTP server keeps the mail it is sent (e2e/support/start-cms.mjs). */
const MAIL_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", ".test-tmp", `mail-${process.env.E2E_CMS_PORT ?? 1437}`);

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

/** The mail sent to `address` so far, once there are `count` of them (polled, up to 15 s). */
export async function mailsTo(address: string, count = 1): Promise<SentMail[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = await readdir(MAIL_DIR).catch(() => [] as string[]);
    const mails = await Promise.all(names.sort().map(async (name) => JSON.parse(await readFile(join(MAIL_DIR, name), "utf8")) as SentMail));
    const theirs = mails.filter((mail) => mail.to.includes(address.toLowerCase()));
    if (theirs.length >= count || Date.now() > deadline) return theirs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A post body's Markdown: the form's textarea, which the formatting editor writes into (hidden
 * behind the editor in the Write tab, so read it with toHaveValue, or write it with writeMarkdown).
 */
export const markdownOf = (page: Page, label: string) => page.locator("textarea").and(page.getByLabel(label, { exact: true }));

/** Types Markdown into a post body, in the Markdown tab once the formatting editor has loaded. */
export async function writeMarkdown(page: Page, label: string, markdown: string) {
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await page.getByRole("tab", { name: "Markdown", exact: true }).click();
  await markdownOf(page, label).fill(markdown);
}
