import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, login } from "./support";

async function seriousViolations(page: Page) {
  await hydrated(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("admin accessibility (axe-core: no serious or critical violations)", () => {
  test("login, with and without errors", async ({ page }) => {
    await page.goto("/login");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("dashboard, lists, forms and details", async ({ page }) => {
    test.slow();
    await login(page);
    expect(await seriousViolations(page)).toEqual([]);
    for (const path of ["/teams", "/gallery/images", "/gallery/videos", "/bloglist", "/teams/new", "/gallery/videos/new", "/blogs/new"]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // A form showing its errors.
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Details and edit forms of seeded items, and the delete dialog.
    for (const list of ["/teams", "/gallery/images", "/bloglist"]) {
      await page.goto(list);
      const view = page.getByRole("main").getByRole("link", { name: /^View / }).first();
      if ((await view.count()) === 0) continue;
      const detail = (await view.getAttribute("href"))!;
      await page.goto(detail);
      await expect(page.getByRole("link", { name: /^Edit / })).toBeVisible();
      expect(await seriousViolations(page), `${list} detail`).toEqual([]);
      await page.getByRole("link", { name: /^Edit / }).click();
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
      expect(await seriousViolations(page), `${list} edit`).toEqual([]);
    }
    await page.goto("/teams");
    await hydrated(page);
    const remove = page.getByRole("main").getByRole("link", { name: /^Delete / }).first();
    if ((await remove.count()) > 0) {
      await remove.click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
    }
  });

  test("phone layout with the menu drawer open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    // The sidebar is hidden until the drawer opens.
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await menu.click();
    const nav = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Admin" });
    await nav.getByRole("button", { name: "Gallery" }).click();
    await expect(nav.getByRole("link", { name: "Images" })).toBeHidden();
    await nav.getByRole("button", { name: "Gallery" }).click();
    await nav.getByRole("link", { name: "Videos" }).click();
    await expect(page).toHaveURL("/gallery/videos");
    await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
