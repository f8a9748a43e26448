import { expect, test } from "@playwright/test";
import { hydrated, login, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

test.describe("admin accessibility (axe-core: no serious or critical violations)", () => {
  test("login, with and without errors", async ({ page }) => {
    await page.goto("/login");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("dashboard and lists", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page);
    expect(await seriousViolations(page)).toEqual([]);
    for (const path of ["/teams", "/gallery/images", "/gallery/videos", "/bloglist", "/staff", "/account"]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test("forms, empty and showing their errors", async ({ page }) => {
    test.slow(); // four axe-core scans
    await login(page, "/teams/new");
    expect(await seriousViolations(page)).toEqual([]);
    for (const path of ["/gallery/videos/new", "/blogs/new"]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("account forms showing their errors", async ({ page }) => {
    test.slow(); // two axe-core scans after two hydrations
    await login(page, "/staff");
    await hydrated(page);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    expect(await seriousViolations(page), "/staff").toEqual([]);
    await page.goto("/account");
    await hydrated(page);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is required")).toBeVisible();
    expect(await seriousViolations(page), "/account").toEqual([]);
  });

  for (const list of ["/teams", "/gallery/images", "/bloglist"]) {
    test(`detail and edit pages of ${list}`, async ({ page }) => {
      test.slow(); // two axe-core scans
      await login(page, list);
      const view = page
        .getByRole("main")
        .getByRole("link", { name: /^View / })
        .first();
      await page.goto((await view.getAttribute("href"))!);
      await expect(page.getByRole("link", { name: /^Edit / })).toBeVisible();
      expect(await seriousViolations(page), `${list} detail`).toEqual([]);
      await page.getByRole("link", { name: /^Edit / }).click();
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
      expect(await seriousViolations(page), `${list} edit`).toEqual([]);
    });
  }

  test("the delete confirmation dialog", async ({ page }) => {
    await login(page, "/teams");
    await hydrated(page);
    await page
      .getByRole("main")
      .getByRole("link", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
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
