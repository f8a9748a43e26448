/* global document, window -- page.evaluate bodies run in the browser */
// Takes full-page screenshots of the public pages at phone, tablet, laptop and desktop
// widths, for looking at the design: node e2e/support/screenshots.mjs [baseURL] [outDir]
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const out = process.argv[3] ?? "test-results/screenshots";
const widths = (process.env.WIDTHS ?? "360,768,1280,1920").split(",").map(Number);
const pages = (
  process.env.PAGES ?? "/,/objectives,/current-committee,/organization,/blogs,/blogs/details/1,/gallery,/gallery?tab=videos,/contact,/nope"
).split(",");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: Math.round(width < 700 ? 760 : width * 0.6) } });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Scroll through so lazy images load and cards reveal.
    await page.evaluate(async () => {
      document.documentElement.style.scrollBehavior = "auto";
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 120));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    const name = path.replace(/[/?=]+/g, "_").replace(/^_$/, "home") || "home";
    const segment = Number(process.env.SEGMENT ?? 0);
    if (segment > 0) {
      // Long pages in viewable pieces.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height; y += segment, i++) {
        await page.screenshot({
          path: `${out}/${width}-${name}-${i}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(segment, height - y) },
        });
      }
    } else {
      await page.screenshot({ path: `${out}/${width}-${name}.png`, fullPage: process.env.FULL !== "0" });
    }
  }
  await context.close();
}
await browser.close();
