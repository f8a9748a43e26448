import { describe, expect, it } from "vitest";
import {
  ContentCache,
  type ContentCacheOptions,
  contentGeneration,
  dependsOn,
  invalidateContent,
  noteStandIn,
  RETRY_AFTER_FAILURE_MS,
  withSignal,
} from "./cache.server";

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** Lets background loads (promises) run to their end; time does not move. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const T0 = 1_000_000;
const TTL = 60_000;
const STALE = 3_600_000;

/** A cache on a fake clock, and a load function whose answers each test scripts. */
function setup(options: Partial<ContentCacheOptions<string>> = {}) {
  // Not 0: lru-cache takes a start time of 0 for "no TTL".
  const clock = { t: T0, now: () => clock.t };
  const cache = new ContentCache<string>({ enabled: true, maxEntries: 10, ttlMs: TTL, staleIfErrorMs: STALE, clock, ...options });
  const cms = { loads: 0, answer: "v1" as string | Error };
  const load = async () => {
    cms.loads++;
    if (cms.answer instanceof Error) throw cms.answer;
    return cms.answer;
  };
  return { clock, cache, cms, load };
}

describe("ContentCache: fresh copies", () => {
  it("loads once, then answers from memory", async () => {
    const { cache, cms, load } = setup();
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "miss" });
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "hit" });
    expect(cms.loads).toBe(1);
    expect(cache.fresh("k")).toBe("v1");
  });

  it("lets concurrent callers share one load", async () => {
    const { cache } = setup();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const all = Promise.all(Array.from({ length: 32 }, () => cache.read("k", load)));
    gate.resolve("v");
    expect((await all).map((r) => r.value)).toEqual(Array(32).fill("v"));
    expect(loads).toBe(1);
  });

  it("forgets the least recently used copy beyond its size, in entries and in bytes", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.read("a", async () => "a");
    await cache.read("b", async () => "b");
    await cache.read("a", async () => "a2"); // a is now the most recent
    await cache.read("c", async () => "c");
    expect(cache.fresh("b")).toBeUndefined();
    expect(cache.fresh("a")).toBe("a");

    const bytes = setup({ maxBytes: 10, sizeOf: (v) => v.length }).cache;
    await bytes.read("a", async () => "aaaa");
    await bytes.read("b", async () => "bbbb");
    await bytes.read("c", async () => "cccc"); // 12 bytes: a goes
    expect(bytes.fresh("a")).toBeUndefined();
    expect(bytes.fresh("c")).toBe("cccc");
    expect((await bytes.read("huge", async () => "x".repeat(11))).value).toHaveLength(11); // served, not kept
    expect(bytes.fresh("huge")).toBeUndefined();
    expect(bytes.size).toBe(2);
  });

  it("reads straight through when disabled", async () => {
    const { cache, cms, load } = setup({ enabled: false });
    await cache.read("k", load);
    await cache.read("k", load);
    expect(cms.loads).toBe(2);
    expect(cache.fresh("k")).toBeUndefined();
  });
});

describe("ContentCache: after the TTL (stale-while-revalidate)", () => {
  it("serves the old copy at once and refreshes it with one load in the background", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = "v2";
    clock.t = T0 + TTL - 1;
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "hit" });
    clock.t = T0 + TTL;
    expect(cache.fresh("k")).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.read("k", load)));
    expect(answers.map((a) => a.state)).toEqual(Array(5).fill("stale"));
    expect(answers.map((a) => a.value)).toEqual(Array(5).fill("v1"));
    await settle();
    expect(cms.loads).toBe(2);
    expect(await cache.read("k", load)).toEqual({ value: "v2", state: "hit" });
  });
});

describe("ContentCache: a copy long unvisited (an announcement of an edit was lost)", () => {
  // A visitor was once shown an hour-old /blogs: a page nobody asked for since its copy was made,
  // whose edits' announcements never arrived (the web restarting or unreachable when the CMS
  // called), was served as stale-while-revalidate, at any age up to the stale-if-error window.
  it("does not serve a copy older than twice the TTL before trying the CMS: the visitor gets the new content", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = "v2"; // changed at the CMS; no invalidateContent() came
    clock.t = T0 + 45 * 60_000;
    expect(await cache.read("k", load)).toEqual({ value: "v2", state: "miss" });
    expect(cms.loads).toBe(2);
  });

  it("still serves a copy up to twice the TTL old at once while it refreshes", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = "v2";
    clock.t = T0 + 2 * TTL - 1;
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "stale" });
    await settle();
    expect(await cache.read("k", load)).toEqual({ value: "v2", state: "hit" });
  });

  it("serves the old copy as the last good one when the CMS fails, and tries again (not at once) after a long pause", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = new Error("CMS down");
    clock.t = T0 + 30 * 60_000;
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "fallback" });
    expect(cms.loads).toBe(2);
    // Long after that failure, nobody having asked since, the CMS is back: the visitor gets it.
    cms.answer = "v2";
    clock.t += 20 * 60_000;
    expect(await cache.read("k", load)).toEqual({ value: "v2", state: "miss" });
  });
});

describe("ContentCache: the CMS fails (stale-if-error)", () => {
  it("serves the last good copy, retries in the background at most once a second, and recovers", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = new Error("CMS down");
    clock.t = T0 + TTL;
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "stale" });
    await settle(); // the background refresh fails
    expect(cms.loads).toBe(2);

    for (let i = 0; i < 10; i++) expect(await cache.read("k", load)).toEqual({ value: "v1", state: "fallback" });
    await settle();
    expect(cms.loads).toBe(2); // no retry within the second after a failure

    clock.t += RETRY_AFTER_FAILURE_MS;
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "fallback" });
    await settle();
    expect(cms.loads).toBe(3);

    cms.answer = "back";
    clock.t += RETRY_AFTER_FAILURE_MS;
    expect((await cache.read("k", load)).value).toBe("v1");
    await settle();
    expect(await cache.read("k", load)).toEqual({ value: "back", state: "hit" });
  });

  it("keeps a copy for the stale window after its load, then gives the error", async () => {
    const { clock, cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = new Error("CMS down");
    clock.t = T0 + STALE;
    expect((await cache.read("k", load)).value).toBe("v1");
    clock.t = T0 + STALE + 1;
    await expect(cache.read("k", load)).rejects.toThrow("CMS down");
    expect(cache.size).toBe(0);
  });

  it("gives the error when there is no copy, and keeps nothing", async () => {
    const { cache, cms, load } = setup();
    cms.answer = new Error("CMS down");
    await expect(cache.read("k", load)).rejects.toThrow("CMS down");
    cms.answer = "back";
    expect(await cache.read("k", load)).toEqual({ value: "back", state: "miss" });
  });

  it("drops the copy when the failure says the content is gone (keepCopyOn)", async () => {
    const { clock, cache, cms, load } = setup({ keepCopyOn: (error) => (error as Error).message !== "gone" });
    await cache.read("k", load);
    clock.t = T0 + TTL;
    cms.answer = new Error("gone");
    await cache.read("k", load); // stale, refreshing
    await settle();
    await expect(cache.read("k", load)).rejects.toThrow("gone");
  });

  it("marks a load built from last good copies of another cache as a fallback itself", async () => {
    const reads = setup();
    const pages = setup();
    await reads.cache.read("site", reads.load);
    const render = async () => `page with ${(await reads.cache.read("site", reads.load)).value}`;
    expect((await pages.cache.read("/", render)).value).toBe("page with v1");

    reads.cms.answer = new Error("CMS down");
    invalidateContent();
    // The page waits for the new content; its read fails and falls back: so is the page.
    const read = await pages.cache.read("/", render);
    expect(read).toEqual({ value: "page with v1", state: "fallback" });
    expect(pages.cache.fresh("/")).toBeUndefined();

    reads.cms.answer = "v2";
    reads.clock.t = pages.clock.t = T0 + RETRY_AFTER_FAILURE_MS;
    await pages.cache.read("/", render); // still the fallback; retried in the background
    await settle();
    expect(await pages.cache.read("/", render)).toEqual({ value: "page with v2", state: "hit" });
  });

  it("keeps a load that used a stand-in (work not done in time) like a fallback, with the pages built from it", async () => {
    const reads = setup();
    const pages = setup();
    let done = false;
    // A post whose rendering is not ready yet: its text for now.
    const post = async () => {
      if (done) return "rendered post";
      noteStandIn();
      return "post as text";
    };
    const render = async () => `page with ${(await reads.cache.read("post", post)).value}`;
    expect(await pages.cache.read("/post", render)).toEqual({ value: "page with post as text", state: "fallback" });
    expect(pages.cache.fresh("/post")).toBeUndefined();
    expect(reads.cache.fresh("post")).toBeUndefined();

    done = true;
    reads.clock.t = pages.clock.t = T0 + RETRY_AFTER_FAILURE_MS;
    expect((await pages.cache.read("/post", render)).value).toBe("page with post as text"); // refreshed in the background
    await settle();
    expect(await pages.cache.read("/post", render)).toEqual({ value: "page with rendered post", state: "hit" });
  });
});

describe("ContentCache: content changed (the CMS's call)", () => {
  it("makes the next reader wait for the new content, one load for all", async () => {
    const { cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = "edited";
    const before = contentGeneration();
    invalidateContent();
    expect(contentGeneration()).toBe(before + 1);
    expect(cache.fresh("k")).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.read("k", load)));
    expect(answers.map((a) => a.value)).toEqual(Array(8).fill("edited"));
    expect(cms.loads).toBe(2);
    expect(await cache.read("k", load)).toEqual({ value: "edited", state: "hit" });
  });

  it("never gives a reader after the change what a load begun before it returned", async () => {
    const { cache } = setup();
    const old = deferred<string>();
    const before = cache.read("k", () => old.promise); // under way when the content changes
    invalidateContent();
    const after = cache.read("k", async () => "new");
    old.resolve("old");
    expect((await before).value).toBe("old"); // its own reader gets it
    expect((await after).value).toBe("new");
    expect(cache.fresh("k")).toBe("new");
  });

  it("serves the old copy when the new one takes longer than changeWaitMs, and the new one once made", async () => {
    const { cache } = setup({ changeWaitMs: 0 });
    await cache.read("k", async () => "old");
    invalidateContent();
    const slow = deferred<string>();
    let loads = 0;
    const load = () => (loads++, slow.promise);
    expect(await cache.read("k", load)).toEqual({ value: "old", state: "stale" });
    expect(await cache.read("k", load)).toEqual({ value: "old", state: "stale" });
    expect(loads).toBe(1); // one load for all, going on in the background
    slow.resolve("new");
    await settle();
    expect(await cache.read("k", load)).toEqual({ value: "new", state: "hit" });
  });

  it("makes only the first visitors after a change wait: a load under way for changeWaitMs already means the old copy at once", async () => {
    const { clock, cache } = setup({ changeWaitMs: 60_000 });
    await cache.read("k", async () => "old");
    invalidateContent();
    const slow = deferred<string>();
    const first = cache.read("k", () => slow.promise); // waits for the new copy
    await settle(); // its load is under way
    clock.t += 60_000;
    expect(await cache.read("k", () => slow.promise)).toEqual({ value: "old", state: "stale" });
    slow.resolve("new");
    expect(await first).toEqual({ value: "new", state: "miss" });
  });

  it("waits the whole load inside another cache's load (a page is never built from the old copy)", async () => {
    const reads = setup({ changeWaitMs: 0 });
    const pages = setup();
    await reads.cache.read("site", async () => "old");
    const slow = deferred<string>();
    const render = async () => `page with ${(await reads.cache.read("site", () => slow.promise)).value}`;
    invalidateContent();
    const page = pages.cache.read("/", render);
    slow.resolve("new");
    expect(await page).toEqual({ value: "page with new", state: "miss" });
  });

  it("falls back to the old copy when the CMS fails right after the change", async () => {
    const { cache, cms, load } = setup();
    await cache.read("k", load);
    cms.answer = new Error("CMS down");
    invalidateContent();
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "fallback" });
    // That failed try was made after the change: the next readers do not wait for another.
    expect(await cache.read("k", load)).toEqual({ value: "v1", state: "fallback" });
    expect(cms.loads).toBe(2);
  });
});

describe("ContentCache: what a copy depends on", () => {
  // Kinds of their own per test: changes are counted process-wide.
  const reading = (kinds: string[] | undefined, value: string) => async () => {
    dependsOn(kinds && new Set(kinds));
    return value;
  };

  it("a change of one kind leaves the copies made from other kinds fresh, and the next reader of the others waits for it", async () => {
    const { cache } = setup();
    await cache.read("posts", reading(["t1-blog"], "posts"));
    await cache.read("team", reading(["t1-team"], "team"));
    invalidateContent(Date.now(), "t1-blog");
    expect(cache.fresh("team")).toBe("team");
    expect(await cache.read("team", reading(["t1-team"], "team again"))).toEqual({ value: "team", state: "hit" });
    expect(cache.fresh("posts")).toBeUndefined();
    expect(await cache.read("posts", reading(["t1-blog"], "new posts"))).toEqual({ value: "new posts", state: "miss" });
  });

  it("a change the web app cannot place, and a copy whose load named nothing, are out of date at any change", async () => {
    const { cache } = setup();
    await cache.read("posts", reading(["t2-blog"], "posts"));
    await cache.read("sizes", reading([], "sizes")); // uploads only: no kind of content
    await cache.read("unnamed", reading(undefined, "anything"));
    await cache.read("silent", async () => "named nothing");
    invalidateContent(Date.now(), "t2-other");
    expect(cache.fresh("posts")).toBe("posts");
    expect(cache.fresh("sizes")).toBe("sizes");
    expect(cache.fresh("unnamed")).toBeUndefined();
    expect(cache.fresh("silent")).toBeUndefined();
    invalidateContent(Date.now());
    expect(cache.fresh("posts")).toBeUndefined();
    expect(cache.fresh("sizes")).toBeUndefined();
  });

  it("a page depends on what its reads depend on, loaded for it or already cached (both ways of reading a copy)", async () => {
    const reads = setup();
    const pages = setup();
    await reads.cache.read("site", reading(["t3-site"], "site"));
    await reads.cache.read("menu", reading(["t3-menu"], "menu"));
    const render = async () => {
      // The fast path of a cached read (cmsView's), and the way it takes when the copy is not fresh.
      const site = reads.cache.fresh("site") ?? (await reads.cache.read("site", reading(["t3-site"], "site"))).value;
      const menu = (await reads.cache.read("menu", reading(["t3-menu"], "menu"))).value; // a hit
      const posts = (await reads.cache.read("posts", reading(["t3-blog"], "posts"))).value; // loaded for it
      return `${site} ${menu} ${posts}`;
    };
    await pages.cache.read("/blogs", render);
    invalidateContent(Date.now(), "t3-team");
    expect(pages.cache.fresh("/blogs")).toBe("site menu posts");
    for (const kind of ["t3-site", "t3-menu", "t3-blog"]) {
      invalidateContent(Date.now(), kind);
      expect(pages.cache.fresh("/blogs")).toBeUndefined();
      expect((await pages.cache.read("/blogs", render)).state).toBe("miss");
      expect(pages.cache.fresh("/blogs")).toBe("site menu posts");
    }
  });

  it("a page built from the last good copy of a read still depends on that read's kinds", async () => {
    const reads = setup();
    const pages = setup();
    await reads.cache.read("posts", reading(["t4-blog"], "posts"));
    reads.cms.answer = new Error("CMS down");
    invalidateContent(Date.now(), "t4-blog");
    const render = async () => `page with ${(await reads.cache.read("posts", reads.load)).value}`;
    expect(await pages.cache.read("/blogs", render)).toEqual({ value: "page with posts", state: "fallback" });
    reads.cms.answer = "new posts";
    reads.clock.t += RETRY_AFTER_FAILURE_MS;
    pages.clock.t += RETRY_AFTER_FAILURE_MS;
    invalidateContent(Date.now(), "t4-blog");
    expect((await pages.cache.read("/blogs", render)).value).toBe("page with new posts");
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
