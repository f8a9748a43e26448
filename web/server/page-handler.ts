import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { contentGeneration, LruTtl } from "~/lib/cache.server";
import { sendResponse, toFetchRequest } from "./fetch-bridge";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered public page, kept with the headers it was sent with (its CSP nonce included). */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  encoded: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
}

/** Biggest page worth keeping (the home page is about 60 KB before compression). */
const MAX_CACHED_BODY = 1024 * 1024;
/** Headers not replayed from the cache: they are recomputed for the body actually sent. */
const SKIP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "set-cookie", "vary"]);

/**
 * A response may be kept and shared only if it says so itself: a 200 HTML page with
 * `Cache-Control: public` and no cookie (the same rule a CDN applies). Public pages export
 * that header (app/lib/http-cache.ts); everything else (admin, login, errors) is no-store.
 */
export function isShareablePage(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    /^text\/html\b/i.test(response.headers.get("content-type") ?? "") &&
    /(^|,)\s*public\s*(,|$)/i.test(cacheControl) &&
    !/no-store|private/i.test(cacheControl) &&
    !response.headers.has("set-cookie")
  );
}

/** br, then gzip, then nothing, as the client's Accept-Encoding allows (q=0 means no). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Instead of React Router's handler for `build` (tests). */
  handleRequest?: (request: Request, context: AppLoadContext) => Promise<Response>;
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Keep shareable pages in memory (WEB_CACHE=on). */
  cachePages: boolean;
  ttlMs: number;
  maxEntries: number;
  /** Memory the cached pages may take (default 48 MiB). */
  maxBytes?: number;
}

/**
 * React Router's request handler for GET and HEAD, with a cache of whole public pages in front.
 * A hit is served from memory, already compressed (brotli or gzip made once per page), with the
 * CSP header the page was rendered with: the nonce inside the page and the nonce in the header
 * are the same value, which is all a nonce needs (a CDN caching the page does exactly this).
 * The cache empties whenever the CMS reports a change (app/lib/cache.server.ts).
 */
export function createPageHandler(opts: PageHandlerOptions) {
  const handleRequest = opts.handleRequest ?? createRequestHandler(opts.build, opts.mode ?? process.env.NODE_ENV);
  // Bounded in bytes too: query strings make distinct keys (?utm=...), so a crawler or an
  // attacker could otherwise fill memory with copies of the same page.
  const pages = new LruTtl<CachedPage>({
    maxEntries: opts.cachePages ? opts.maxEntries : 0,
    ttlMs: opts.ttlMs,
    maxBytes: opts.maxBytes ?? 48 * 1024 * 1024,
    // The page plus its brotli and gzip copies (about a quarter of it together).
    sizeOf: (page) => Math.ceil(page.body.length * 1.3),
  });
  let pagesGeneration = contentGeneration();
  // Renders under way, by key: visitors arriving together after an edit share one render.
  const rendering = new Map<string, Promise<CachedPage | null>>();

  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      if (pagesGeneration !== contentGeneration()) {
        pages.clear();
        pagesGeneration = contentGeneration();
      }
      const key = req.originalUrl;
      const hit = opts.cachePages ? pages.get(key) : undefined;
      if (hit) {
        await sendCached(req, res, hit, "hit");
        return;
      }
      const shared = opts.cachePages ? await rendering.get(key) : null;
      if (shared) {
        await sendCached(req, res, shared, "hit");
        return;
      }
      const generation = contentGeneration();
      let settle: (page: CachedPage | null) => void = () => {};
      const owner = opts.cachePages && req.method === "GET" && !rendering.has(key);
      if (owner) rendering.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const request = toFetchRequest(req, res);
        const response = await handleRequest(request, opts.getLoadContext(req, res));
        if (opts.cachePages && req.method === "GET" && isShareablePage(response) && response.body) {
          const body = Buffer.from(await response.arrayBuffer());
          const page: CachedPage = {
            status: response.status,
            headers: [...response.headers.entries()].filter(([name]) => !SKIP_HEADERS.has(name.toLowerCase())),
            body,
            etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
            encoded: {},
          };
          const csp = res.getHeader("Content-Security-Policy");
          if (typeof csp === "string") page.headers.push(["content-security-policy", csp]);
          // Rendered from content that changed meanwhile: send it, but neither keep nor share it.
          const current = generation === contentGeneration();
          if (body.length <= MAX_CACHED_BODY && current) pages.set(key, page);
          settle(current ? page : null);
          await sendCached(req, res, page, "miss");
          return;
        }
        settle(null);
        await sendResponse(res, response);
      } finally {
        settle(null);
        if (owner) rendering.delete(key);
      }
    } catch (error) {
      next(error);
    }
  };
  return handler;
}

async function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "hit" | "miss") {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", state);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req.get("accept-encoding"));
  let body = page.body;
  if (encoding) {
    page.encoded[encoding] ??=
      encoding === "br"
        ? brotli(page.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          })
        : gzip(page.body, { level: 9 });
    body = await page.encoded[encoding];
    // The compression middleware leaves a response alone once it has a Content-Encoding.
    res.setHeader("Content-Encoding", encoding);
  }
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
