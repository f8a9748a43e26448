import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { fixture, hydrated, login, sessionCookieHeader, STAFF, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// The test stack runs with IMAGE_MAX_BYTES = 1 MiB (playwright.config.ts), so "too
// large" is quick to reach.
const OVER_LIMIT = Buffer.alloc(1024 * 1024 + 100, 0);
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(OVER_LIMIT);

async function imageCount(request: import("@playwright/test").APIRequestContext, cookie: string) {
  const response = await request.get("/gallery/images", { headers: { Cookie: cookie } });
  expect(response.url()).toMatch(/\/gallery\/images$/);
  const html = await response.text();
  return (html.match(/<tr /g) ?? []).length;
}

test.describe("upload rules", () => {
  test("a wrong file type is refused in the browser, and by its bytes on the server", async ({ page }) => {
    await login(page, "/gallery/images/new");
    await hydrated(page);
    const title = unique("Not a picture");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("A text file in disguise.");

    // A .txt file: refused before anything is sent.
    await page.getByLabel("Image file").setInputFiles(fixture("notes.txt"));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Invalid file type. Only jpg, jpeg, png, gif allowed.")).toBeVisible();
    await expect(page).toHaveURL("/gallery/images/new");

    // Text named .png (the browser says image/png): the CMS reads the bytes and refuses it.
    await page.getByLabel("Image file").setInputFiles(fixture("not-a-picture.png"));
    await expect(page.getByText("Invalid file type. Only jpg, jpeg, png, gif allowed.")).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Invalid file type. Only jpg, jpeg, png, gif allowed.");
    await expect(page).toHaveURL("/gallery/images/new");
    // A failed save keeps what the user typed.
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Description")).toHaveValue("A text file in disguise.");
    await page.goto("/gallery/images");
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  });

  test("an oversized image is refused in the browser and with 413 by the server", async ({ page, context }) => {
    await login(page, "/gallery/images/new");
    await hydrated(page);
    await page.getByLabel("Title").fill("Too big");
    await page.getByLabel("Description").fill("Over the limit.");
    await page.getByLabel("Image file").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: OVER_LIMIT });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The file is too large. Images may be at most 1 MB.")).toBeVisible();

    // Past the browser check (a script posting directly): the web server answers 413.
    const Cookie = await sessionCookieHeader(context);
    const before = await imageCount(page.request, Cookie);
    const origin = new URL(page.url()).origin;
    const response = await page.request.post("/admin/save/image", {
      headers: { Origin: origin, Cookie },
      multipart: {
        title: "Too big",
        description: "Over the limit.",
        image: { name: "big.png", mimeType: "image/png", buffer: OVER_LIMIT },
      },
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toMatchObject({
      ok: false,
      errors: { image: ["The file is too large. Images may be at most 1 MB."] },
    });
    expect(await imageCount(page.request, Cookie)).toBe(before);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("login and a plain multipart post still work", async ({ page }) => {
      await page.goto("/login?redirectTo=%2Fgallery%2Fimages%2Fnew");
      await page.getByLabel("Email").fill(STAFF.email);
      await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL("/gallery/images/new");

      // Server-side validation with the same schema and messages.
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Title is required")).toBeVisible();
      await expect(page.getByText("Image file is required")).toBeVisible();

      const title = unique("Posted without JavaScript");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Description").fill("Plain form post.");
      await page.getByLabel("Image file").setInputFiles({
        name: "hills.png",
        mimeType: "image/png",
        buffer: readFileSync(fixture("hills.png")),
      });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL("/gallery/images");
      await expect(page.getByText("Image added.")).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(title) });
      await expect(row).toBeVisible();

      // Delete without JavaScript: the confirmation is a server-rendered dialog.
      await row.getByRole("link", { name: `Delete ${title}` }).click();
      await expect(page).toHaveURL(/\/gallery\/images\?delete=\d+$/);
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
      await expect(page).toHaveURL("/gallery/images");
      await expect(page.getByText("Image deleted.")).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    });
  });
});
