import { createHash, createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { createFailureCounter, type FailureCounterOptions, type FailureStore } from '../../src/failure-counters/counter';

export interface StoreUnderTest {
  store: FailureStore;
  /** A second store on the same data, as another CMS process has. */
  other: FailureStore;
  /** The hashed key of every stored window. */
  storedKeys(): Promise<string[]>;
}

const SECRET = 'a secret of the tests';
const MAX = 5;
const WINDOW_MS = 60_000;

const counterOn = (store: FailureStore, options: Partial<FailureCounterOptions> = {}) =>
  createFailureCounter({ store, purpose: 'login', secret: SECRET, maxFailures: MAX, windowMs: WINDOW_MS, ...options });

/** The key as the counter stores it. */
export const hashed = (key: string, purpose = 'login') => createHmac('sha256', SECRET).update(`${purpose}:${key}`).digest('hex');

let keys = 0;
/** A key no other test (or earlier run on a shared server) has used. */
export const freshKey = () => `192.0.2.${keys++}-${process.pid}-${Date.now()}`;

/**
 * The behaviour every store of the failure counters must have, through the counter the CMS uses:
 * the same on SQLite, PostgreSQL and Redis. `current()` is what the caller's beforeAll set up.
 */
export function failureStoreSuite(current: () => StoreUnderTest) {
  it('allows the limit of failed attempts in a window, then refuses with the seconds left, and starts afresh when the window ends', async () => {
    const counter = counterOn(current().store);
    const key = freshKey();
    const start = Date.now();
    for (let i = 0; i < MAX; i++) expect((await counter.attempt(key, start + i)).allowed).toBe(true);
    expect(await counter.attempt(key, start + 1000)).toEqual({ allowed: false, retryAfter: 59 });
    expect(await counter.retryAfter(key, start + 58_500)).toBe(2);
    expect(await counter.retryAfter(key, start + WINDOW_MS - 1)).toBe(1);
    expect(await counter.retryAfter(key, start + WINDOW_MS)).toBe(0);
    expect(await current().store.read(hashed(key), start + 1000)).toEqual({ failures: MAX, resetAt: start + WINDOW_MS });

    // The next window is a new one of its own length, from its first failure.
    const later = start + WINDOW_MS;
    for (let i = 0; i < MAX; i++) expect((await counter.attempt(key, later)).allowed).toBe(true);
    expect(await counter.attempt(key, later + 2)).toEqual({ allowed: false, retryAfter: 60 });
    expect(await current().store.read(hashed(key), later)).toEqual({ failures: MAX, resetAt: later + WINDOW_MS });
  });

  it('counts attempts sent all at once, through two processes, before any runs: exactly the limit get through', async () => {
    const here = counterOn(current().store);
    const there = counterOn(current().other);
    const key = freshKey();
    const now = Date.now();
    const attempts = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? here : there).attempt(key, now)));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(MAX);
    expect(attempts.filter((attempt) => !attempt.allowed)).toEqual(Array(60 - MAX).fill({ allowed: false, retryAfter: 60 }));
    // A refused attempt is not a failure: exactly the limit is stored.
    expect(await current().store.read(hashed(key), now)).toEqual({ failures: MAX, resetAt: now + WINDOW_MS });
    expect(await there.retryAfter(key, now)).toBe(60);
  });

  it('refuses while attempts still running fill the limit, and lets one more in when one of them is given back', async () => {
    const counter = counterOn(current().store);
    const key = freshKey();
    const now = Date.now();
    const running = await Promise.all(Array.from({ length: MAX }, () => counter.attempt(key, now)));
    expect(running.every((attempt) => attempt.allowed)).toBe(true);
    expect((await counter.attempt(key, now)).allowed).toBe(false);
    const first = running[0];
    if (!first.allowed) throw new Error('unreachable');
    await first.giveBack();
    // Giving back twice gives back once.
    await first.giveBack();
    expect(await current().store.read(hashed(key), now)).toEqual({ failures: MAX - 1, resetAt: now + WINDOW_MS });
    expect((await counter.attempt(key, now)).allowed).toBe(true);
    expect((await counter.attempt(key, now)).allowed).toBe(false);
  });

  it('takes back never below zero and never from a later window', async () => {
    const { store } = current();
    const counter = counterOn(store);
    const key = freshKey();
    const now = Date.now();
    const early = await counter.attempt(key, now);
    if (!early.allowed) throw new Error('the first attempt was refused');
    // The window ends while the attempt runs; a new one starts with another failure.
    const later = now + WINDOW_MS;
    expect((await counter.attempt(key, later)).allowed).toBe(true);
    await early.giveBack();
    expect(await store.read(hashed(key), later)).toEqual({ failures: 1, resetAt: later + WINDOW_MS });

    for (let i = 0; i < 3; i++) await store.takeBack(hashed(key), later + WINDOW_MS);
    expect(await store.read(hashed(key), later)).toEqual({ failures: 0, resetAt: later + WINDOW_MS });
    expect((await store.add(hashed(key), later, WINDOW_MS)).failures).toBe(1);
  });

  it('counts each purpose apart and stores keyed hashes only, never the client address or account', async () => {
    const { store } = current();
    const logins = counterOn(store, { purpose: 'login' });
    const passwords = counterOn(store, { purpose: 'current-password' });
    const key = freshKey();
    const now = Date.now();
    for (let i = 0; i < MAX; i++) await logins.attempt(key, now);
    expect((await logins.attempt(key, now)).allowed).toBe(false);
    expect((await passwords.attempt(key, now)).allowed).toBe(true);

    const stored = await current().storedKeys();
    expect(stored).toContain(hashed(key, 'login'));
    expect(stored).toContain(hashed(key, 'current-password'));
    expect(stored.every((storedKey) => /^[0-9a-f]{64}$/.test(storedKey))).toBe(true);
    // Not an unkeyed hash either (those of every IPv4 address can be worked out in minutes).
    expect(stored).not.toContain(createHash('sha256').update(`login:${key}`).digest('hex'));
  });
}
