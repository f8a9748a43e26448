// First-load weight of a page, by kind, as a phone (390 px) downloads it:
// node e2e/support/page-weight.mjs [url]. Text is measured gzip-compressed.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const url = process.argv[2] ?? "http://127.0.0.1:3000/";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
const seen = new Map();
page.on("response", async (response) => {
  const type = response.request().resourceType();
  if (seen.has(response.url()) || response.status() >= 300) return;
  seen.set(response.url(), { type, body: await response.body().catch(() => Buffer.alloc(0)) });
});
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(1500);
await browser.close();

const kinds = {};
for (const [u, { type, body }] of seen) {
  const kind = type === "document" ? "html" : type === "stylesheet" ? "css" : type === "script" ? "js" : type === "image" ? "images" : type;
  const bytes = ["html", "css", "js"].includes(kind) ? gzipSync(body, { level: 6 }).length : body.length;
  kinds[kind] ??= { files: 0, bytes: 0, list: [] };
  kinds[kind].files++;
  kinds[kind].bytes += bytes;
  kinds[kind].list.push(`${(bytes / 1024).toFixed(1)} KB ${new URL(u).pathname}`);
}
let total = 0;
for (const [kind, k] of Object.entries(kinds)) {
  total += k.bytes;
  console.log(
    `${kind.padEnd(7)} ${String(k.files).padStart(2)} files ${(k.bytes / 1024).toFixed(1).padStart(7)} KB${["html", "css", "js"].includes(kind) ? " (gzip)" : ""}`,
  );
  if (process.env.VERBOSE) for (const line of k.list) console.log(`          ${line}`);
}
console.log(`total   ${(total / 1024).toFixed(1).padStart(16)} KB`);
