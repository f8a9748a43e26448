import { expect, test } from "@playwright/test";
import { login, STILL_PAGES } from "./support";

test.use(STILL_PAGES);

// A phone on mobile data loads the admin's lists: each thumbnail is a copy at the size it is
// shown, never the upload itself (a phone photo is megabytes).
for (const list of ["/bloglist", "/gallery/images", "/teams"]) {
  test(`the list ${list} shows resized copies from /img and requests no original upload`, async ({ page }) => {
    await login(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(list);
    const thumbs = page.locator("main table img");
    await expect(thumbs.first()).toBeVisible();
    // Every thumbnail on screen has arrived (lazy ones below the fold are not asked for yet).
    await expect
      .poll(() =>
        thumbs.evaluateAll((images: HTMLImageElement[]) => images.filter((image) => image.loading !== "lazy" || image.complete).length),
      )
      .toBe(await thumbs.count());
    await page.waitForLoadState("load");
    const shown = await thumbs.evaluateAll((images: HTMLImageElement[]) =>
      images.filter((image) => image.complete && image.naturalWidth > 0).map((image) => new URL(image.currentSrc).pathname),
    );
    // A member without a photo shows the placeholder drawing; every photo is a /img copy.
    expect(shown.filter((src) => src.startsWith("/img/")).length).toBeGreaterThan(0);
    for (const src of shown) expect(src).toMatch(/^\/img\/(64|96|144)\/webp\/|^\/avatar-placeholder\.svg$/);
    expect(requested.filter((path) => path.startsWith("/uploads/"))).toEqual([]);
  });
}
