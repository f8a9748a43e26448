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
  uploads.set(
    "/uploads/hills_1a2b.jpg",
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#a8441c" } })
      .jpeg()
      .toBuffer(),
  );
  uploads.set(
    "/uploads/logo_9f.png",
    await sharp({ create: { width: 300, height: 300, channels: 4, background: "#2e6b5e" } })
      .png()
      .toBuffer(),
  );
  cms = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const file = uploads.get(req.url ?? "");
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": file.length });
    res.end(req.method === "HEAD" ? undefined : file);
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "img-test-"));
  images = createImageHandler({ uploadsUrl: `http://127.0.0.1:${(cms.address() as AddressInfo).port}/uploads`, cacheDir });
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
    // A day in the browser; a CDN asks again within a minute (a withdrawn photo leaves it then).
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400, s-maxage=60");
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

describe("remembering which uploads exist", () => {
  // A handler of its own: a small memory to see the bound, and the shared fake CMS.
  async function serve(maxRemembered?: number) {
    const handler = createImageHandler({
      uploadsUrl: `http://127.0.0.1:${(cms.address() as AddressInfo).port}/uploads`,
      cacheDir,
      maxRemembered,
    });
    const app = express();
    app.use("/img", handler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise((resolve) => server.close(resolve)) };
  }
  const lookups = (name: string) => hits.filter((hit) => hit === `HEAD /uploads/${name}`).length;
  /** Asks for `names` (missing uploads), `parallel` at a time; all must be 404. */
  async function askFor(url: string, names: string[], parallel = 16) {
    const queue = [...names];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const response = await fetch(`${url}/img/320/webp/${name}`);
          await response.arrayBuffer();
          if (response.status !== 404) throw new Error(`${name}: ${response.status}`);
        }
      }),
    );
  }

  it("keeps a bounded number: a made-up name pushed out by newer ones is looked up again", async () => {
    const web = await serve(50);
    const names = Array.from({ length: 200 }, (_, i) => `made-up-${i}.jpg`);
    await askFor(web.url, names, 1);
    await askFor(web.url, [names[0]!, names[199]!], 1);
    expect(lookups(names[0]!)).toBe(2); // forgotten: asked again
    expect(lookups(names[199]!)).toBe(1); // recent: still remembered
    await web.close();
  });

  it("scaled up: 40,000 made-up names keep at most the default 10,000 in memory", async () => {
    const handler = createImageHandler({ uploadsUrl: `http://127.0.0.1:${(cms.address() as AddressInfo).port}/uploads`, cacheDir });
    // Called directly (no HTTP on the web side): only the lookups at the CMS cost time.
    const status = async (name: string) => {
      let code = 0;
      const res = {
        headersSent: false,
        setHeader: () => res,
        status: (value: number) => ((code = value), res),
        type: () => res,
        send: () => res,
        sendFile: () => res,
      };
      await handler({ method: "GET", path: `/320/webp/${name}` } as never, res as never);
      return code;
    };
    const names = Array.from({ length: 40_000 }, (_, i) => `attack-${i}.jpg`);
    for (let i = 0; i < names.length; i += 50) {
      const codes = await Promise.all(names.slice(i, i + 50).map(status));
      expect(codes.every((code) => code === 404)).toBe(true);
    }
    // The oldest were forgotten, the newest are still known.
    for (const name of [...names.slice(0, 20), ...names.slice(-20)]) await status(name);
    expect(names.slice(0, 20).map(lookups)).toEqual(Array(20).fill(2));
    expect(names.slice(-20).map(lookups)).toEqual(Array(20).fill(1));
  }, 120_000);
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
