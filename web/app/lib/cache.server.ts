/**
 * The web server's in-process caches: CMS reads per query + variables (`cmsView()` in
 * cms.server.ts) and whole public pages (server/page-handler.ts). Both are a `ContentCache`.
 *
 * A copy is fresh for WEB_CACHE_TTL_MS, and is kept as the last good copy for WEB_CACHE_STALE_MS
 * after it was loaded. What a visitor gets:
 * - fresh copy: served from memory;
 * - copy older than the TTL, up to twice the TTL: served at once while one load refreshes it in
 *   the background (stale-while-revalidate; edits themselves arrive as calls);
 * - copy older than that (nobody asked for it since): the visitor waits for the refresh, like on a
 *   miss. So a content-change call that was lost (the web restarting or unreachable when the CMS
 *   called) leaves a page old for at most twice the TTL, however long it went unvisited; a copy
 *   served at once at any age would show the first visitor after an hour an hour-old page;
 * - content it depends on changed since the copy was loaded (the CMS's signed call,
 *   `invalidateContent()`; see "What a copy depends on" below): the visitor waits for the new
 *   content, so the next visitor after an edit sees it, but only until its load has taken
 *   WEB_CACHE_CHANGE_WAIT_MS (250 ms): when the CMS is that slow, the
 *   old copy is served meanwhile (an edit never puts visitors on the slow path); visitors arriving
 *   together share that one load;
 * - the load fails (CMS down, slow past CMS_TIMEOUT_MS, answering errors): the last good copy
 *   is served (stale-if-error) and tried again in the background, at most once a second per key,
 *   until the CMS answers; without a copy the error goes to the page (its friendly 503).
 *
 * What a copy depends on: a CMS read names the kinds of content it reads (`dependsOn()`, from its
 * query's root fields: app/lib/content/dependencies.server.ts), and a page depends on what the reads
 * it was built from depend on, whether they were loaded for it or already cached. A change of one
 * kind (a new post) leaves the copies of other kinds' reads and pages as they are (the committee
 * page is not rendered again for a post); a change the web app cannot place (a file, a consent
 * withdrawn) and a copy whose load named nothing (a page made without a tracked read) count as
 * touching everything.
 *
 * WEB_CACHE: `on` (default: CMS reads and pages), `reads` (CMS reads only), `off` (neither;
 * for benchmarks and debugging: no copies, so no stale-if-error either).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";

/** hit: fresh copy; miss: loaded now; stale: older than the TTL, refreshing; fallback: last good copy, the CMS failed. */
export type CopyState = "hit" | "miss" | "stale" | "fallback";

export interface CacheRead<V> {
  value: V;
  state: CopyState;
}

export interface ContentCacheOptions<V> {
  enabled: boolean;
  maxEntries: number;
  /** How long a copy is fresh. */
  ttlMs: number;
  /** How long after its load a copy may stand in for a failing CMS; then it is dropped. */
  staleIfErrorMs: number;
  /** After a content change, how long a visitor waits for the new copy before getting the old one
   * (the new one keeps loading). Default 250 ms. */
  changeWaitMs?: number;
  /** Also bound the total size (as `sizeOf` counts it): whole pages are large. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Whether a failed load may be answered with the last good copy (default: any failure).
   * When not (a page that is now a 404), the copy is dropped and the error goes to the caller. */
  keepCopyOn?: (error: unknown) => boolean;
  /** Monotonic clock in ms (tests pass a fake one). */
  clock?: { now(): number };
}

/** A background retry of a failing key waits this long after the failed try. */
export const RETRY_AFTER_FAILURE_MS = 1000;

interface Copy<V> {
  value: V;
  /** When the value was loaded (for a page rendered from last good copies: the oldest of them). */
  loadedAt: number;
  /** Content generation the load started in: older than a change of what it depends on means it changed since. */
  generation: number;
  /** The kinds of content it was made from; undefined: it may show anything. */
  kinds: Kinds;
  /** The latest try to refresh failed: `value` is the last good copy. */
  failure?: { error: unknown; at: number; generation: number };
}

type Load<V> = () => Promise<V>;
/**
 * fresh: serve; serve: the last good copy (a failed try was just made); serve-and-refresh: serve
 * and refresh in the background; refresh-first: too old to serve before the CMS is asked again
 * (served only if that fails); changed: content changed since the copy was made; expired: the
 * copy is past its stale-if-error window, unusable.
 */
type Verdict = "fresh" | "serve" | "serve-and-refresh" | "refresh-first" | "changed" | "expired";

const TOO_LATE = Symbol("too late");

/** `promise`'s value, or TOO_LATE if it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TOO_LATE> {
  if (ms <= 0) return Promise.resolve(TOO_LATE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TOO_LATE>((resolve) => (timer = setTimeout(() => resolve(TOO_LATE), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Kinds of content (the CMS's type uids, "api::blog.blog"); undefined: any content at all. */
export type Kinds = ReadonlySet<string> | undefined;

/**
 * Content generation: bumped on every invalidation. A copy loaded in an older generation than the
 * latest change of a kind it depends on may show content from before an edit, so it is only
 * served when the CMS cannot give a newer one.
 */
let generation = 0;
/** The generation of each kind's latest change; under `undefined`, of the latest change of anything. */
const changedInByKind = new Map<string | undefined, number>();
const invalidationListeners = new Set<(changedAt?: number, kind?: string) => void>();

export function contentGeneration(): number {
  return generation;
}

/**
 * The latest of `byKind`'s marks (generations, times) that a copy made from `kinds` must reflect:
 * those of its kinds and of anything (under `undefined`); every mark for a copy of any content.
 */
export function latestFor(byKind: ReadonlyMap<string | undefined, number>, kinds: Kinds): number {
  let latest = 0;
  if (!kinds) {
    for (const mark of byKind.values()) latest = Math.max(latest, mark);
    return latest;
  }
  latest = byKind.get(undefined) ?? 0;
  for (const kind of kinds) latest = Math.max(latest, byKind.get(kind) ?? 0);
  return latest;
}

/** The generation of the latest change a copy made from `kinds` must show. */
export const changedIn = (kinds: Kinds): number => latestFor(changedInByKind, kinds);

/**
 * Content changed (the CMS said so): every copy made before now from `kind` (from anything, when
 * it is not given) is out of date. `changedAt`: when the CMS made the change (ms since the epoch,
 * from its call).
 */
export function invalidateContent(changedAt?: number, kind?: string): void {
  generation++;
  changedInByKind.set(kind, generation);
  for (const listener of invalidationListeners) listener(changedAt, kind);
}

export function onInvalidate(listener: (changedAt?: number, kind?: string) => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

/**
 * Loads (a page render) that use last good copies of other caches (its CMS reads) are themselves
 * last good copies: each load runs in a scope that records the oldest copy it fell back on.
 */
const fallbackScope = new AsyncLocalStorage<LoadScope>();
/**
 * `oldest`: the oldest last good copy the load used; `standIn`: it used a stand-in made now;
 * `kinds`: the kinds of content it was made from, `anything` once one of them was any content.
 */
type LoadScope = { oldest?: number; standIn?: boolean; kinds?: Set<string>; anything?: boolean };

function noteFallback(loadedAt: number): void {
  const scope = fallbackScope.getStore();
  if (scope) scope.oldest = Math.min(scope.oldest ?? Infinity, loadedAt);
}

/**
 * The load under way shows content of `kinds` (undefined: of any kind): a CMS read names what its
 * query reads, and each read a load makes through a cache names its copy's.
 */
export function dependsOn(kinds: Kinds): void {
  const scope = fallbackScope.getStore();
  if (!scope) return;
  if (!kinds) scope.anything = true;
  else {
    scope.kinds ??= new Set();
    for (const kind of kinds) scope.kinds.add(kind);
  }
}

/** What a finished load was made from: nothing named counts as anything (an empty set is named). */
const kindsOf = (scope: LoadScope): Kinds => (scope.anything || !scope.kinds ? undefined : scope.kinds);

/**
 * The load under way used a stand-in for work that did not finish in time (a blog post shown as
 * plain text while its Markdown still renders, app/lib/markdown/markdown.server.ts): its copy, and
 * the copies of the pages built from it, are kept like copies built from last good copies, so they
 * are loaded again RETRY_AFTER_FAILURE_MS later, when the work is done.
 */
export function noteStandIn(): void {
  const scope = fallbackScope.getStore();
  if (scope) scope.standIn = true;
}

/** A load that succeeded only thanks to last good copies (it is kept, and retried like a failure). */
class BuiltFromFallbacks extends Error {
  constructor() {
    super("built from last good copies while the CMS fails");
    this.name = "BuiltFromFallbacks";
  }
}

/**
 * LRU cache of loaded content (lru-cache: bounded in entries and bytes, one load per key at a
 * time) with the freshness rules above.
 */
export class ContentCache<V> {
  readonly enabled: boolean;
  private readonly lru: LRUCache<string, Copy<V>, Load<V>>;
  private readonly clock: { now(): number };
  private readonly ttlMs: number;
  private readonly staleIfErrorMs: number;
  private readonly changeWaitMs: number;
  /** When the load under way for a key began. */
  private readonly loadingSince = new Map<string, number>();

  constructor(options: ContentCacheOptions<V>) {
    this.enabled = options.enabled;
    this.clock = options.clock ?? performance;
    this.ttlMs = options.ttlMs;
    this.staleIfErrorMs = Math.max(options.staleIfErrorMs, options.ttlMs);
    this.changeWaitMs = options.changeWaitMs ?? 250;
    const keepCopyOn = options.keepCopyOn ?? (() => true);
    const sizeOf = options.sizeOf;
    this.lru = new LRUCache<string, Copy<V>, Load<V>>({
      max: Math.max(1, options.maxEntries),
      // lru-cache drops a copy once its stale-if-error window is over (reset by every good load).
      ttl: this.staleIfErrorMs,
      ttlResolution: 0,
      perf: this.clock,
      ...(options.maxBytes && sizeOf
        ? { maxSize: options.maxBytes, sizeCalculation: (copy: Copy<V>) => Math.max(1, sizeOf(copy.value)) }
        : {}),
      fetchMethod: async (key, previous, { context: load, options: setOptions }) => {
        const started = contentGeneration();
        const scope: LoadScope = {};
        let error: unknown;
        this.loadingSince.set(key, this.clock.now());
        try {
          const value = await fallbackScope.run(scope, load);
          const now = this.clock.now();
          const kinds = kindsOf(scope);
          if (scope.oldest === undefined && !scope.standIn) return { value, loadedAt: now, generation: started, kinds };
          // Built from last good copies (or a stand-in): as old as the oldest of them, and retried like a failure.
          const loadedAt = scope.oldest ?? now;
          setOptions.ttl = Math.max(1, Math.ceil(loadedAt + this.staleIfErrorMs - now));
          return {
            value,
            loadedAt,
            generation: started,
            kinds,
            failure: { error: new BuiltFromFallbacks(), at: now, generation: started },
          };
        } catch (caught) {
          error = caught;
        } finally {
          this.loadingSince.delete(key);
        }
        const now = this.clock.now();
        const windowLeft = previous ? previous.loadedAt + this.staleIfErrorMs - now : 0;
        // (Up to and including the window's last moment, as verdict() counts it.)
        if (!previous || windowLeft < 0 || !keepCopyOn(error)) throw error;
        // The copy stands in, and still goes when its own window ends.
        setOptions.ttl = Math.max(1, Math.ceil(windowLeft));
        return { ...previous, failure: { error, at: now, generation: started } };
      },
    });
  }

  get size(): number {
    return this.lru.size;
  }

  /**
   * The value for `key`: a copy, or what `load` gives (shared with concurrent callers of the same
   * key). Rejects only when there is no usable copy and the load fails. `signal`: the visitor left;
   * stop waiting (the load goes on for the others and fills the cache).
   */
  async read(key: string, load: Load<V>, options: { signal?: AbortSignal } = {}): Promise<CacheRead<V>> {
    const { signal } = options;
    if (!this.enabled) return { value: await withSignal(load(), signal), state: "miss" };
    const asked = contentGeneration();
    const status: LRUCache.Status<string, Copy<V>, Load<V>> = {};
    // allowStale: a copy being refreshed is handed out at once; the rules below decide whether to wait.
    let copy = await withSignal(this.lru.fetch(key, { context: load, allowStale: true, status }), signal);
    let loaded = status.fetch !== "hit";
    // Inside another cache's load (a page being rendered, mostly in the background), a copy due for
    // a refresh is refreshed first: a refreshed page is built from refreshed reads.
    const nested = fallbackScope.getStore() !== undefined;
    // Two rounds suffice: a load joined in round one may have started before `asked`, the next cannot.
    for (let round = 0; ; round++) {
      if (!copy) throw new Error(`cache: no value for ${key}`);
      // A load this read is part of is made from what this copy was made from.
      dependsOn(copy.kinds);
      const verdict = this.verdict(copy, asked);
      if (verdict === "fresh") return { value: copy.value, state: loaded ? "miss" : "hit" };
      const mustWait = verdict === "expired" || verdict === "refresh-first" || (nested && verdict !== "serve");
      if ((mustWait || verdict === "changed") && round < 2) {
        const refresh = this.lru.fetch(key, { context: load, forceRefresh: true });
        // Content changed: the new copy if it comes within changeWaitMs of the start of its load,
        // else the old one at once while the new one is made (the slow path is not what visitors
        // meet after an edit, and only the first of them wait at all).
        const waited = this.clock.now() - (this.loadingSince.get(key) ?? this.clock.now());
        const next = await withSignal(mustWait ? refresh : within(refresh, this.changeWaitMs - waited), signal);
        if (next === TOO_LATE) {
          refresh.catch(() => {});
          return { value: copy.value, state: copy.failure ? "fallback" : "stale" };
        }
        copy = next;
        loaded = true;
        continue;
      }
      if (verdict === "serve-and-refresh") this.refreshInBackground(key, load);
      if (copy.failure) {
        noteFallback(copy.loadedAt);
        return { value: copy.value, state: "fallback" };
      }
      return { value: copy.value, state: "stale" };
    }
  }

  /** The copy for `key` if it is fresh (the server's fast path for cached pages), else undefined. */
  fresh(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const copy = this.lru.get(key);
    if (!copy || this.verdict(copy, contentGeneration()) !== "fresh") return undefined;
    dependsOn(copy.kinds);
    return copy.value;
  }

  /**
   * What to do with `copy` for a read that began in generation `asked`: a change made after that is
   * news to this read, unless the copy is older than an earlier change too (with one generation
   * kept per kind, a change of what it shows before `asked` cannot be told apart: it is refreshed).
   */
  private verdict(copy: Copy<V>, asked: number): Verdict {
    const now = this.clock.now();
    if (now - copy.loadedAt > this.staleIfErrorMs) return "expired";
    const { failure } = copy;
    const changed = Math.min(asked, changedIn(copy.kinds));
    if (failure) {
      // A try that began before the content changed says nothing about the new content: try it.
      if (failure.generation < changed) return "changed";
      const sinceFailure = now - failure.at;
      if (sinceFailure < RETRY_AFTER_FAILURE_MS) return "serve";
      // Nobody asked since the last failed try: the CMS may well be back, with newer content.
      return sinceFailure >= 2 * this.ttlMs ? "refresh-first" : "serve-and-refresh";
    }
    if (copy.generation < changed) return "changed";
    const age = now - copy.loadedAt;
    if (age < this.ttlMs) return "fresh";
    return age < 2 * this.ttlMs ? "serve-and-refresh" : "refresh-first";
  }

  private refreshInBackground(key: string, load: Load<V>): void {
    // forceRefresh joins a load already under way instead of starting a second one.
    this.lru.fetch(key, { context: load, forceRefresh: true }).catch(() => {
      // No copy left to fall back on: the next visitor tries again.
    });
  }

  clear(): void {
    this.lru.clear();
  }
}

/** Waits for `promise`, but gives up (rejecting with the signal's reason) when `signal` aborts. */
export function withSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
