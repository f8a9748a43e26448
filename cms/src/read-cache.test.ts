import type { Context, Next } from 'koa';
import { describe, expect, it } from 'vitest';
import { ReadCache, type Kinds } from './read-cache';

/** Enough of a koa context for the cache: status, type, body and headers. */
function fakeContext() {
  const headers: Record<string, string> = {};
  const ctx = {
    status: 404,
    body: undefined as unknown,
    set type(value: string) {
      headers['content-type'] = value;
    },
    set: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    response: { get: (name: string) => headers[name.toLowerCase()] ?? '' },
    headers,
  };
  return ctx;
}

/** A route that reads `answer()` when called and sends it once `gate` opens, counting its calls. */
function fakeRoute(answer: () => { status?: number; type?: string; body: unknown }) {
  const route = {
    calls: 0,
    next(ctx: ReturnType<typeof fakeContext>): Next {
      return async () => {
        route.calls++;
        const read = answer();
        await route.gate;
        const { status = 200, type = 'application/json; charset=utf-8', body } = read;
        ctx.status = status;
        ctx.headers['content-type'] = type;
        ctx.body = body;
      };
    },
    gate: Promise.resolve() as Promise<unknown>,
  };
  return route;
}

const clock = () => {
  let now = 1000; // lru-cache reads a start time of 0 as "none"
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

const ask = async (cache: ReadCache, route: ReturnType<typeof fakeRoute>, key = 'get\u0000/api/blog', changedAt = 0, kinds?: Kinds) => {
  const ctx = fakeContext();
  await cache.serve(ctx as unknown as Context, key, route.next(ctx), { changedAt, kinds });
  return {
    status: ctx.status,
    body: typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body),
    state: ctx.headers['x-read-cache'],
  };
};

describe('the read cache', () => {
  it('answers the same read from memory until its time is up', async () => {
    const time = clock();
    const cache = new ReadCache({ enabled: true, ttlMs: 2000, maxBytes: 1 << 20, clock: time });
    let version = 1;
    const route = fakeRoute(() => ({ body: { count: version } }));
    expect(await ask(cache, route)).toEqual({ status: 200, body: '{"count":1}', state: 'miss' });
    version = 2; // written by another process: not seen until the copy is 2 s old
    time.advance(1999);
    expect(await ask(cache, route)).toEqual({ status: 200, body: '{"count":1}', state: 'hit' });
    time.advance(2);
    expect(await ask(cache, route)).toEqual({ status: 200, body: '{"count":2}', state: 'miss' });
    expect(route.calls).toBe(2);
  });

  it('forgets everything when told of a write', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    let version = 1;
    const route = fakeRoute(() => ({ body: { count: version } }));
    await ask(cache, route);
    version = 2;
    cache.invalidate();
    expect(await ask(cache, route)).toMatchObject({ body: '{"count":2}', state: 'miss' });
  });

  it('gives no answer read before a change the caller names (made through another CMS process)', async () => {
    let wall = 1_795_321_170_000;
    const cache = new ReadCache({ enabled: true, ttlMs: 2000, maxBytes: 1 << 20, wallClock: () => wall });
    let version = 1;
    const route = fakeRoute(() => ({ body: { count: version } }));
    await ask(cache, route); // read at wall
    wall += 500;
    version = 2; // written through the other process, which tells the web app: "changed at wall"
    const changedAt = wall;
    wall += 1;
    expect(await ask(cache, route, undefined, changedAt)).toMatchObject({ body: '{"count":2}', state: 'miss' });
    // Read after the change: good for the same caller and for everyone else.
    expect(await ask(cache, route, undefined, changedAt)).toMatchObject({ body: '{"count":2}', state: 'hit' });
    expect(await ask(cache, route)).toMatchObject({ body: '{"count":2}', state: 'hit' });
    expect(route.calls).toBe(2);
  });

  it('lets reads arriving together share one answer', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 2000, maxBytes: 1 << 20 });
    let open: (value?: unknown) => void = () => {};
    const route = fakeRoute(() => ({ body: { count: 7 } }));
    route.gate = new Promise((resolve) => (open = resolve));
    const answers = Array.from({ length: 20 }, () => ask(cache, route));
    open();
    const results = await Promise.all(answers);
    expect(route.calls).toBe(1);
    expect(results.every((result) => result.body === '{"count":7}' && result.status === 200)).toBe(true);
    expect(results.filter((result) => result.state === 'shared')).toHaveLength(19);
  });

  it('does not keep an answer read while a write happened', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    let version = 1;
    let open: (value?: unknown) => void = () => {};
    const route = fakeRoute(() => ({ body: { count: version } }));
    route.gate = new Promise((resolve) => (open = resolve));
    const during = ask(cache, route);
    cache.invalidate(); // the write commits while the read is under way
    version = 2;
    open();
    expect((await during).state).toBeUndefined();
    route.gate = Promise.resolve();
    expect(await ask(cache, route)).toMatchObject({ body: '{"count":2}', state: 'miss' });
  });

  it('gives the reads that joined before a write its answer, without keeping it, and makes later reads wait for a new one', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    let version = 1;
    let open: (value?: unknown) => void = () => {};
    const route = fakeRoute(() => ({ body: { count: version } }));
    route.gate = new Promise((resolve) => (open = resolve));
    const first = ask(cache, route);
    const joined = Array.from({ length: 5 }, () => ask(cache, route));
    cache.invalidate(); // a write commits while they all wait
    version = 2;
    const after = ask(cache, route); // began after the write: must see it
    open();
    expect((await first).body).toBe('{"count":1}');
    for (const result of await Promise.all(joined)) expect(result).toMatchObject({ body: '{"count":1}', state: 'shared' });
    expect(await after).toMatchObject({ body: '{"count":2}', state: 'miss' });
    expect(route.calls).toBe(2);
    expect(await ask(cache, route)).toMatchObject({ body: '{"count":2}', state: 'hit' });
  });

  it('forgets on a write of one kind only the answers read from it, and those that could show anything', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    const version = { posts: 1, committee: 1 };
    const posts = fakeRoute(() => ({ body: { posts: version.posts } }));
    const committee = fakeRoute(() => ({ body: { committee: version.committee } }));
    const everything = fakeRoute(() => ({ body: version }));
    const askPosts = () => ask(cache, posts, 'posts', 0, new Set(['api::blog.blog']));
    const askCommittee = () => ask(cache, committee, 'committee', 0, new Set(['api::team-member.team-member']));
    const askEverything = () => ask(cache, everything, 'everything', 0, undefined);
    for (const read of [askPosts, askCommittee, askEverything]) await read();

    version.posts = 2;
    cache.invalidate('api::blog.blog');
    expect(await askPosts()).toMatchObject({ body: '{"posts":2}', state: 'miss' });
    expect(await askCommittee()).toMatchObject({ body: '{"committee":1}', state: 'hit' });
    expect(await askEverything()).toMatchObject({ body: '{"posts":2,"committee":1}', state: 'miss' });

    version.committee = 2; // a write that may show anywhere (a file, a consent)
    cache.invalidate();
    expect(await askPosts()).toMatchObject({ body: '{"posts":2}', state: 'miss' });
    expect(await askCommittee()).toMatchObject({ body: '{"committee":2}', state: 'miss' });
    expect(await askEverything()).toMatchObject({ body: '{"posts":2,"committee":2}', state: 'miss' });
  });

  it('keeps a read under way when a write of another kind comes, and not when one of its own kind or of anything does', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    const kinds = new Set(['api::team-member.team-member']);
    for (const [write, kept] of [
      ['api::blog.blog', true],
      ['api::team-member.team-member', false],
      [undefined, false],
    ] as const) {
      let open: (value?: unknown) => void = () => {};
      const route = fakeRoute(() => ({ body: { write } }));
      route.gate = new Promise((resolve) => (open = resolve));
      const key = `committee while ${write}`;
      const first = ask(cache, route, key, 0, kinds);
      const joined = ask(cache, route, key, 0, kinds);
      cache.invalidate(write);
      const after = ask(cache, route, key, 0, kinds);
      open();
      await Promise.all([first, joined]);
      expect((await after).state, String(write)).toBe(kept ? 'shared' : 'miss');
      route.gate = Promise.resolve();
      expect((await ask(cache, route, key, 0, kinds)).state, String(write)).toBe('hit');
      expect(route.calls, String(write)).toBe(kept ? 1 : 2);
    }
  });

  it('keeps only complete JSON answers without GraphQL errors', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 1 << 20 });
    const cases = [
      { status: 404, body: { message: 'Not found' } },
      { status: 403, body: { message: 'Forbidden' } },
      { status: 200, body: '{"data":null,"errors":[{"message":"Forbidden access"}]}' },
      { status: 200, type: 'text/html', body: '<p>hi</p>' },
    ];
    for (const [index, answer] of cases.entries()) {
      const route = fakeRoute(() => answer);
      await ask(cache, route, `key${index}`);
      await ask(cache, route, `key${index}`);
      expect(route.calls, JSON.stringify(answer)).toBe(2);
    }
    // A string inside the data that reads "errors": is escaped, so it is kept.
    const route = fakeRoute(() => ({ body: { data: { title: 'Our "errors": none' } } }));
    await ask(cache, route, 'quoted');
    expect((await ask(cache, route, 'quoted')).state).toBe('hit');
  });

  it('stays within its memory bound', async () => {
    const cache = new ReadCache({ enabled: true, ttlMs: 60_000, maxBytes: 64 * 1024 });
    const route = fakeRoute(() => ({ body: { text: 'x'.repeat(4000) } }));
    for (let i = 0; i < 100; i++) await ask(cache, route, `page=${i}`);
    expect(cache.size).toBeLessThanOrEqual(8);
    expect(cache.size).toBeGreaterThan(0);
  });
});
