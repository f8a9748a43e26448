import { describe, expect, it } from "vitest";
import { isShareablePage, pageKey } from "./page-handler";

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

describe("pageKey (a page's copy in the cache)", () => {
  it("keeps the path and only the parameters the page reads, sorted by name", () => {
    expect(pageKey("/blogs?page=2&utm_source=x&fbclid=y", ["page"])).toBe("/blogs?page=2");
    expect(pageKey("/blogs?x=1", ["page"])).toBe("/blogs");
    expect(pageKey("/blogs?", ["page"])).toBe("/blogs");
    expect(pageKey("/gallery?page=2&x=1&tab=videos", ["image", "page", "tab"])).toBe("/gallery?page=2&tab=videos");
    expect(pageKey("/gallery?tab=videos&page=2", ["image", "page", "tab"])).toBe("/gallery?page=2&tab=videos");
    // A repeated parameter keeps its values in order (a list answers it with 404).
    expect(pageKey("/blogs?page=3&x=0&page=2", ["page"])).toBe("/blogs?page=3&page=2");
    // Encoded the one way URLSearchParams writes it.
    expect(pageKey("/gallery?tab=vid%65os", ["tab"])).toBe("/gallery?tab=videos");
  });

  it("keeps the whole URL of a route that does not declare what it reads", () => {
    expect(pageKey("/bloglist?q=rice&page=2", undefined)).toBe("/bloglist?q=rice&page=2");
    expect(pageKey("/contact", [])).toBe("/contact");
  });
});

describe("createPageHandler (the cache of public pages)", async () => {
  const { default: express } = await import("express");
  const http = await import("node:http");
  const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
  const { invalidateContent, RETRY_AFTER_FAILURE_MS } = await import("~/lib/cache.server");
  const { createPageHandler } = await import("./page-handler");

  const TTL = 60_000;
  // Not 0: lru-cache takes a start time of 0 for "no TTL".
  const clock = { t: 1_000_000, now: () => clock.t };
  let renders = 0;
  let release: (() => void) | null = null;
  let slow = false;
  let nonce = 0;
  let arrived = 0;
  /** What the next render of a path answers instead of its page (a failing CMS, a deleted post). */
  const failing = new Map<string, number>();
  const app = express();
  app.use((_req, res, next) => {
    arrived++;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${++nonce}'`);
    res.setHeader("X-Frame-Options", "DENY");
    res.locals.nonce = String(nonce);
    next();
  });
  const pages = createPageHandler({
    handleRequest: async (request, context) => {
      renders++;
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      const url = new URL(request.url);
      const status = failing.get(url.pathname) ?? (url.pathname === "/missing" ? 404 : 200);
      const html = `<html><body nonce="${context.nonce}">${url.pathname}${url.search} render ${renders} ${"x".repeat(2000)}</body></html>`;
      const cacheControl = url.pathname.startsWith("/admin") || status !== 200 ? "no-store" : "public, max-age=0, s-maxage=60";
      return new Response(html, { status, headers: { "Content-Type": "text/html", "Cache-Control": cacheControl } });
    },
    getLoadContext: (_req, res) => ({ nonce: String(res.locals.nonce) }),
    cachePages: true,
    ttlMs: TTL,
    staleIfErrorMs: 3_600_000,
    maxEntries: 100,
    clock,
    // /list reads ?page; the staff pages say nothing (their whole URL is the key); the rest read no parameter.
    queryOf: (pathname) => (pathname === "/list" ? ["page"] : pathname.startsWith("/admin") ? undefined : []),
  });
  app.use(pages);
  // As in server/app.ts: fresh copies before any middleware, the rest through Express.
  const server = http.createServer((req, res) => {
    if (!pages.serveFresh(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
  const { afterAll } = await import("vitest");
  afterAll(() => server.close());
  // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests and
  // always decompresses.
  const rawGet = (path: string, headers: Record<string, string>, method = "GET") =>
    new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${base}${path}`, { headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject)
        .end();
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** The next fresh copy of `path` once the background render (compression runs on libuv's threads) has stored it. */
  const nextHit = async (path: string) => {
    for (let i = 0; i < 500; i++) {
      const response = await fetch(`${base}${path}`);
      if (response.headers.get("x-cache") === "hit") return response;
      await settle();
    }
    throw new Error(`${path} was never stored again`);
  };

  it("renders a public page once, then answers from memory with the headers it was rendered with", async () => {
    const first = await fetch(`${base}/a`);
    const firstText = await first.text();
    const second = await fetch(`${base}/a`);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(firstText);
    // The nonce in the page and in the CSP header are the render's, on every copy sent.
    const csp = second.headers.get("content-security-policy");
    expect(csp).toBe(first.headers.get("content-security-policy"));
    expect(firstText).toContain(`nonce="${/nonce-(\d+)/.exec(csp!)![1]}"`);
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    // ETag: a browser revalidating gets a 304; HEAD gets the headers of the copy.
    const again = await rawGet("/a", { "If-None-Match": second.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawGet("/a", { "Accept-Encoding": "identity" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(firstText)));
    expect(head.body.length).toBe(0);
  });

  it("sends the page compressed as the browser asks", async () => {
    const raw = await fetch(`${base}/b`, { headers: { "Accept-Encoding": "identity" } });
    const body = await raw.text();
    for (const [encoding, decompress] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const response = await rawGet("/b", { "Accept-Encoding": encoding });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["vary"]).toContain("Accept-Encoding");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decompress(response.body).toString()).toBe(body);
    }
    const plain = await rawGet("/b", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(body);
  });

  it("never keeps errors or pages that are not public, and never shares them", async () => {
    const before = renders;
    await fetch(`${base}/missing`);
    await fetch(`${base}/missing`);
    await fetch(`${base}/admin`);
    await fetch(`${base}/admin`);
    expect(renders - before).toBe(4);
    // Two staff members at once: each gets a render of their own.
    slow = true;
    const before2 = arrived;
    const both = Promise.all([fetch(`${base}/admin/x`).then((r) => r.text()), fetch(`${base}/admin/x`).then((r) => r.text())]);
    while (!release || arrived < before2 + 2) await settle();
    slow = false;
    (release as () => void)();
    release = null;
    const [a, b] = await both;
    expect(a).not.toBe(b);
  });

  it("makes the next visitor after a content change wait for the new page", async () => {
    await fetch(`${base}/c`);
    const before = renders;
    invalidateContent();
    const response = await fetch(`${base}/c`);
    expect(response.headers.get("x-cache")).toBe("miss");
    expect(await response.text()).toContain(`render ${before + 1}`);
    expect(renders).toBe(before + 1);
  });

  it("lets visitors arriving together share one render", async () => {
    slow = true;
    const before = renders;
    const came = arrived;
    const all = Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/d`).then((r) => r.text())));
    while (!release || arrived < came + 8) await settle();
    slow = false;
    (release as () => void)();
    release = null;
    const bodies = await all;
    expect(renders).toBe(before + 1);
    expect(new Set(bodies).size).toBe(1);
  });

  it("serves an old page at once after the TTL and renders the new one in the background", async () => {
    const first = await (await fetch(`${base}/e`)).text();
    clock.t += TTL;
    const stale = await fetch(`${base}/e`);
    expect(stale.headers.get("x-cache")).toBe("stale");
    expect(await stale.text()).toBe(first);
    const rendered = renders;
    const fresh = await nextHit("/e");
    expect(await fresh.text()).not.toBe(first);
    expect(renders).toBe(rendered); // one render in the background, none for the visitors
  });

  it("answers with the last good page while renders fail, and recovers", async () => {
    const good = await (await fetch(`${base}/f`)).text();
    failing.set("/f", 503);
    invalidateContent();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}/f`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe("fallback");
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
      expect(await response.text()).toBe(good);
    }
    failing.delete("/f");
    clock.t += RETRY_AFTER_FAILURE_MS;
    expect(await (await fetch(`${base}/f`)).text()).toBe(good); // the retry runs in the background
    const recovered = await nextHit("/f");
    expect(await recovered.text()).not.toBe(good);
  });

  it("sends a failed render to everyone waiting on it when there is no copy", async () => {
    failing.set("/g", 503);
    slow = true;
    const came = arrived;
    const all = Promise.all(Array.from({ length: 3 }, () => fetch(`${base}/g`)));
    while (!release || arrived < came + 3) await settle();
    slow = false;
    (release as () => void)();
    release = null;
    const responses = await all;
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(responses.map((r) => r.headers.get("cache-control"))).toEqual(["no-store", "no-store", "no-store"]);
    failing.delete("/g");
  });

  it("forgets a page that is now gone (404) instead of serving its old copy", async () => {
    await fetch(`${base}/h`);
    failing.set("/h", 404);
    invalidateContent();
    expect((await fetch(`${base}/h`)).status).toBe(404);
    failing.delete("/h");
    invalidateContent();
    expect((await fetch(`${base}/h`)).headers.get("x-cache")).toBe("miss");
  });

  it("keeps one copy of a page, whatever other query parameters its URLs carry (50,000 of them)", async () => {
    await fetch(`${base}/list?page=2`);
    const copies = pages.pages.size;
    const rendered = renders;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const get = (path: string) =>
      new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
        http
          .get(`${base}${path}`, { agent }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string | undefined, body }));
          })
          .on("error", reject);
      });
    let next = 0;
    const answers = new Map<string, number>();
    const bodies = new Set<string>();
    const attacker = async () => {
      while (next < 50_000) {
        const n = next++;
        const { status, cache, body } = await get(n % 2 ? `/list?x=${n}&page=2` : `/list?page=2&utm_source=${n}`);
        answers.set(`${status} ${cache}`, (answers.get(`${status} ${cache}`) ?? 0) + 1);
        bodies.add(body);
      }
    };
    await Promise.all(Array.from({ length: 32 }, attacker));
    agent.destroy();
    expect(Object.fromEntries(answers)).toEqual({ "200 hit": 50_000 });
    expect(bodies.size).toBe(1);
    expect(pages.pages.size).toBe(copies);
    expect(renders).toBe(rendered);
  }, 120_000);

  it("renders a page from its key: parameters it does not read never reach the page", async () => {
    invalidateContent();
    const first = await fetch(`${base}/list?utm_source=mail&page=3&x=%3Cscript%3E`);
    expect(first.headers.get("x-cache")).toBe("miss");
    const body = await first.text();
    expect(body).toContain("/list?page=3 render");
    expect(body).not.toMatch(/utm|script|x=/);
    // Another order, other parameters: the same copy.
    const second = await fetch(`${base}/list?page=3&fbclid=1`);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    // A page that reads nothing: one copy for any query.
    await fetch(`${base}/plain?a=1`);
    const plain = await fetch(`${base}/plain?b=2`);
    expect(plain.headers.get("x-cache")).toBe("hit");
    expect(await plain.text()).toContain("/plain render");
    // Staff pages keep their whole URL (they read what they like, and are never kept).
    expect(await (await fetch(`${base}/admin/list?q=rice`)).text()).toContain("/admin/list?q=rice render");
  });
});
