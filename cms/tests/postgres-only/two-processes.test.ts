import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from '../helpers/cms-server';
import { freePort, startTestWeb, type TestWeb } from '../helpers/web-server';
import { bearer, decodeJwt, form, json, login, pngBytes, send } from '../helpers/api';

// Runs in the PostgreSQL suite only (vitest.config.ts): SQLite is one file for one process.
// Two CMS and two web processes, one database, one uploads folder: as two machines behind a
// load balancer. Each web app talks to "its" CMS.
let first: TestCms;
let second: TestCms;
let webs: TestWeb[] = [];

beforeAll(async () => {
  // Every CMS tells every web process about content changes, so no web cache serves stale pages.
  const webPorts = [await freePort(), await freePort()];
  const WEB_REVALIDATE_URL = webPorts.map((port) => `http://127.0.0.1:${port}/_internal/revalidate`).join(',');
  first = await startTestCms({ seed: true, env: { WEB_REVALIDATE_URL } });
  second = await startTestCms({
    env: {
      DATABASE_CLIENT: 'postgres',
      DATABASE_URL: first.env.DATABASE_URL,
      STRAPI_PUBLIC_DIR: first.env.STRAPI_PUBLIC_DIR,
      WEB_REVALIDATE_URL,
    },
  });
  webs = [await startTestWeb(first, {}, webPorts[0]), await startTestWeb(second, {}, webPorts[1])];
}, 400_000);

afterAll(async () => {
  for (const web of webs) await web.stop();
  await second?.stop();
  await first?.stop();
});

/** What the page says once it shows `text`, or what it said last (status and title) if it never does. */
const pageShows = async (url: string, text: string) => {
  let last = '';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(url);
    const body = await response.text();
    if (response.status === 200 && body.includes(text)) return text;
    last = `${response.status} ${response.headers.get('x-cache') ?? ''} ${/<title>([^<]*)/.exec(body)?.[1] ?? body.slice(0, 200)}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
};

describe('two CMS and two web processes on one database and one uploads folder', () => {
  it('serves through one what was written through the other', async () => {
    const token = (await login(first.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const created = await send(
      first.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Shared', description: 'Written via one' }, { image: { bytes: await pngBytes(), name: 's.png', type: 'image/png' } }),
      token,
    );
    expect(created.status).toBe(201);
    const { id } = await json(created);

    const seen = await json(await fetch(`${second.url}/api/image-gallery/${id}`));
    expect(seen).toMatchObject({ id, title: 'Shared' });
    // The file is served by the other process from the shared folder.
    expect((await fetch(seen.mediaUrl.replace(first.url, second.url))).status).toBe(200);
    // A token issued by one is accepted by the other (shared JWT secret), and an edit there shows here.
    const edited = await send(
      second.url,
      'PUT',
      `/api/image-gallery/${id}`,
      form({ title: 'Shared, edited', description: 'Edited via two' }),
      token,
    );
    expect(edited.status).toBe(200);
    expect((await json(await fetch(`${first.url}/api/image-gallery/${id}`))).title).toBe('Shared, edited');
  });

  it('shows a blog post written through the first web stack on the second', async () => {
    const token = (await login(first.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const created = await send(
      first.url,
      'POST',
      '/api/blog',
      form({ title: 'Seen on both machines', content: 'Hello from machine one.', author: 'staff@example.org' }),
      token,
    );
    const { id } = await json(created);
    expect(await pageShows(`${webs[1].url}/blogs/details/${id}`, 'Seen on both machines')).toBe('Seen on both machines');
    expect(await pageShows(`${webs[0].url}/blogs/details/${id}`, 'Seen on both machines')).toBe('Seen on both machines');
    const renamed = await send(
      second.url,
      'PUT',
      `/api/blog/${id}`,
      form({ title: 'Renamed on machine two', content: 'Hello.', author: 'staff@example.org' }),
      token,
    );
    expect(renamed.status).toBe(200);
    expect(await pageShows(`${webs[0].url}/blogs/details/${id}`, 'Renamed on machine two')).toBe('Renamed on machine two');
  });

  it('a logout through one CMS ends the token on the other at once', async () => {
    const token = (await login(first.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const other = (await login(second.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const me = (url: string, bearerToken: string) =>
      fetch(`${url}/api/users/${decodeJwt(bearerToken).sub}`, { headers: bearer(bearerToken) });
    expect((await me(second.url, token)).status).toBe(200);
    expect((await fetch(`${first.url}/api/users/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(204);
    expect((await me(second.url, token)).status).toBe(401);
    expect((await send(second.url, 'POST', '/api/blog', form({ title: 'x', content: 'y', author: 'a@example.org' }), token)).status).toBe(
      401,
    );
    // Logging out everywhere through the second ends the first's session too.
    const third = (await login(first.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    expect((await fetch(`${second.url}/api/users/logout?everywhere=true`, { method: 'POST', headers: bearer(other) })).status).toBe(204);
    expect((await me(first.url, third)).status).toBe(401);
  });
});

describe('failure counters shared through the database', () => {
  /** A login from one visitor of the web app (vouched for with the shared secret, as the web app does). */
  const loginAt = async (cms: TestCms, client: string, password: string) => {
    const response = await fetch(`${cms.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-ip': client, 'x-web-proxy-secret': cms.env.WEB_PROXY_SECRET },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    return { status: response.status, body: await json(response) };
  };
  const changePassword = async (cms: TestCms, token: string, currentPassword: string) =>
    (
      await fetch(`${cms.url}/api/account/password`, {
        method: 'PUT',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword, password: 'A brand new passphrase' }),
      })
    ).status;

  it('adds up failed logins spread over both processes to one limit (3 + 2, then 429 on either, also with the right password)', async () => {
    const client = '192.0.2.90';
    for (const cms of [first, first, first, second, second]) expect((await loginAt(cms, client, 'Wrong-123')).status).toBe(401);
    expect((await loginAt(first, client, ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginAt(second, client, ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginAt(second, '192.0.2.91', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('adds up wrong current passwords of one account through both processes', async () => {
    const token = (await loginAt(first, '192.0.2.92', ADMIN_PASSWORD)).body.token as string;
    for (const cms of [first, second, first, second, first]) expect(await changePassword(cms, token, 'Not the password')).toBe(400);
    expect(await changePassword(second, token, ADMIN_PASSWORD)).toBe(429);
    expect(await changePassword(first, token, ADMIN_PASSWORD)).toBe(429);
  });

  it('counts attempts sent all at once to both processes before any runs: exactly the limit are checked', async () => {
    const client = '192.0.2.93';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginAt(i % 2 ? first : second, client, `Wrong-${i}`).then((answer) => answer.status)),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(35);
  });
});
