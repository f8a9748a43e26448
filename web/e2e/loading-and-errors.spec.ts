import { expect, hydrated, test } from "./support/fixtures";

const DOWN = `http://127.0.0.1:${process.env.E2E_WEB_DOWN_PORT ?? 3101}`;

test.describe("loading states on client-side navigation", () => {
  test.beforeEach(async ({ page }) => {
    // Hold every data request for a moment so the pending UI can be seen.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto("/contact");
    await hydrated(page);
  });

  test("committee shows a spinner", async ({ page }) => {
    await page.getByRole("banner").getByRole("link", { name: "Committee" }).click();
    await expect(page.getByRole("status")).toContainText("Loading committee members...");
    await expect(page.getByTestId("committee-list")).toBeVisible();
  });

  test("blogs show 6 placeholders, blog details its loading text", async ({ page }) => {
    await page.getByRole("banner").getByRole("link", { name: "Blogs" }).click();
    await expect(page.getByTestId("blog-placeholders").locator("li")).toHaveCount(6);
    await expect(page.getByTestId("blog-list")).toBeVisible();
    await page.getByTestId("blog-list").getByRole("link").first().click();
    await expect(page.getByText("Loading blog details...")).toBeVisible();
    await expect(page.getByTestId("blog-content")).toBeVisible();
  });

  test("gallery says 'Loading images...'", async ({ page }) => {
    await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByText("Loading images...")).toBeVisible();
    await expect(page.getByTestId("image-grid")).toBeVisible();
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
    // The layout's site settings are reused on client navigation, so a page whose own query
    // fails keeps header and footer and shows its error text.
    let fail = false;
    await page.route(/\.data(\?|$)/, (route) => (fail ? route.fulfill({ status: 503, body: "" }) : route.continue()));
    await page.goto("/contact");
    await hydrated(page);
    fail = true;
    await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByRole("alert")).toContainText("Error loading images:");
    await page.goto("/contact");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Committee" }).click();
    await expect(page.getByRole("alert")).toContainText("Failed to fetch team members");
    await expect(page.getByRole("banner")).toBeVisible();
  });
});
