import { describe, expect, it } from "vitest";
import { contentGeneration, invalidateContent, LruTtl, ReadCache, withSignal } from "./cache.server";

describe("LruTtl", () => {
  it("forgets the least recently used entry beyond its size", () => {
    const lru = new LruTtl<number>({ maxEntries: 2, ttlMs: 1000 });
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1); // a is now the most recent
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.get("c")).toBe(3);
  });

  it("also keeps the total size within its byte budget", () => {
    const lru = new LruTtl<string>({ maxEntries: 100, ttlMs: 1000, maxBytes: 10, sizeOf: (v) => v.length });
    lru.set("a", "aaaa");
    lru.set("b", "bbbb");
    lru.set("c", "cccc"); // 12 bytes: a goes
    expect(lru.get("a")).toBeUndefined();
    expect(lru.totalBytes).toBe(8);
    lru.set("huge", "x".repeat(11)); // bigger than the whole budget: not kept, nothing evicted
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.size).toBe(2);
  });

  it("expires entries after the TTL", () => {
    let now = 0;
    const lru = new LruTtl<string>({ maxEntries: 10, ttlMs: 100, now: () => now });
    lru.set("k", "v");
    now = 99;
    expect(lru.get("k")).toBe("v");
    now = 100;
    expect(lru.get("k")).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe("ReadCache", () => {
  const make = () => new ReadCache<string>({ enabled: true, maxEntries: 10, ttlMs: 60_000 });

  it("loads once, then answers from memory", async () => {
    const cache = make();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.read("k", load)).toBe("v1");
    expect(await cache.read("k", load)).toBe("v1");
    expect(loads).toBe(1);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it("lets concurrent callers share one load", async () => {
    const cache = make();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const all = Promise.all(Array.from({ length: 32 }, () => cache.read("k", load)));
    gate.resolve("v");
    expect(await all).toEqual(Array(32).fill("v"));
    expect(loads).toBe(1);
  });

  it("does not keep failures", async () => {
    const cache = make();
    await expect(cache.read("k", () => Promise.reject(new Error("CMS down")))).rejects.toThrow("CMS down");
    expect(await cache.read("k", async () => "back")).toBe("back");
  });

  it("drops everything on invalidation, and never stores a value loaded before it", async () => {
    const cache = make();
    await cache.read("a", async () => "old a");
    const slow = deferred<string>();
    const pending = cache.read("b", () => slow.promise);
    const before = contentGeneration();
    invalidateContent();
    expect(contentGeneration()).toBe(before + 1);
    slow.resolve("old b"); // fetched before the edit: handed to its caller, but not kept
    expect(await pending).toBe("old b");
    expect(await cache.read("a", async () => "new a")).toBe("new a");
    expect(await cache.read("b", async () => "new b")).toBe("new b");
  });

  it("reads straight through when disabled", async () => {
    const cache = new ReadCache<string>({ enabled: false, maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    await cache.read("k", async () => `v${++loads}`);
    await cache.read("k", async () => `v${++loads}`);
    expect(loads).toBe(2);
  });
});

describe("withSignal", () => {
  it("stops waiting when the visitor leaves, without cancelling the shared work", async () => {
    const work = deferred<string>();
    const controller = new AbortController();
    const waiting = withSignal(work.promise, controller.signal);
    controller.abort(new DOMException("gone", "AbortError"));
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    work.resolve("done");
    expect(await withSignal(work.promise, new AbortController().signal)).toBe("done");
  });
});
