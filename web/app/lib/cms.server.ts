import { ClientError, GraphQLClient, type Variables } from "graphql-request";
import { data } from "react-router";
import { ContentCache, dependsOn, type Kinds, latestFor, onInvalidate } from "./cache.server";
import { kindsReadBy } from "./content/dependencies.server";
import { env } from "./env.server";

export type CmsErrorReason = "timeout" | "unreachable" | "bad-response" | "graphql" | "missing-content";

/**
 * Anything that went wrong talking to the CMS. `status` is what the visitor's response
 * should carry: the CMS being down or confused is our outage, so 503 (retry later).
 */
export class CmsError extends Error {
  readonly status: number;
  readonly reason: CmsErrorReason;

  constructor(reason: CmsErrorReason, message: string, status = 503) {
    super(message);
    this.name = "CmsError";
    this.reason = reason;
    this.status = status;
  }
}

const client = new GraphQLClient(`${env.CMS_URL}/graphql`, {
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
});

export interface CmsQueryOptions {
  /** The page request's signal: a visitor who leaves stops waiting (the read itself goes on
   * for the others waiting on it, and fills the cache). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Public reads of the CMS, cached per query + variables (and per view function, see cmsView),
 * with the last good copy standing in while the CMS fails (app/lib/cache.server.ts).
 * Only anonymous GraphQL reads go through here; staff calls use the REST contract with their token.
 */
export const cmsReadCache = new ContentCache<unknown>({
  enabled: env.WEB_CACHE !== "off",
  ttlMs: env.WEB_CACHE_TTL_MS,
  staleIfErrorMs: env.WEB_CACHE_STALE_MS,
  changeWaitMs: env.WEB_CACHE_CHANGE_WAIT_MS,
  maxEntries: env.WEB_CACHE_MAX_ENTRIES,
});

const viewIds = new WeakMap<(data: never) => unknown, number>();
let nextViewId = 0;

/**
 * The one way the web app reads from the CMS: a read turned into what a page needs (sanitised
 * HTML, image sets...) and cached as such, so a cache hit costs no parsing or sanitising (a view that
 * renders Markdown is async: app/lib/markdown/markdown.server.ts). Always
 * settles within the timeout (default CMS_TIMEOUT_MS, 2.5 s): a slow CMS gives the last good copy
 * or, without one, a friendly 503, never a hung page. `toView` must be a pure function of the
 * data, defined once at module level (it is part of the cache key), and its result is shared
 * between requests: never mutate it.
 */
export async function cmsView<TData, TView, TVars extends Variables = Variables>(
  document: string,
  variables: TVars | undefined,
  toView: (data: TData) => TView | Promise<TView>,
  options: CmsQueryOptions = {},
): Promise<TView> {
  let viewId = viewIds.get(toView as (data: never) => unknown);
  if (viewId === undefined) viewIds.set(toView as (data: never) => unknown, (viewId = nextViewId++));
  const key = `${viewId}\u0000${document}\u0000${variables ? JSON.stringify(variables) : ""}`;
  // Most reads: a fresh copy, handed out without the timers and signals a wait would need.
  const fresh = cmsReadCache.fresh(key);
  if (fresh !== undefined) return fresh as TView;
  const kinds = kindsReadBy(document);
  const request = (timeoutMs: number) => requestCms<TData>(document, variables, kinds, timeoutMs);
  return (await cachedRead(key, kinds, request, options, toView)) as TView;
}

/**
 * A public REST read of the CMS (`/api/...`), for the few answers GraphQL gives poorly (all the
 * sitemap's post ids at once): the same cache, timeout and failure handling as cmsView. `kinds`:
 * the kinds of content the answer shows (app/lib/cache.server.ts); by default any.
 */
export async function cmsRestRead<TData>(path: string, options: CmsQueryOptions = {}, kinds?: Kinds): Promise<TData> {
  const request = (timeoutMs: number) =>
    answered(async (signal) => {
      const response = await fetch(`${env.CMS_URL}${path}`, { headers: { accept: "application/json", ...freshness(kinds) }, signal });
      if (!response.ok) throw new CmsError("bad-response", `CMS answered HTTP ${response.status} for ${path}`);
      return (await response.json()) as TData;
    }, timeoutMs);
  return cachedRead(`rest\u0000${path}`, kinds, request, options, (data: TData) => data);
}

/**
 * A read through the cache. The visitor waits CMS_TIMEOUT_MS at most for the CMS; the read itself
 * may go on to fill the cache, so a CMS slower than that still ends up with a copy (when nothing is
 * cached, nothing is gained). Once the CMS has answered, the visitor waits for the view too: making
 * it is bounded on its own (a post's Markdown within MARKDOWN_RENDER_TIMEOUT_MS, then a stand-in),
 * so a busy renderer gives a page a moment later, not a 503.
 */
async function cachedRead<TData, TView>(
  key: string,
  kinds: Kinds,
  request: (timeoutMs: number) => Promise<TData>,
  options: CmsQueryOptions,
  toView: (data: TData) => TView | Promise<TView>,
): Promise<TView> {
  const waitMs = options.timeoutMs ?? env.CMS_TIMEOUT_MS;
  const load = async () => {
    dependsOn(kinds);
    const data = await request(cmsReadCache.enabled ? FILL_TIMEOUT_MS : waitMs);
    viewing.add(key);
    try {
      return await toView(data);
    } finally {
      viewing.delete(key);
    }
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    if (!viewing.has(key)) deadline.abort();
  }, waitMs);
  try {
    const { value } = await cmsReadCache.read(key, load, {
      signal: options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal,
    });
    return value as TView;
  } catch (error) {
    if (!deadline.signal.aborted || options.signal?.aborted) throw error;
    const timeout = new CmsError("timeout", "The CMS did not answer in time");
    cmsHealth.failed(timeout);
    throw timeout;
  } finally {
    clearTimeout(timer);
  }
}

/** The reads whose CMS answer is in and whose view is being made (see cachedRead). */
const viewing = new Set<string>();

/** One request to the CMS within timeoutMs, its outcome noted by cmsHealth, its failure a CmsError. */
async function answered<T>(request: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const result = await request(timeout);
    cmsHealth.answered();
    return result;
  } catch (error) {
    const cmsError = toCmsError(error, timeout);
    if (cmsError instanceof CmsError) cmsHealth.failed(cmsError);
    throw cmsError;
  }
}

/**
 * Every read names the last change the CMS told us of that it shows (`X-Content-Changed-At`, its
 * time): the CMS's micro-cache (cms/src/read-cache.ts) then gives no answer read before it. It
 * matters with several CMS processes, where the change may have been made through another one than
 * this read reaches. Changes of other kinds leave the CMS free to answer from its cache.
 */
const lastChangeAt = new Map<string | undefined, number>();
onInvalidate((changedAt, kind) => {
  if (changedAt && changedAt > (lastChangeAt.get(kind) ?? 0)) lastChangeAt.set(kind, changedAt);
});
const freshness = (kinds: Kinds): Record<string, string> => {
  const latest = latestFor(lastChangeAt, kinds);
  return latest ? { "x-content-changed-at": String(latest) } : {};
};

/** How long a read may go on after its visitors stopped waiting, to fill the cache. */
const FILL_TIMEOUT_MS = 30_000;

function requestCms<TData>(document: string, variables: Variables | undefined, kinds: Kinds, timeoutMs: number): Promise<TData> {
  return answered((signal) => client.request<TData>({ document, variables, signal, requestHeaders: freshness(kinds) }), timeoutMs);
}

/**
 * One log line when the CMS starts failing, then at most one every 10 s while it goes on, and one
 * when it has answered again without a failure for 5 s: while it fails, visitors mostly get last
 * good copies, so the failures would otherwise go unnoticed, or flood the log if logged per request.
 */
const cmsHealth = {
  failingSince: 0,
  lastFailure: 0,
  lastLogged: 0,
  failures: 0,
  failed(error: CmsError) {
    const now = Date.now();
    this.failures++;
    this.lastFailure = now;
    if (!this.failingSince) this.failingSince = now;
    if (now - this.lastLogged < 10_000) return;
    this.lastLogged = now;
    console.error(
      `[cms] ${error.reason}: ${error.message} (${this.failures} failed reads so far; visitors get last good copies where there are any)`,
    );
  },
  answered() {
    if (!this.failingSince || Date.now() - this.lastFailure < 5_000) return;
    console.error(
      `[cms] answering again (${this.failures} failed reads in ${Math.round((this.lastFailure - this.failingSince) / 1000)} s)`,
    );
    this.failingSince = 0;
    this.lastLogged = 0;
    this.failures = 0;
  },
};

function toCmsError(error: unknown, timeout: AbortSignal): unknown {
  if (error instanceof CmsError) return error;
  if (timeout.aborted) return new CmsError("timeout", "The CMS did not answer in time");
  if (error instanceof ClientError) {
    const status = error.response.status;
    const first = error.response.errors?.[0]?.message;
    return status >= 500 || status === 0
      ? new CmsError("bad-response", `CMS answered HTTP ${status}`)
      : new CmsError("graphql", `CMS GraphQL error: ${first ?? `HTTP ${status}`}`);
  }
  // The visitor went away: let React Router see the abort as it is.
  if (error instanceof Error && error.name === "AbortError") return error;
  return new CmsError("unreachable", `The CMS could not be reached (${describe(error)})`);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return String(error);
}

/** Shape of the body of a CMS failure as seen by error boundaries. */
export interface CmsFailure {
  cms: CmsErrorReason;
}

/**
 * Runs a page's CMS read and turns a CmsError into a thrown route response (503 by
 * default), so the page's ErrorBoundary shows the friendly text and no stack trace
 * ever reaches the visitor. The real cause is logged on the server.
 */
export async function loadFromCms<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CmsError) {
      // Failed calls are logged by cmsHealth (rate-limited); content missing from an answer is not.
      if (error.reason === "missing-content") console.error(`[cms] ${error.reason}: ${error.message}`);
      throw data<CmsFailure>({ cms: error.reason }, { status: error.status });
    }
    throw error;
  }
}
