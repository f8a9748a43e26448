import { expect, firstBlogPath, hydrated, PUBLIC_PAGES, scanPage as scan, test } from "./support/fixtures";

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  // An axe-core scan of a whole page takes seconds of CPU; on a busy two-core machine a page with
  // its dialog open has taken over 30 s.
  test.describe.configure({ timeout: 90_000 });

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
