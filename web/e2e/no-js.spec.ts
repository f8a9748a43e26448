import { expect, test } from "./support/fixtures";

test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  test("home shows the first slide, all benefit cards and the admission lists", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-slide='0'] h2")).toBeVisible();
    await expect(page.locator("[data-slide='1'] h2")).toBeHidden();
    const cards = page.locator("[data-reveal]");
    await expect(cards).toHaveCount(9);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toHaveCSS("opacity", "1");
    await expect(page.getByRole("heading", { name: "Required Documents for Child Admission" })).toBeVisible();
  });

  test("gallery images are links that open the image; tabs are links", async ({ page }) => {
    await page.goto("/gallery");
    await page.getByTestId("image-grid").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/gallery\?image=\d+$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Videos" }).click();
    await expect(page).toHaveURL("/gallery?tab=videos");
    // Whole descriptions, no toggle that would need a script.
    await expect(page.getByRole("button", { name: "Read more" })).toHaveCount(0);
    const texts = await page.getByTestId("video-description").allInnerTexts();
    expect(texts.some((t) => t.trim().length > 80 && !t.trim().endsWith("..."))).toBe(true);
  });

  test("the mobile menu still opens, and Donate leads to the ways to give", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.locator("header details summary").click();
    await expect(page.locator("header details nav")).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Donate" }).click();
    await expect(page).toHaveURL("/donate");
    await expect(page.getByRole("heading", { name: "Ways to give" })).toBeVisible();
  });

  test("blog details and committee read completely", async ({ page }) => {
    await page.goto("/blogs");
    await page.getByTestId("blog-list").getByRole("link").first().click();
    await expect(page.getByTestId("blog-content")).not.toBeEmpty();
    await page.goto("/current-committee");
    expect(await page.getByTestId("committee-list").locator("li").count()).toBeGreaterThan(0);
  });
});
