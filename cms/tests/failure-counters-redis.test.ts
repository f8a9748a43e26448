import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { startTestRedis, type TestRedis } from './helpers/redis-server';
import { bearer, decodeJwt, json } from './helpers/api';

// With REDIS_URL, every CMS process counts failed logins and wrong current passwords in one Redis:
// two processes add up to one limit, a restart forgets nothing, and while Redis does not answer,
// sign-ins and password changes are refused with 503 rather than let through uncounted.
// Each process has its own database here, so only Redis can share their counts.
let redis: TestRedis;
let first: TestCms;
let second: TestCms;

beforeAll(async () => {
  redis = await startTestRedis();
  first = await startTestCms({ env: { REDIS_URL: redis.url } });
  second = await startTestCms({ env: { REDIS_URL: redis.url } });
}, 400_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await redis?.close();
});

/** A login from one visitor of the web app (vouched for with the shared secret, as the web app does). */
const loginAt = async (cms: TestCms, client: string, password: string, path = '/api/users/login') => {
  const response = await fetch(`${cms.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': client, 'x-web-proxy-secret': cms.env.WEB_PROXY_SECRET },
    body: JSON.stringify({ email: ADMIN_EMAIL, password }),
  });
  return { status: response.status, body: await json(response) };
};

const changePassword = async (cms: TestCms, token: string, currentPassword: string) => {
  const response = await fetch(`${cms.url}/api/account/password`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword, password: 'A brand new passphrase' }),
  });
  return { status: response.status, body: await json(response) };
};

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('failure counters in Redis', () => {
  it('adds up failed logins through two CMS processes, keeps them and wrong current passwords across a restart, hashed', async () => {
    const client = '192.0.2.70';
    for (const cms of [first, first, first, second, second]) expect((await loginAt(cms, client, 'Wrong-123')).status).toBe(401);
    expect((await loginAt(second, client, ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginAt(first, client, ADMIN_PASSWORD)).status).toBe(429);

    const token = (await loginAt(first, '192.0.2.71', ADMIN_PASSWORD)).body.token as string;
    for (let i = 0; i < 5; i++) expect((await changePassword(first, token, `Wrong guess ${i}`)).status).toBe(400);

    // What Redis holds: one hash per key, under a hashed key that names no address or account.
    const inspect = new Redis(redis.url);
    try {
      const keys = await inspect.keys('*');
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.every((key) => /^childrens-home:failures:[0-9a-f]{64}$/.test(key))).toBe(true);
      const counts = await Promise.all(keys.map((key) => inspect.hget(key, 'failures')));
      expect(counts.filter((count) => count === '5')).toHaveLength(2);
    } finally {
      inspect.disconnect();
    }

    await first.restart();
    expect((await loginAt(first, client, ADMIN_PASSWORD)).status).toBe(429);
    expect(await changePassword(first, token, ADMIN_PASSWORD)).toEqual({
      status: 429,
      body: { message: 'Too many wrong passwords. Please wait a few minutes and try again.' },
    });
    expect((await loginAt(second, '192.0.2.72', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('answers sign-ins and password changes with 503 while Redis does not answer, logs it once, and counts again when it is back', async () => {
    const token = (await loginAt(second, '192.0.2.80', ADMIN_PASSWORD)).body.token as string;
    await redis.stop();

    const unavailable = { message: 'Signing in is not possible right now. Please try again in a few minutes.' };
    expect(await loginAt(second, '192.0.2.81', ADMIN_PASSWORD)).toEqual({ status: 503, body: unavailable });
    expect(await loginAt(second, '192.0.2.82', 'Wrong-123')).toEqual({ status: 503, body: unavailable });
    const atConsole = await loginAt(second, '192.0.2.83', ADMIN_PASSWORD, '/admin/login');
    expect(atConsole.status).toBe(503);
    expect(atConsole.body.error.message).toBe(unavailable.message);
    expect(await changePassword(second, token, ADMIN_PASSWORD)).toEqual({
      status: 503,
      body: { message: 'The password cannot be changed right now. Please try again in a few minutes.' },
    });
    // Everything else goes on: the token still reads, public pages answer.
    expect((await fetch(`${second.url}/api/blog`)).status).toBe(200);
    expect((await fetch(`${second.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) })).status).toBe(200);
    expect(occurrences(await second.logs(), '[failure-counters] Redis at 127.0.0.1')).toBe(1);
    expect(await second.logs()).toContain('does not answer');

    await redis.start();
    let status = 0;
    for (let attempt = 0; attempt < 60 && status !== 200; attempt++) {
      status = (await loginAt(second, '192.0.2.84', ADMIN_PASSWORD)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect(await second.logs()).toContain('answers again');
    // Counted again: a wrong password is a 401 again.
    expect((await loginAt(second, '192.0.2.85', 'Wrong-123')).status).toBe(401);
  });
});
