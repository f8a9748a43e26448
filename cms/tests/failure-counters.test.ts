import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, json } from './helpers/api';

// The login limit and the limit of wrong current passwords count in the CMS's database: a restart
// (a deploy, a crash) does not forget them. On SQLite, and on PostgreSQL in the PostgreSQL suite.
const PROXY_SECRET = 'failure-counters-test-proxy-secret';
let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ env: { WEB_PROXY_SECRET: PROXY_SECRET } });
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

/** A login from one visitor of the web app (its address vouched for as the web app does). */
const loginFrom = async (client: string, email: string, password: string) => {
  const response = await fetch(`${cms.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': client, 'x-web-proxy-secret': PROXY_SECRET },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await json(response) };
};

const changePassword = async (token: string, currentPassword: string) => {
  const response = await fetch(`${cms.url}/api/account/password`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword, password: 'A brand new passphrase' }),
  });
  return { status: response.status, body: await json(response) };
};

describe('failure counters across a restart', () => {
  it('keeps the count of failed logins: after five and a restart, the sixth is refused, also with the right password', async () => {
    const client = '192.0.2.50';
    for (let i = 0; i < 5; i++) expect((await loginFrom(client, ADMIN_EMAIL, `Wrong-${i}`)).status).toBe(401);

    // Stored once, hashed: the table holds no client address.
    const rows = await cms.query<{ key_hash: string; failures: number | string }>('SELECT key_hash, failures FROM failure_counters');
    expect(rows.map((row) => Number(row.failures))).toContain(5);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('192.0.2');

    await cms.restart();
    const refused = await loginFrom(client, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many failed login attempts. Please wait a few minutes and try again.' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60);
    // Another visitor is not locked out.
    expect((await loginFrom('192.0.2.51', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('keeps the count of wrong current passwords: after five and a restart, the right one is refused', async () => {
    const token = (await loginFrom('192.0.2.52', ADMIN_EMAIL, ADMIN_PASSWORD)).body.token as string;
    for (let i = 0; i < 5; i++) expect((await changePassword(token, `Wrong guess ${i}`)).status).toBe(400);

    await cms.restart();
    const refused = await changePassword(token, ADMIN_PASSWORD);
    expect(refused).toEqual({ status: 429, body: { message: 'Too many wrong passwords. Please wait a few minutes and try again.' } });
    // The password did not change.
    expect((await loginFrom('192.0.2.53', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });
});
