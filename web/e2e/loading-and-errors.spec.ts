import type { Page } from "@playwright/test";
import { CMS_URL, managerToken, unique } from "./admin/support";
import { expect, hydrated, test } from "./support/fixtures";

const DOWN = `http://127.0.0.1:${process.env.E2E_WEB_DOWN_PORT ?? 3101}`;
// Its CMS answers the site settings (header, footer) but no page's own query.
const PARTIAL = `http://127.0.0.1:${process.env.E2E_WEB_PARTIAL_PORT ?? 3102}`;

interface Seen {
  status: string | null;
  placeholders: number;
  text: string;
}

/**
 * Public pages are plain documents (no client-side router): the pending view is shown in the
 * current page while the browser fetches the next one. Playwright cannot look into a page
 * whose navigation is under way, so the page writes down what its main area shows at every
 * change, in sessionStorage (it survives the navigation), and the test reads it afterwards.
 */
async function watchMain(page: Page) {
  await page.evaluate(() => {
    sessionStorage.removeItem("seen");
    const main = document.getElementById("main")!;
    new MutationObserver(() => {
      const seen = JSON.parse(sessionStorage.getItem("seen") ?? "[]") as unknown[];
      seen.push({
        status: main.querySelector('[role="status"]')?.textContent ?? null,
        placeholders: main.querySelectorAll('[data-testid="blog-placeholders"] li').length,
        text: main.innerText,
      });
      sessionStorage.setItem("seen", JSON.stringify(seen));
    }).observe(main, { childList: true, subtree: true, characterData: true });
  });
}

/** What the main area showed last before the next page replaced it. */
async function lastSeen(page: Page): Promise<Seen | undefined> {
  const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem("seen") ?? "[]") as Seen[]);
  return seen.at(-1);
}

test.describe("loading states while the next page loads", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    // A slow mobile link: every request takes 600 ms more.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 600, downloadThroughput: -1, uploadThroughput: -1 });
  });

  test("committee shows a spinner", async ({ page }) => {
    await watchMain(page);
    await page.getByRole("banner").getByRole("link", { name: "Committee" }).click();
    await expect(page.getByTestId("committee-list")).toBeVisible();
    expect((await lastSeen(page))?.status).toContain("Loading committee members...");
  });

  test("blogs show 6 placeholders, blog details its loading text", async ({ page, request }) => {
    // A post of its own, newest on the list: a seeded one may be unpublished or deleted by another
    // test between the list's copy and the click.
    const token = await managerToken();
    const title = unique("Loading test");
    const body = new FormData();
    for (const [name, value] of Object.entries({ title, content: "A post to open.", author: "news@example.org", status: "published" })) {
      body.set(name, value);
    }
    const created = await fetch(`${CMS_URL}/api/blog`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    try {
      await expect.poll(async () => (await request.get("/blogs")).text()).toContain(title);
      await watchMain(page);
      await page.getByRole("banner").getByRole("link", { name: "Blogs" }).click();
      await expect(page.getByTestId("blog-list")).toBeVisible();
      expect((await lastSeen(page))?.placeholders).toBe(6);
      await hydrated(page);
      await watchMain(page);
      await page
        .getByTestId("blog-list")
        .locator("li")
        .filter({ hasText: title })
        .locator(`a[href="/blogs/details/${id}"]`)
        .first()
        .click();
      await expect(page.getByTestId("blog-content")).toBeVisible();
      expect((await lastSeen(page))?.text).toContain("Loading blog details...");
    } finally {
      await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    }
  });

  test("gallery says 'Loading images...'", async ({ page }) => {
    await watchMain(page);
    await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByTestId("image-grid")).toBeVisible();
    expect((await lastSeen(page))?.text).toContain("Loading images...");
  });
});

test.describe("when the CMS is down", () => {
  test("pages answer 503 with a friendly text and no stack trace", async ({ request }) => {
    for (const path of ["/", "/blogs", "/gallery", "/current-committee"]) {
      const response = await request.get(`${DOWN}${path}`);
      expect(response.status(), path).toBe(503);
      const html = await response.text();
      expect(html).toContain("Our content service is not responding right now.");
      expect(html).not.toMatch(/ECONNREFUSED|at [\w.]+ \(|node_modules/);
    }
  });

  test("page-specific error texts from the spec", async ({ page }) => {
    // The site settings still load, so a page whose own query fails keeps header and footer
    // and shows its error text.
    await page.goto(`${PARTIAL}/contact`);
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByRole("alert")).toContainText("Error loading images:");
    await expect(page.getByRole("banner")).toBeVisible();
    await page.goto(`${PARTIAL}/contact`);
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Committee" }).click();
    await expect(page.getByRole("alert")).toContainText("Failed to fetch team members");
    await expect(page.getByRole("banner")).toBeVisible();
    const response = await page.request.get(`${PARTIAL}/gallery?tab=videos`);
    expect(response.status()).toBe(503);
    expect(await response.text()).toContain("Error loading videos:");
  });
});
