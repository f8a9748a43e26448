import AxeBuilder from "@axe-core/playwright";
import { expect, firstBlogPath, hydrated, PUBLIC_PAGES, test } from "./support/fixtures";

async function scan(page: import("@playwright/test").Page) {
  await hydrated(page);
  // Reveal every scroll-animated card before checking colours.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(900);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      expect(await scan(page)).toEqual([]);
    });
  }

  test("blog details", async ({ page }) => {
    await page.goto(await firstBlogPath(page));
    expect(await scan(page)).toEqual([]);
  });

  test("404 page", async ({ page }) => {
    await page.goto("/nothing-here");
    expect(await scan(page)).toEqual([]);
  });

  test("gallery image dialog", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    await page.getByTestId("image-grid").getByRole("link").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await scan(page)).toEqual([]);
  });

  test("donation dialog", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Donate" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await scan(page)).toEqual([]);
  });

  test("mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/objectives");
    await hydrated(page);
    await page.locator("header details summary").click();
    expect(await scan(page)).toEqual([]);
  });
});
