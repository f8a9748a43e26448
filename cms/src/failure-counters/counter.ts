import { createHmac } from 'crypto';

/** The failures of one key in its current window, which ends at `resetAt` (ms since the epoch). */
export interface FailureWindow {
  failures: number;
  resetAt: number;
}

/**
 * Where failures are counted: a table of the CMS's database or Redis, shared by every CMS process
 * and kept across restarts. Keys arrive hashed.
 */
export interface FailureStore {
  /** The running window of `key` at `now`, if there is one. */
  read(key: string, now: number): Promise<FailureWindow | null>;
  /**
   * One more failure of `key`, in its running window or in a new one of `windowMs` from `now`, in
   * one atomic step: attempts arriving together each get their own count.
   */
  add(key: string, now: number, windowMs: number): Promise<FailureWindow>;
  /** One failure less in the window of `key` that ends at `resetAt`: never below zero, never in a later window. */
  takeBack(key: string, resetAt: number): Promise<void>;
}

/** Told when the store fails and when it answers again (to log an outage once). */
export interface StoreHealth {
  failed(error: Error): void;
  answered(): void;
}

/** The store did not answer: the attempt is neither counted nor allowed. */
export class FailureCountersUnavailable extends Error {}

export type Attempt = { allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfter: number };

export interface FailureCounter {
  /** Seconds until `key` may try again; 0 while it may. */
  retryAfter(key: string, now?: number): Promise<number>;
  /**
   * Counts an attempt of `key` before it runs, so attempts sent all at once cannot slip past the
   * limit while the first are still being checked. Refused (with the seconds to wait) once `key`
   * has failed `maxFailures` times in its window; otherwise call `giveBack` if it did not fail.
   * Throws FailureCountersUnavailable when the store does not answer.
   */
  attempt(key: string, now?: number): Promise<Attempt>;
}

export interface FailureCounterOptions {
  store: FailureStore;
  /** What is counted ('login', 'current-password'): the same key counts separately for each purpose. */
  purpose: string;
  /** Keys are stored as HMAC-SHA256 with this secret, so the store holds no client address or account id. */
  secret: string;
  maxFailures: number;
  windowMs: number;
  health?: StoreHealth;
}

/**
 * Failed attempts per key (a client address, an account) in a fixed window: at most `maxFailures`
 * per `windowMs`, counted in a store every CMS process shares.
 */
export function createFailureCounter({ store, purpose, secret, maxFailures, windowMs, health }: FailureCounterOptions): FailureCounter {
  const stored = (key: string) => createHmac('sha256', secret).update(`${purpose}:${key}`).digest('hex');
  const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

  const answer = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      const result = await operation();
      health?.answered();
      return result;
    } catch (error) {
      health?.failed(error as Error);
      throw new FailureCountersUnavailable((error as Error).message);
    }
  };

  const retryAfter = async (key: string, now: number) => {
    const window = await store.read(key, now);
    return window && window.failures >= maxFailures ? secondsUntil(window.resetAt, now) : 0;
  };

  return {
    retryAfter: (key, now = Date.now()) => answer(() => retryAfter(stored(key), now)),

    attempt: (key, now = Date.now()) =>
      answer(async (): Promise<Attempt> => {
        const hashed = stored(key);
        // A client already over the limit is refused without a write.
        const waiting = await retryAfter(hashed, now);
        if (waiting > 0) return { allowed: false, retryAfter: waiting };
        const window = await store.add(hashed, now, windowMs);
        if (window.failures > maxFailures) {
          // Others counted first: this attempt is refused, and a refused attempt is not a failure.
          await store.takeBack(hashed, window.resetAt);
          return { allowed: false, retryAfter: secondsUntil(window.resetAt, now) };
        }
        let givenBack = false;
        return {
          allowed: true,
          async giveBack() {
            if (givenBack) return;
            givenBack = true;
            // The attempt is over and did not fail: if the store is down now, it stays counted (logged).
            await answer(() => store.takeBack(hashed, window.resetAt)).catch(() => undefined);
          },
        };
      }),
  };
}
