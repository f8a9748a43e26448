import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { AppLoadContext } from "react-router";
import { ContentCache, type CopyState } from "~/lib/cache.server";
import { brotliText, type Encoding, pickEncoding } from "~/lib/compressed.server";
import { sendResponse, toFetchRequest } from "./fetch-bridge";

const gzip = promisify(zlib.gzip);

/**
 * A rendered public page, ready to send: for each encoding the body and every header it goes out
 * with (security headers and the CSP with the nonce inside the page included), as flat lists for
 * `writeHead`. Compressed once, when it is stored.
 */
export interface CachedPage {
  etag: string;
  variants: Record<Encoding, { body: Buffer; headers: string[] }>;
  /** Headers of a 304 answer (no body, no Content-Length). */
  notModified: string[];
  bytes: number;
}

/** Biggest page worth keeping (the home page is about 60 KB before compression). */
const MAX_CACHED_BODY = 1024 * 1024;
/** Headers not replayed from the cache: they are recomputed for the body actually sent. */
const SKIP_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "set-cookie",
  "vary",
  "etag",
  "x-cache",
  "date",
]);

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

// Browsers send a handful of distinct Accept-Encoding values: parse each once.
const encodingByHeader = new Map<string, Encoding>();
function encodingFor(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? "";
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = pickEncoding(header) ?? "identity";
    if (encodingByHeader.size >= 64) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/** If-None-Match names this ETag (weak comparison, as for GET; `*` matches any). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/** A page that may not be kept: sent as it is (no copy is shared with other visitors). */
class UncacheableResponse extends Error {
  constructor(
    readonly response: Response,
    readonly owner: object,
  ) {
    super(`not cacheable: HTTP ${response.status}`);
  }
}

/** A failed render's answer, kept so every visitor waiting on that render can be sent it. */
class FailedRender extends Error {
  constructor(
    readonly status: number,
    readonly headers: [string, string][],
    readonly body: Buffer,
  ) {
    super(`render failed: HTTP ${status}`);
  }
}

export interface PageHandlerOptions {
  /** React Router's handler (`routerRequestHandler` in server/fetch-bridge.ts), or a stand-in (tests). */
  handleRequest: (request: Request, context: AppLoadContext) => Promise<Response>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Keep shareable pages in memory (WEB_CACHE=on). */
  cachePages: boolean;
  ttlMs: number;
  staleIfErrorMs: number;
  changeWaitMs?: number;
  maxEntries: number;
  /** Memory the cached pages may take (default 48 MiB). */
  maxBytes?: number;
  /** Clock for the cache (tests). */
  clock?: { now(): number };
  /**
   * The query parameters the page at `pathname` reads, as its route declares them (`handle.query`,
   * app/lib/static-page.ts); undefined when its route declares none (then the whole URL is the key).
   */
  queryOf?: (pathname: string) => readonly string[] | undefined;
}

/**
 * The page cache's key for a requested path and query: the path, and only the query parameters the
 * page reads, sorted by name (each name's values in their order). Any other parameter (`?utm_source=`,
 * `?x=1`) gets the same copy, so a visitor cannot make new copies of a page by varying its URL, and
 * the page is rendered from this URL, so it cannot show them either.
 */
export function pageKey(url: string, query: readonly string[] | undefined): string {
  const mark = url.indexOf("?");
  if (mark === -1 || !query) return url;
  const path = url.slice(0, mark);
  const read = [...new URLSearchParams(url.slice(mark + 1))].filter(([name]) => query.includes(name));
  read.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(read).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * React Router's request handler for GET and HEAD, with a cache of whole public pages in front
 * (app/lib/cache.server.ts: fresh copies from memory, old ones refreshed in the background, the
 * last good copy while the CMS fails). A page is kept with the CSP header it was rendered with:
 * the nonce inside the page and the nonce in the header are the same value, which is all a nonce
 * needs (docs/security.md, "Cached pages and the CSP nonce").
 */
export function createPageHandler(opts: PageHandlerOptions) {
  const { handleRequest } = opts;
  // Bounded in bytes too: paths (and the query parameters a page reads, pageKey) make distinct keys.
  const pages = new ContentCache<CachedPage>({
    enabled: opts.cachePages,
    maxEntries: opts.maxEntries,
    ttlMs: opts.ttlMs,
    staleIfErrorMs: opts.staleIfErrorMs,
    changeWaitMs: opts.changeWaitMs,
    maxBytes: opts.maxBytes ?? 48 * 1024 * 1024,
    sizeOf: (page) => page.bytes,
    // A server error (the CMS failing) keeps the last good page; a 404 or a redirect replaces it.
    keepCopyOn: (error) => !(error instanceof UncacheableResponse),
    clock: opts.clock,
  });

  const keyOf = (url: string) => (url.includes("?") ? pageKey(url, opts.queryOf?.(url.slice(0, url.indexOf("?")))) : url);

  /** Renders the page at `key` (path and query) for `req` as a page to keep, or throws what to send instead. */
  const renderToKeep = (req: ExpressRequest, res: ExpressResponse, owner: object, key: string) => {
    // Taken now: a background refresh runs after this visitor's response has gone. A HEAD
    // request renders the page as a GET would, so both share the copy.
    const request = toFetchRequest(req, res, { abortable: false, method: "GET", url: key });
    const context = opts.getLoadContext(req, res);
    // Security headers and the CSP with this render's nonce, set by earlier middleware.
    const sentHeaders = Object.entries(res.getHeaders());
    return async (): Promise<CachedPage> => {
      const response = await handleRequest(request, context);
      const headers: [string, string][] = [];
      for (const [name, value] of sentHeaders) {
        if (value !== undefined && !SKIP_HEADERS.has(name)) headers.push([name, String(value)]);
      }
      for (const [name, value] of response.headers) if (!SKIP_HEADERS.has(name)) headers.push([name, value]);
      if (response.status >= 500) throw new FailedRender(response.status, headers, Buffer.from(await response.arrayBuffer()));
      if (!isShareablePage(response) || !response.body) throw new UncacheableResponse(response, owner);
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_CACHED_BODY) throw new UncacheableResponse(new Response(body, response), owner);
      return await preparePage(headers, body);
    };
  };

  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      if (!opts.cachePages) return await sendResponse(res, await handleRequest(toFetchRequest(req, res), opts.getLoadContext(req, res)));
      const owner = {};
      let read;
      try {
        const key = keyOf(req.originalUrl);
        read = await pages.read(key, renderToKeep(req, res, owner, key));
      } catch (error) {
        if (error instanceof FailedRender) return sendFailed(res, error);
        // Not shareable: only the visitor it was rendered for may see it; the others render their own.
        if (!(error instanceof UncacheableResponse)) throw error;
        if (error.owner === owner) return await sendResponse(res, error.response);
        return await sendResponse(res, await handleRequest(toFetchRequest(req, res), opts.getLoadContext(req, res)));
      }
      sendPage(req, res, read.value, read.state);
    } catch (error) {
      next(error);
    }
  };

  /**
   * The fast path for the common case, before any middleware: a fresh copy of the requested page
   * goes out with one writeHead and one end. Anything else returns false and takes the normal way.
   */
  const serveFresh = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const page = pages.fresh(keyOf(req.url ?? ""));
    if (!page) return false;
    sendPage(req, res, page, "hit");
    return true;
  };

  return Object.assign(handler, { serveFresh, pages });
}

/** Compresses the page once and lays out the headers of each way it can be sent. */
async function preparePage(headers: [string, string][], body: Buffer): Promise<CachedPage> {
  const [br, gz] = await Promise.all([brotliText(body), gzip(body, { level: 9 })]);
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const common = [...headers.flat(), "ETag", etag, "Vary", "Accept-Encoding"];
  const variant = (encoded: Buffer, encoding: Encoding) => ({
    body: encoded,
    headers: [...common, ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]), "Content-Length", String(encoded.length)],
  });
  return {
    etag,
    variants: { br: variant(br, "br"), gzip: variant(gz, "gzip"), identity: variant(body, "identity") },
    notModified: common,
    bytes: body.length + br.length + gz.length + 2048,
  };
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: CopyState) {
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, [...page.notModified, "X-Cache", state]);
    res.end();
    return;
  }
  const variant = page.variants[encodingFor(req.headers["accept-encoding"])];
  if (res.headersSent) return;
  // Headers set earlier on this response (the per-request CSP) give way to the page's own.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(200, [...variant.headers, "X-Cache", state]);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
}

/** The failed render's answer with the headers it was rendered with (its nonce is in the body). */
function sendFailed(res: ExpressResponse, failed: FailedRender) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.status(failed.status);
  for (const [name, value] of failed.headers) res.setHeader(name, value);
  res.end(failed.body);
}
