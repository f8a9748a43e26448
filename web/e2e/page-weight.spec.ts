import { gzipSync } from "node:zlib";
import { expect, firstBlogPath, hydrated, test } from "./support/fixtures";

// budgets for the first load of a public page on a phone (390 px wide, 2x screen):
// HTML <= 60 KB, CSS <= 25 KB, JS <= 100 KB (gzip), everything including images <= 600 KB.
const BUDGET = { html: 60_000, css: 25_000, js: 100_000, total: 600_000 };

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

test("first loads stay within the page-weight budgets", async ({ page }) => {
  const pages = [
    "/",
    "/objectives",
    "/current-committee",
    "/organization",
    "/blogs",
    await firstBlogPath(page),
    "/gallery",
    "/gallery?tab=videos",
    "/contact",
    "/donate",
    "/ne/donate",
  ];
  const rows: string[] = [];
  for (const path of pages) {
    const bodies: Promise<{ kind: string; bytes: number; url: string }>[] = [];
    const listener = (response: import("@playwright/test").Response) => {
      const type = response.request().resourceType();
      const kind = type === "document" ? "html" : type === "stylesheet" ? "css" : type === "script" ? "js" : type;
      if (response.status() >= 300 || response.url().startsWith("data:")) return;
      bodies.push(
        response
          .body()
          .then((body) => ({
            kind,
            url: response.url(),
            bytes: ["html", "css", "js"].includes(kind) ? gzipSync(body, { level: 6 }).length : body.length,
          }))
          .catch(() => ({ kind, url: response.url(), bytes: 0 })),
      );
    };
    page.on("response", listener);
    await page.goto(path, { waitUntil: "networkidle" });
    await hydrated(page);
    page.off("response", listener);
    const all = await Promise.all(bodies);
    const by = (kind: string) => all.filter((b) => b.kind === kind).reduce((t, b) => t + b.bytes, 0);
    // Only this site's own files count (the contact page's map is OpenStreetMap's, and lazy).
    const total = all.filter((b) => new URL(b.url).origin === new URL(page.url()).origin).reduce((t, b) => t + b.bytes, 0);
    rows.push(
      `${path.padEnd(22)} html ${(by("html") / 1000).toFixed(1)} css ${(by("css") / 1000).toFixed(1)} js ${(by("js") / 1000).toFixed(1)} images ${(by("image") / 1000).toFixed(1)} total ${(total / 1000).toFixed(1)} KB`,
    );
    expect(by("html"), `${path} HTML`).toBeLessThanOrEqual(BUDGET.html);
    expect(by("css"), `${path} CSS`).toBeLessThanOrEqual(BUDGET.css);
    expect(by("js"), `${path} JS`).toBeLessThanOrEqual(BUDGET.js);
    expect(total, `${path} total`).toBeLessThanOrEqual(BUDGET.total);
  }
  console.log(rows.join("\n"));
});

test("images: never much larger than shown, WebP when the browser takes it, sized, lazy below the fold", async ({ page }) => {
  for (const path of ["/", "/gallery", "/current-committee", "/blogs"]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await hydrated(page);
    // Bring every lazy image in, then wait for them to finish.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForLoadState("networkidle");
    const images = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => img.currentSrc.includes("/img/") && img.complete && img.getBoundingClientRect().width > 0)
        .map((img) => {
          const box = img.getBoundingClientRect();
          // object-fit: cover fills the box; the picture is shown at least as large as its box.
          const scale = Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
          return {
            src: img.currentSrc,
            shownWidth: img.naturalWidth * scale * devicePixelRatio,
            naturalWidth: img.naturalWidth,
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
          };
        }),
    );
    expect(images.length, path).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.src, path).toMatch(/\/img\/\d+\/webp\//);
      expect(image.width && image.height, `${image.src} has width and height`).toBeTruthy();
      // At most ~1.25x the pixels shown (1.12x the width; one step of the width list is <= 1.15x).
      expect(image.naturalWidth / image.shownWidth, image.src).toBeLessThanOrEqual(1.15);
    }
  }
});
