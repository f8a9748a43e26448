import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureStoreSuite, freshKey, hashed, type StoreUnderTest } from '../../tests/helpers/failure-store-suite';
import { startTestRedis, type TestRedis } from '../../tests/helpers/redis-server';
import { createFailureCounter, FailureCountersUnavailable, type StoreHealth } from './counter';
import { createRedisFailureStore, type RedisFailureStore } from './redis-store';

// The counters in Redis: on TEST_REDIS_URL when set, else on a redis-server of its own; the outage
// is always played on its own server. Outside CI, vitest.config.ts leaves this file out (and says
// so) where redis-server is not installed.
const PREFIX = 'childrens-home:failures:';
const servers: TestRedis[] = [];
let url: string;
let inspect: Redis;
const stores: RedisFailureStore[] = [];
let under: StoreUnderTest;

beforeAll(async () => {
  if (process.env.TEST_REDIS_URL) url = process.env.TEST_REDIS_URL;
  else {
    servers.push(await startTestRedis());
    url = servers[0].url;
  }
  inspect = new Redis(url);
  stores.push(createRedisFailureStore(url), createRedisFailureStore(url));
  for (const store of stores) expect(await store.ready(5000)).toBe(true);
  under = {
    store: stores[0],
    other: stores[1],
    storedKeys: async () => (await inspect.keys(`${PREFIX}*`)).map((key) => key.slice(PREFIX.length)),
  };
});

afterAll(async () => {
  for (const store of stores) await store.close();
  inspect?.disconnect();
  for (const server of servers) await server.close();
});

describe('failure counters in Redis', () => {
  failureStoreSuite(() => under);

  it('lets Redis delete a window when it ends', async () => {
    const now = Date.now();
    const running = freshKey();
    await under.store.add(hashed(running), now, 60_000);
    const ttl = await inspect.pttl(PREFIX + hashed(running));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // A window whose end has passed is gone at once.
    const ended = freshKey();
    await under.store.add(hashed(ended), now - 120_000, 60_000);
    expect(await inspect.exists(PREFIX + hashed(ended))).toBe(0);
  });
});

describe('when Redis does not answer', () => {
  it('refuses at once with FailureCountersUnavailable, tells the health each time, and counts again when Redis is back', async () => {
    const own = await startTestRedis();
    servers.push(own);
    const events: string[] = [];
    const health: StoreHealth = { failed: () => events.push('failed'), answered: () => events.push('answered') };
    const store = createRedisFailureStore(own.url, health);
    stores.push(store);
    expect(await store.ready(5000)).toBe(true);
    const counter = createFailureCounter({ store, purpose: 'login', secret: 's', maxFailures: 5, windowMs: 60_000, health });
    expect((await counter.attempt(freshKey())).allowed).toBe(true);

    await own.stop();
    const started = Date.now();
    await expect(counter.attempt(freshKey())).rejects.toBeInstanceOf(FailureCountersUnavailable);
    await expect(counter.retryAfter(freshKey())).rejects.toBeInstanceOf(FailureCountersUnavailable);
    // Nothing waits for a connection: the command fails within the client's timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(events).toContain('failed');

    await own.start();
    expect(await store.ready(10_000)).toBe(true);
    expect((await counter.attempt(freshKey())).allowed).toBe(true);
    expect(events.at(-1)).toBe('answered');
  });
});
