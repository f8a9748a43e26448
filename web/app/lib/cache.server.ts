/**
 * The web server's in-process caches (issue 6): CMS reads per query + variables, and whole
 * public pages. Both are LRU with a TTL, and both are emptied at once when the CMS says content
 * changed (POST /_internal/revalidate, server/revalidate.ts), so a staff edit shows within a
 * second; the TTL only bounds how long a lost notification can leave a page stale.
 *
 * WEB_CACHE: `on` (default: CMS reads and pages), `reads` (CMS reads only), `off` (neither;
 * for benchmarks and debugging).
 */

export interface LruTtlOptions<V = unknown> {
  maxEntries: number;
  ttlMs: number;
  /** Also bound the total size (bytes as `sizeOf` counts them): whole pages are large. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Clock, for tests. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expires: number;
  size: number;
}

/**
 * A bounded map whose entries expire. Map keeps insertion order, so the first key is the
 * least recently used one once every hit re-inserts its key.
 */
export class LruTtl<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;
  private bytes = 0;

  constructor(private readonly options: LruTtlOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Total size of the entries, as `sizeOf` counts it (0 without one). */
  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.options.maxEntries <= 0 || this.options.ttlMs <= 0) return;
    const size = this.options.sizeOf?.(value) ?? 0;
    const maxBytes = this.options.maxBytes ?? Infinity;
    if (size > maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs, size });
    this.bytes += size;
    while (this.entries.size > this.options.maxEntries || this.bytes > maxBytes) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * Content generation: bumped on every invalidation. A value computed from CMS data fetched
 * before an invalidation must not be stored after it (it could be the old content), so each
 * fill checks that the generation it started in is still current.
 */
let generation = 0;
const invalidationListeners = new Set<() => void>();

export function contentGeneration(): number {
  return generation;
}

/** Drops everything derived from CMS content (both caches). */
export function invalidateContent(): void {
  generation++;
  for (const listener of invalidationListeners) listener();
}

export function onInvalidate(listener: () => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

/**
 * LRU + TTL cache of asynchronous reads with request coalescing: while a key is being
 * loaded, other callers wait for the same promise instead of asking the CMS again (32
 * visitors arriving together after an edit cost one CMS query, not 32). Failures are not cached.
 */
export class ReadCache<V> {
  private readonly lru: LruTtl<V>;
  private inflight = new Map<string, Promise<V>>();
  readonly stats = { hits: 0, misses: 0, coalesced: 0 };

  constructor(options: LruTtlOptions<V> & { enabled: boolean }) {
    this.lru = new LruTtl(options.enabled ? options : { ...options, maxEntries: 0 });
    this.enabled = options.enabled;
    onInvalidate(() => this.clear());
  }

  readonly enabled: boolean;

  get size(): number {
    return this.lru.size;
  }

  /** The cached value, or the result of `load` (shared with concurrent callers of the same key). */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const hit = this.lru.get(key);
    if (hit !== undefined) {
      this.stats.hits++;
      return hit;
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.stats.coalesced++;
      return pending;
    }
    this.stats.misses++;
    const started = contentGeneration();
    const promise = load().then(
      (value) => {
        if (contentGeneration() === started) this.lru.set(key, value);
        return value;
      },
    );
    this.inflight.set(key, promise);
    const forget = () => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  clear(): void {
    this.lru.clear();
    // Loads already running may return old content: later callers start fresh ones.
    this.inflight = new Map();
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
