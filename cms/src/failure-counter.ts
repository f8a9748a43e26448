interface Bucket {
  failures: number;
  resetAt: number;
}

export interface FailureCounter {
  /** Seconds until `key` may try again; 0 while it may. */
  retryAfter(key: string, now?: number): number;
  /**
   * Counts an attempt of `key` before it runs, so attempts sent all at once cannot slip past the
   * limit while the first are still being checked; call the returned function if it did not fail.
   */
  count(key: string, now?: number): () => void;
}

/**
 * Failed attempts per key (a client address, an account) in a fixed window: at most `maxFailures`
 * per `windowMs`. In process memory: see docs/security.md for what moves to Redis with several
 * CMS processes.
 */
export function createFailureCounter({ maxFailures, windowMs }: { maxFailures: number; windowMs: number }): FailureCounter {
  const buckets = new Map<string, Bucket>();

  const current = (key: string, now: number) => {
    const bucket = buckets.get(key);
    if (bucket && bucket.resetAt <= now) {
      buckets.delete(key);
      return undefined;
    }
    return bucket;
  };

  const prune = (now: number) => {
    if (buckets.size < 10_000) return;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
  };

  return {
    retryAfter(key, now = Date.now()) {
      const bucket = current(key, now);
      return bucket && bucket.failures >= maxFailures ? Math.ceil((bucket.resetAt - now) / 1000) : 0;
    },
    count(key, now = Date.now()) {
      prune(now);
      const bucket = current(key, now) ?? { failures: 0, resetAt: now + windowMs };
      bucket.failures += 1;
      buckets.set(key, bucket);
      return () => {
        bucket.failures -= 1;
      };
    },
  };
}
