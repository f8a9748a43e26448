import { describe, expect, it } from "vitest";
import { isShareablePage, pickEncoding } from "./page-handler";

const page = (status: number, headers: Record<string, string>) => new Response("<html></html>", { status, headers });

describe("isShareablePage", () => {
  it("keeps only 200 HTML pages that say public and set no cookie", () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    expect(isShareablePage(page(200, { ...html, "cache-control": "public, max-age=0, s-maxage=60" }))).toBe(true);
    expect(isShareablePage(page(200, { ...html, "cache-control": "no-store" }))).toBe(false);
    expect(isShareablePage(page(200, html))).toBe(false);
    expect(isShareablePage(page(503, { ...html, "cache-control": "public, s-maxage=60" }))).toBe(false);
    expect(isShareablePage(page(200, { ...html, "cache-control": "public", "set-cookie": "s=1" }))).toBe(false);
    expect(isShareablePage(page(200, { "content-type": "application/json", "cache-control": "public" }))).toBe(false);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("*")).toBe("br");
  });
});

describe("createPageHandler (the cache of public pages)", async () => {
  const { default: express } = await import("express");
  const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
  const { invalidateContent } = await import("~/lib/cache.server");
  const { createPageHandler } = await import("./page-handler");

  let renders = 0;
  let release: (() => void) | null = null;
  let slow = false;
  let nonce = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${++nonce}'`);
    next();
  });
  app.use(
    createPageHandler({
      build: {} as never,
      handleRequest: async (request) => {
        renders++;
        if (slow) await new Promise<void>((resolve) => (release = resolve));
        const url = new URL(request.url);
        const html = `<html><body>${url.pathname} render ${renders} ${"x".repeat(2000)}</body></html>`;
        const cacheControl = url.pathname === "/admin" ? "no-store" : "public, max-age=0, s-maxage=60";
        return new Response(html, { status: url.pathname === "/missing" ? 404 : 200, headers: { "Content-Type": "text/html", "Cache-Control": cacheControl } });
      },
      getLoadContext: () => ({ nonce: "" }),
      cachePages: true,
      ttlMs: 60_000,
      maxEntries: 100,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
  const { afterAll } = await import("vitest");
  afterAll(() => server.close());
  const http = await import("node:http");
  // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests and
  // always decompresses.
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("renders a public page once, then answers from memory with the CSP it was rendered with", async () => {
    const first = await fetch(`${base}/a`);
    const firstText = await first.text();
    const second = await fetch(`${base}/a`);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(firstText);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    // ETag: a browser revalidating gets a 304.
    const again = await rawGet("/a", { "If-None-Match": second.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("sends the page compressed as the browser asks", async () => {
    const raw = await fetch(`${base}/b`, { headers: { "Accept-Encoding": "identity" } });
    const body = await raw.text();
    for (const [encoding, decompress] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
      const response = await rawGet("/b", { "Accept-Encoding": encoding });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["vary"]).toContain("Accept-Encoding");
      expect(decompress(response.body).toString()).toBe(body);
    }
  });

  it("never keeps errors or pages that are not public", async () => {
    const before = renders;
    await fetch(`${base}/missing`);
    await fetch(`${base}/missing`);
    await fetch(`${base}/admin`);
    await fetch(`${base}/admin`);
    expect(renders - before).toBe(4);
  });

  it("forgets every page when content changes", async () => {
    await fetch(`${base}/c`);
    const before = renders;
    invalidateContent();
    const response = await fetch(`${base}/c`);
    expect(response.headers.get("x-cache")).toBe("miss");
    expect(renders).toBe(before + 1);
  });

  it("lets visitors arriving together share one render", async () => {
    slow = true;
    const before = renders;
    const all = Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/d`).then((r) => r.text())));
    while (!release) await new Promise((r) => setTimeout(r, 5));
    slow = false;
    release();
    const bodies = await all;
    expect(renders).toBe(before + 1);
    expect(new Set(bodies).size).toBe(1);
  });
});
