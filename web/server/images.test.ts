import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageHandler, type ImageHandler } from "./images";

// A fake CMS serving /uploads/ from memory, counting what it is asked for.
const uploads = new Map<string, Buffer>();
const hits: string[] = [];
let cms: http.Server;
let web: http.Server;
let base = "";
let cacheDir = "";
let images: ImageHandler;

beforeAll(async () => {
  uploads.set("/uploads/hills_1a2b.jpg", await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#a8441c" } }).jpeg().toBuffer());
  uploads.set("/uploads/logo_9f.png", await sharp({ create: { width: 300, height: 300, channels: 4, background: "#2e6b5e" } }).png().toBuffer());
  cms = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const file = uploads.get(req.url ?? "");
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": file.length });
    res.end(req.method === "HEAD" ? undefined : file);
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "img-test-"));
  images = createImageHandler({ cmsUrl: `http://127.0.0.1:${(cms.address() as AddressInfo).port}`, cacheDir });
  const app = express();
  app.use("/img", images);
  web = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => web.once("listening", resolve));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  web.close();
  cms.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe("GET /img/{width}/{format}/{file}", () => {
  it("resizes an upload to WebP at the asked width, and keeps it for next time", async () => {
    const response = await fetch(`${base}/img/320/webp/hills_1a2b.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("max-age=86400");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 180 });

    const gets = () => hits.filter((h) => h === "GET /uploads/hills_1a2b.jpg").length;
    const before = gets();
    expect((await fetch(`${base}/img/320/webp/hills_1a2b.jpg`)).status).toBe(200);
    expect(gets()).toBe(before); // served from disk, not fetched and resized again
  });

  it("serves the upload's own format as the fallback, never enlarged", async () => {
    const jpeg = await fetch(`${base}/img/640/jpeg/hills_1a2b.jpg`);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(640);
    const png = await fetch(`${base}/img/400/png/logo_9f.png`);
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(300);
  });

  it("refuses widths and formats off the list, other files and odd paths", async () => {
    for (const url of [
      "/img/321/webp/hills_1a2b.jpg", // not an allowed width
      "/img/320/png/hills_1a2b.jpg", // PNG of a JPEG: not a fallback for it
      "/img/320/avif/hills_1a2b.jpg",
      "/img/320/webp/notes.txt",
      "/img/320/webp/..%2F..%2Fetc%2Fpasswd.jpg",
      "/img/320/webp/missing_00.jpg",
    ]) {
      expect((await fetch(`${base}${url}`)).status, url).toBe(404);
    }
  });

  it("stops serving a deleted upload once content has changed", async () => {
    expect((await fetch(`${base}/img/256/webp/logo_9f.png`)).status).toBe(200);
    uploads.delete("/uploads/logo_9f.png");
    images.forgetVerified(); // what a content-change call from the CMS does
    expect((await fetch(`${base}/img/256/webp/logo_9f.png`)).status).toBe(404);
  });
});

describe("createLimiter", () => {
  it("runs at most n tasks at once and counts the ones waiting", async () => {
    const { createLimiter } = await import("./images");
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve();
        });
      });
    const all = Promise.all([limit(task), limit(task), limit(task), limit(task)]);
    expect(limit.waiting()).toBe(2);
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    await all;
    expect(most).toBe(2);
    expect(limit.waiting()).toBe(0);
  });
});
