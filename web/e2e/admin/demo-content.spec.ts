import { expect, test } from "@playwright/test";
import { seriousViolations } from "../support/fixtures";
import { startOwnStack } from "../support/own-stack";
import { hydrated, STAFF, STILL_PAGES } from "./support";

test.use(STILL_PAGES);

// Removing the demo content changes the whole site, so this runs on a stack of its own.
test.describe("the dashboard's Remove demo content", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Awaited<ReturnType<typeof startOwnStack>>;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    stack = await startOwnStack("demo");
    const login = await fetch(`${stack.cmsUrl}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STAFF),
    });
    token = (await login.json()).token;
  });
  test.afterAll(async () => stack?.stop());

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.cmsUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    return response.status === 204 ? null : response.json();
  };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  async function signIn(page: import("@playwright/test").Page) {
    await page.goto(`${stack.webUrl}/login`);
    await hydrated(page);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${stack.webUrl}/dashboard`);
  }

  test("without JavaScript the confirmation is a page of its own", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Sign in by the form (it works without JavaScript too).
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${stack.webUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: "This site still shows demo content (29 items)" })).toBeVisible();
    await page.getByRole("link", { name: "Remove demo content" }).click();
    await expect(page).toHaveURL(/\?remove-demo=1$/);
    const dialog = page.getByRole("alertdialog", { name: "Remove the demo content?" });
    await expect(dialog).toContainText("This deletes 29 demo items, in English and Nepali");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await context.close();
  });

  test("removes exactly the untouched demo entries, in both languages, and they stay gone after a restart", async ({ page }) => {
    // It restarts a CMS: seconds on an idle machine, more on a busy one.
    test.setTimeout(180_000);
    // A post of the staff's own, and a demo post they edited: both stay.
    const mine = await api("/api/blog", {
      method: "POST",
      body: form({ title: "Our own news", content: "Written by us.", author: "staff@example.org" }),
    });
    const demoPost = (await api("/api/blog")).results.find((post: { id: number }) => post.id !== mine.id);
    await api(`/api/blog/${demoPost.id}`, {
      method: "PUT",
      body: form({ title: "Edited demo post", content: demoPost.content, author: demoPost.author }),
    });

    await signIn(page);
    const notice = page.getByRole("region", { name: "This site still shows demo content (28 items)" });
    await expect(notice).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const remove = notice.getByRole("link", { name: "Remove demo content" });

    // Cancel first (Escape): nothing happens, focus returns to the button.
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Remove the demo content?" });
    await expect(dialog).toContainText("This deletes 28 demo items, in English and Nepali, with their pictures and videos.");
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    expect((await api("/api/demo-content")).count).toBe(28);

    await remove.click();
    await dialog.getByRole("button", { name: "Remove demo content" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Demo content removed." })).toBeVisible();
    await expect(page.getByRole("region", { name: /demo content/ })).toHaveCount(0);

    // The public pages follow once the web has been told and has read them again: on a busy
    // machine a visitor in the first moments may still get the copy from before (ADR 008).
    await expect(async () => {
      await page.goto(`${stack.webUrl}/blogs`);
      const blogs = await page.locator("main h2").allTextContents();
      expect(blogs.map((title) => title.trim()).sort()).toEqual(["Edited demo post", "Our own news"]);
    }).toPass({ timeout: 20_000 });
    await expect(async () => {
      await page.goto(`${stack.webUrl}/current-committee`);
      await expect(page.getByText("No committee members to show yet.")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(async () => {
      await page.goto(`${stack.webUrl}/ne/gallery`);
      await expect(page.getByText("अहिलेसम्म कुनै तस्बिर छैन।")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    await stack.restartCms();
    await page.goto(`${stack.webUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
    await expect(page.getByRole("region", { name: /demo content/ })).toHaveCount(0);
    const listed = (await api("/api/blog")).results.map((post: { id: number }) => post.id).sort();
    expect(listed).toEqual([demoPost.id, mine.id].sort());
  });
});
