import { statSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { CMS_URL, hydrated, login, markdownOf, STILL_PAGES, unique } from "./support";
import { privateTags, writePhonePhoto } from "./phone-photo";

test.use(STILL_PAGES);

test("a phone photo inserted in a post's text, with its description, reaches visitors resized through /img without its GPS", async ({
  page,
}, testInfo) => {
  test.slow();
  const original = testInfo.outputPath("phone-photo.jpg");
  await writePhonePhoto(original);
  expect(statSync(original).size).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(privateTags(original)).toContain("GPS:GPSLatitude");

  await login(page, "/blogs/new");
  await hydrated(page);
  const title = unique("Kites at Dashain");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author name").fill("Sita Sharma");
  const editor = page.getByRole("textbox", { name: "Content", exact: true });
  await editor.click();
  await page.keyboard.type("The children flew kites from the roof.");
  await page.keyboard.press("Enter");

  // The toolbar's Insert photo opens the phone's gallery or camera.
  const chooser = page.waitForEvent("filechooser");
  await page
    .getByRole("toolbar", { name: /^Formatting of / })
    .getByRole("button", { name: "Insert photo", exact: true })
    .click();
  expect((await chooser).isMultiple()).toBe(false);
  await (await chooser).setFiles(original);
  const dialog = page.getByRole("dialog", { name: "Photo in the text" });
  await expect(dialog).toBeVisible();
  // Its own description, required: the post's title is not one.
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog.getByText("Photo description is required")).toBeVisible();
  await dialog.getByLabel("Photo description").fill("Children flying kites from the roof");
  await dialog.getByRole("button", { name: "Insert" }).click();
  // Resizing 12 megapixels and sending them takes a while on a slow machine: no time is asserted.
  await expect(dialog).toBeHidden({ timeout: 90_000 });
  await expect(editor.locator("img[alt='Children flying kites from the roof']")).toBeVisible();
  await expect(markdownOf(page, "Content")).toHaveValue(
    /^The children flew kites from the roof\.\n\n!\[Children flying kites from the roof\]\(\/uploads\/post[-_]photo_\w+\.jpg\)$/,
  );
  const markdown = await markdownOf(page, "Content").inputValue();
  const upload = /\((\/uploads\/[^)]+)\)/.exec(markdown)![1]!;

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const edit = page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  const id = /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;

  // Stored: the upright photo at the site's size, without a trace of where it was taken.
  const stored = Buffer.from(await (await fetch(`${CMS_URL}${upload}`)).arrayBuffer());
  const storedPath = testInfo.outputPath("stored.jpg");
  writeFileSync(storedPath, stored);
  const storedMeta = await sharp(stored).metadata();
  expect([storedMeta.width, storedMeta.height]).toEqual([1920, 2560]);
  expect(privateTags(storedPath)).toEqual([]);

  // Visitors get it through /img at the widths they need, lazy, with its width and height; never the original.
  await page.goto(`/blogs/details/${id}`);
  const content = page.getByTestId("blog-content");
  const photo = content.getByRole("img", { name: "Children flying kites from the roof" });
  await expect(photo).toHaveAttribute("width", "1920");
  await expect(photo).toHaveAttribute("height", "2560");
  await expect(photo).toHaveAttribute("loading", "lazy");
  await expect(photo).toHaveAttribute("decoding", "async");
  await expect(photo).toHaveAttribute("src", /^\/img\/\d+\/jpeg\/post[-_]photo_\w+\.jpg$/);
  await expect(photo).toHaveAttribute("srcset", /^\/img\/\d+\/jpeg\/post[-_]photo_\w+\.jpg \d+w, /);
  expect(await content.innerHTML()).not.toContain("/uploads/");
  const loaded: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "image") loaded.push(new URL(response.url()).pathname);
  });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(loaded.filter((path) => /post[-_]photo_/.test(path)).every((path) => path.startsWith("/img/"))).toBe(true);
});
