import { expect, hydrated, test } from "./support/fixtures";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test("the mobile menu opens, lists every page and closes after navigating", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const desktopNav = page.locator("header nav").first();
  await expect(desktopNav).toBeHidden();
  const menu = page.locator("header details");
  await menu.locator("summary").click();
  const nav = menu.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  for (const label of ["Home", "Our Objectives", "Committee", "Organization", "Gallery", "Blogs", "Contact Us"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Organization" }).click();
  await expect(page).toHaveURL("/organization");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ORGANIZATION");
  await expect(nav).toBeHidden();
});

test("scroll-to-top returns to the top of the page", async ({ page }) => {
  await page.goto("/organization");
  await page.getByRole("link", { name: "Back to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
