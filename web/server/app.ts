import type { ServerBuild } from "react-router";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { invalidateContent, onInvalidate } from "~/lib/cache.server";
import { cmsReadCache } from "~/lib/cms.server";
import { getBlogCards } from "~/lib/content/collections.server";
import { kindOfChange } from "~/lib/content/dependencies.server";
import { env } from "~/lib/env.server";
import { startMarkdownWorkers, stopMarkdownWorkers } from "~/lib/markdown/markdown.server";
import { LOCALES, localizePath } from "~/lib/i18n/paths";
import { NAV_ITEMS } from "~/components/site/nav";
import { isSameOrigin } from "~/lib/admin/origin.server";
import { RESUMABLE_UPLOADS_PATH, uploadStore } from "~/lib/admin/resumable-uploads.server";
import { requireStaff } from "~/lib/admin/session.server";
import { uploadLimits } from "~/lib/admin/upload.server";
import { createRouterHandler, routerRequestHandler, toFetchRequest } from "./fetch-bridge";
import { createReadiness, liveness } from "./health";
import { httpServerOptions } from "./http-server";
import { createImageHandler } from "./images";
import { createPageHandler } from "./page-handler";
import { bodyRulesOf, createRequestLimits } from "./request-limits";
import { pageQueryOf } from "./routes";
import { createRevalidateHandler } from "./revalidate";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "./security";
import { createResumableUploads } from "./resumable-uploads";
import { createUploadsProxy } from "./uploads-proxy";
import { warmUp } from "./warm-up";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this request, for <Scripts>, <ScrollRestoration> and inline data. */
    nonce: string;
    /** The visitor's address (socket address unless express's trust proxy says otherwise):
     * the admin login passes it to the CMS so failed logins are limited per visitor. */
    clientIp?: string;
  }
}

export { env };

/** For server.js: the threads that render blog Markdown (app/lib/markdown/), started and stopped with the server. */
export const markdownWorkers = { start: startMarkdownWorkers, stop: stopMarkdownWorkers };

/** For server.js: header and request timeouts of the HTTP server. */
export const serverOptions = httpServerOptions({
  headersTimeoutMs: env.REQUEST_HEADERS_TIMEOUT_MS,
  uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS,
});

const isBuilt = import.meta.env.PROD;
const https = env.PUBLIC_SITE_URL.startsWith("https:");

export const app = express();
app.disable("x-powered-by");

const build = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
/** The production build once loaded: the page cache reads its routes' handles (query parameters) without waiting. */
let loadedBuild: ServerBuild | undefined;
if (isBuilt) void build().then((loaded) => (loadedBuild = loaded));

// Resumable admin uploads (tus): before the body limits, as they bound their bodies themselves
// (server/resumable-uploads.ts); behind the same session and origin checks as the admin's actions.
const resumableUploads = createResumableUploads({
  path: RESUMABLE_UPLOADS_PATH,
  store: uploadStore(),
  limits: uploadLimits,
  userOf: (req, res) =>
    requireStaff(toFetchRequest(req, res, { abortable: false, method: "GET" })).then(
      (staff) => staff.userId,
      () => null,
    ),
  isSameOrigin: (req, res) => isSameOrigin(toFetchRequest(req, res, { abortable: false, method: "GET" })),
});
app.all(`${RESUMABLE_UPLOADS_PATH}{/:id}`, (req, res, next) => {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  void resumableUploads.handler(req, res, next);
});
// Unfinished uploads older than a day are removed (finished ones are removed by the save that uses them).
setInterval(
  () => void resumableUploads.cleanUpExpired().catch((error) => console.error("[web] upload clean-up failed", error)),
  3_600_000,
).unref();

// First of all: every request body is bounded by the route it is for, while it streams in.
app.use(
  createRequestLimits({
    maxBodyBytes: env.REQUEST_BODY_MAX_BYTES,
    bodyTimeoutMs: env.REQUEST_BODY_TIMEOUT_MS,
    rulesFor: async (req) => bodyRulesOf(await build(), req.path),
  }),
);

app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const nonce = createNonce();
  res.locals.nonce = nonce;
  // Vite's dev server injects its own inline scripts, so the CSP is sent only by the build.
  if (isBuilt) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https }));
  next();
});

// Health checks for a supervisor, systemd or a container orchestrator (docs/operations.md).
app.get("/_health", liveness);
app.get(
  "/readyz",
  createReadiness({ cmsReadyUrl: `${env.CMS_URL}/_ready`, copies: () => cmsReadCache.size + pages.pages.size, warming: () => warming }),
);

// Uploads are read through the CMS (from its disk or its bucket), or straight from a public bucket.
const uploadsUrl = env.S3_PUBLIC_URL ?? `${env.CMS_URL}/uploads`;

// Before compression: media is already compressed and ranges must pass through untouched.
app.use("/uploads", createUploadsProxy(uploadsUrl));

// Uploads resized and converted (WebP), made on first request and kept on disk.
const images = createImageHandler({
  uploadsUrl,
  cacheDir: env.IMAGE_CACHE_DIR ?? path.join(os.tmpdir(), `childrens-home-web-images-${env.PORT}`),
});
onInvalidate(() => images.forgetVerified());
app.use("/img", images);

// The CMS's signed "content changed" call: copies of CMS reads and pages made before it are out of date.
app.use(
  "/_internal/revalidate",
  createRevalidateHandler({
    secret: env.WEB_PROXY_SECRET,
    invalidate: (changedAt, uid) => invalidateContent(changedAt, kindOfChange(uid)),
  }),
);

// gzip or brotli (as the browser allows) for HTML, CSS, JS, JSON, SVG, XML. Brotli at quality 3
// for what is compressed per response (kept pages are compressed once, at 5, in page-handler.ts):
// on the home page 0.45 ms for 11.8 KB, where the default 4 takes 0.9 ms for 11.3 KB.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));

if (isBuilt) {
  // build/server/index.js (or a chunk in build/server/assets/) -> build/client
  const clientDir = clientDirOf(fileURLToPath(import.meta.url));
  // Fingerprinted file names: cache forever.
  app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  // The few files of public/ (favicon, manifest...), listed once: a page request goes on to React
  // Router without a file-system lookup (a stat per request, on every rendered page).
  const publicFiles = filesIn(clientDir, { except: "assets" });
  const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
}

const getLoadContext = (req: express.Request, res: express.Response) => ({
  nonce: String(res.locals.nonce ?? ""),
  clientIp: req.ip ?? req.socket.remoteAddress,
});

// One React Router handler (its routes worked out once) for pages and for everything else.
const handleRequest = routerRequestHandler(build, process.env.NODE_ENV);

// GET and HEAD: React Router behind the cache of public pages (server/page-handler.ts).
const pages = createPageHandler({
  handleRequest,
  getLoadContext,
  cachePages: env.WEB_CACHE === "on" && isBuilt,
  ttlMs: env.WEB_CACHE_TTL_MS,
  staleIfErrorMs: env.WEB_CACHE_STALE_MS,
  changeWaitMs: env.WEB_CACHE_CHANGE_WAIT_MS,
  maxEntries: env.WEB_CACHE_MAX_ENTRIES,
  // The query parameters a page reads, as its route declares them (app/lib/static-page.ts).
  queryOf: (pathname) => (loadedBuild ? pageQueryOf(loadedBuild, pathname) : undefined),
});

app.use(pages);
// Everything else (form posts, uploads): React Router, the body streamed within its limits.
app.use(createRouterHandler({ handleRequest, getLoadContext }));

/** The main public pages in both languages: what `warmUpCaches` renders after a start. */
const MAIN_PAGES = LOCALES.flatMap((locale) => NAV_ITEMS.map((item) => localizePath(item.to, locale)));

/**
 * How many of the newest posts' pages `warmUpCaches` renders after the main pages: a new post is
 * what gets shared, so it is what the first visitors after a restart open, and rendering one also
 * readies the post page's code and its Markdown threads for any other post.
 */
const NEWEST_POSTS_WARMED = 3;

/** The newest posts' pages in both languages (none if the list cannot be read now). */
async function newestPostPages(): Promise<string[]> {
  try {
    const { items } = await getBlogCards(1, "en");
    return items
      .slice(0, NEWEST_POSTS_WARMED)
      .flatMap((post) => LOCALES.map((locale) => localizePath(`/blogs/details/${post.id}`, locale)));
  } catch {
    return [];
  }
}

/** Whether warmUpCaches is under way: /readyz is not ready meanwhile. */
let warming = false;

/** Fills the caches with the main pages and the newest posts' (server/warm-up.ts), unless caching is off. */
export async function warmUpCaches(origin: string): Promise<void> {
  if (env.WEB_CACHE === "off") return;
  warming = true;
  try {
    const main = await warmUp(origin, MAIN_PAGES);
    const posts = await warmUp(origin, await newestPostPages());
    console.log(
      `[web] caches warmed: ${main.ok} of ${main.pages} main pages and ${posts.ok} of ${posts.pages} newest post pages in ${main.ms + posts.ms} ms`,
    );
  } finally {
    warming = false;
  }
}

/**
 * The HTTP server's request listener: a fresh copy of a public page is sent before any middleware
 * runs (most requests on a busy day); everything else goes through the Express app.
 */
export function handle(req: IncomingMessage, res: ServerResponse): void {
  if (pages.serveFresh(req, res)) return;
  app(req, res);
}

/** URL paths (`/favicon.svg`) of the files under `dir`, but for its subfolder `except`. */
function filesIn(dir: string, { except }: { except: string }): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith(`${except}/`)) files.add(`/${relative}`);
  }
  return files;
}

/** The client build beside the server build this module was bundled into. */
function clientDirOf(file: string): string {
  let dir = path.dirname(file);
  while (path.basename(dir) !== "server" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(path.dirname(dir), "client");
}
