import { statSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { CMS_URL, hydrated, login, STILL_PAGES, unique, writeMarkdown } from "./support";
import { exiftoolTags, privateTags, writePhonePhoto } from "./phone-photo";

test.use(STILL_PAGES);

/** Whether the pixel at (x, y) is the red marker's red. */
async function isRed(image: Buffer, x: number, y: number): Promise<boolean> {
  const { data } = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return data[0]! > 180 && data[1]! < 80 && data[2]! < 80;
}

test("a phone photo is turned upright, resized and stripped in the browser before it is sent", async ({ page }, testInfo) => {
  test.slow();
  const original = testInfo.outputPath("phone-photo.jpg");
  await writePhonePhoto(original);
  const originalSize = statSync(original).size;
  // The fixture is what the target names: a 4000x3000, ~5 MB phone JPEG with its GPS position.
  expect(originalSize).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(privateTags(original)).toContain("GPS:GPSLatitude");

  await login(page, "/blogs/new");
  await hydrated(page);
  const title = unique("Sunrise from the roof");
  await page.getByLabel("Title").fill(title);
  await writeMarkdown(page, "Content", "The hills at six in the morning.");
  await page.getByLabel("Author name").fill("Sita Sharma");
  await page.getByLabel("Cover image").setInputFiles(original);
  // The input now holds the resized copy (the test stack's image limit is 1 MiB: the original
  // would be refused as too large, the copy is not).
  // Decoding and encoding 12 megapixels takes a while on a slow machine: no time is asserted.
  const chosen = () =>
    page
      .getByLabel("Cover image")
      .evaluate((input: HTMLInputElement) => ({ name: input.files?.[0]?.name, size: input.files?.[0]?.size ?? 0 }));
  await expect.poll(async () => (await chosen()).size, { timeout: 60_000 }).toBeLessThan(originalSize);
  expect((await chosen()).name).toBe("phone-photo.jpg");
  await expect(page.getByText("The file is too large. Images may be at most 1 MB.")).toHaveCount(0);

  // The file the form sends is the one in its input (FormData of the form).
  const photo = Buffer.from(
    await page.getByLabel("Cover image").evaluate(async (input: HTMLInputElement) => {
      const bytes = new Uint8Array(await input.files![0]!.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }),
    "base64",
  );
  // The photo goes ahead as a resumable upload (PATCH /admin/uploads/<id>), then the form's text.
  const bodies: Promise<number>[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/admin/uploads") || path === "/admin/save/blog") {
      bodies.push(request.headerValue("content-length").then((value) => Number(value ?? 0)));
    }
  });
  const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/admin/save/blog");
  await page.getByRole("button", { name: "Save" }).click();
  await sent;
  // What went over the network: at most 800 KB for the whole form, the photo in it.
  const length = (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0);
  expect(length).toBeGreaterThan(photo.length);
  expect(length).toBeLessThanOrEqual(800 * 1024);
  const sentMeta = await sharp(photo!).metadata();
  // Upright (the sensor's landscape shown as the portrait it is), 2560 px on the long side.
  expect([sentMeta.format, sentMeta.width, sentMeta.height]).toEqual(["jpeg", 1920, 2560]);
  expect(sentMeta.exif).toBeUndefined();
  expect(sentMeta.orientation).toBeUndefined();
  // The red marker of the sensor's top-left corner is at the top right once upright.
  expect(await isRed(photo!, 1920 - 50, 50)).toBe(true);
  expect(await isRed(photo!, 50, 50)).toBe(false);
  const sentPath = testInfo.outputPath("sent.jpg");
  writeFileSync(sentPath, photo!);
  expect(privateTags(sentPath)).toEqual([]);

  await expect(page).toHaveURL("/bloglist");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  const id = /\/blogs\/edit\/(\d+)$/.exec((await row.getByRole("link", { name: `Edit ${title}` }).getAttribute("href"))!)![1];
  const saved = (await (await fetch(`${CMS_URL}/api/blog/${id}`)).json()) as { mediaUrl: string };
  // What is stored: the same upright picture, without a trace of where it was taken.
  const stored = Buffer.from(await (await fetch(new URL(saved.mediaUrl, CMS_URL))).arrayBuffer());
  const storedPath = testInfo.outputPath("stored.jpg");
  writeFileSync(storedPath, stored);
  const storedMeta = await sharp(stored).metadata();
  expect([storedMeta.width, storedMeta.height]).toEqual([1920, 2560]);
  expect(await isRed(stored, 1920 - 50, 50)).toBe(true);
  expect(privateTags(storedPath)).toEqual([]);
  expect(exiftoolTags(storedPath)).not.toHaveProperty("IFD0:Orientation");
});

test("a photo with too many pixels is refused the moment it is chosen, with the rule's message", async ({ page }, testInfo) => {
  // A tiny PNG whose header declares 8000x8000 (64 megapixels, past the 40 megapixel limit).
  const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const path = testInfo.outputPath("huge.png");
  writeFileSync(path, bomb);

  await login(page, "/gallery/images/new");
  await hydrated(page);
  await page.getByLabel("Title").fill(unique("Too many pixels"));
  await page.getByLabel("Description").fill("A picture larger than any screen.");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/admin/save/")) posted = true;
  });
  await page.getByLabel("Image file").setInputFiles(path);
  const message = page.getByText("The image is too large in dimensions. Please upload a smaller picture.");
  await expect(message).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message).toBeVisible();
  await expect(page).toHaveURL("/gallery/images/new");
  expect(posted).toBe(false);
  // Smaller than the phone's photo in bytes: it is the pixel count that is refused.
  expect(bomb.length).toBeLessThan(1024 * 1024);
});
