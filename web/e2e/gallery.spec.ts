import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

/** The demo videos: other tests add videos of their own meanwhile (titled with a unique suffix, then "(edited)" after an edit), and remove them or withdraw their consent. */
const demoVideos = (page: Page) =>
  page
    .getByTestId("video-grid")
    .locator("article")
    .filter({ hasNot: page.getByRole("heading", { name: /\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{11,13}( \(edited\))?$/ }) });

test.describe("gallery", () => {
  test("tabs are links; images open a modal with title, image, description and Close", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    const tabs = page.getByRole("navigation", { name: "Gallery sections" });
    await expect(tabs.getByRole("link", { name: "Images" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Videos" })).toHaveAttribute("href", "/gallery?tab=videos");

    const first = page.getByTestId("image-grid").getByRole("link").first();
    const label = (await first.getAttribute("aria-label"))!.replace(/^Open image: /, "");
    await first.click();
    const dialog = page.getByRole("dialog", { name: label });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("img")).toBeVisible();
    await expect(dialog.locator("p")).not.toBeEmpty();
    const close = dialog.getByRole("link", { name: "Close" });
    await expect(close).toBeFocused();

    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/gallery");
    await expect(first).toBeFocused();

    await first.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("videos: players that preload nothing, descriptions cut at 80 characters with Read more / Show less", async ({ page }) => {
    await page.goto("/gallery");
    await hydrated(page);
    await page.getByRole("link", { name: "Videos" }).click();
    await expect(page).toHaveURL("/gallery?tab=videos");
    const grid = page.getByTestId("video-grid");
    await expect(grid.locator("video").first()).toHaveAttribute("preload", "none");
    // A stable handle on the first card with a toggle (its button's name changes below).
    const articles = grid.locator("article");
    let index = 0;
    while ((await articles.nth(index).getByRole("button", { name: "Read more" }).count()) === 0) index++;
    const card = articles.nth(index);
    const description = card.getByTestId("video-description");
    const short = (await description.innerText()).trim();
    expect(short.endsWith("...")).toBe(true);
    expect(short.length).toBeLessThanOrEqual(83);
    await card.getByRole("button", { name: "Read more" }).click();
    const full = (await description.innerText()).trim();
    expect(full.length).toBeGreaterThan(80);
    expect(full.startsWith(short.slice(0, -3).trimEnd())).toBe(true);
    await card.getByRole("button", { name: "Show less" }).click();
    expect((await description.innerText()).trim()).toBe(short);
  });

  test("a video streams through the web server with range requests", async ({ page, request }) => {
    await page.goto("/gallery?tab=videos");
    const src = await demoVideos(page).locator("video source").first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\//);
    const partial = await request.get(src!, { headers: { Range: "bytes=0-99" } });
    expect(partial.status()).toBe(206);
    expect(partial.headers()["content-range"]).toMatch(/^bytes 0-99\//);
    expect((await partial.body()).length).toBe(100);
  });

  test("each demo video shows its own poster frame, a small WebP, before it is played", async ({ page, request }) => {
    await page.goto("/gallery?tab=videos");
    const demo = demoVideos(page);
    const posters = await demo.locator("video").evaluateAll((videos) => videos.map((video) => video.getAttribute("poster")));
    expect(posters.length).toBeGreaterThanOrEqual(3);
    for (const poster of posters) {
      expect(poster).toMatch(/^\/img\/500\/webp\/.+\.jpg$/);
      const response = await request.get(poster!);
      expect(response.headers()["content-type"]).toBe("image/webp");
      expect((await response.body()).length).toBeLessThan(60_000);
    }
  });
});
