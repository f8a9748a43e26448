import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSealedToken } from '../../web/app/lib/admin/token-seal.server';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, decodeJwt, form, json, login, send, signJwt } from './helpers/api';
import { startTestWeb, type TestWeb } from './helpers/web-server';

// Logging out ends the token on the server: its session row (Strapi's session manager, table
// strapi_sessions) is deleted and every later call with the token is a 401, on every route.
let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
}, 180_000);

let web: TestWeb | undefined;

afterAll(async () => {
  await web?.stop();
  await cms?.stop();
});

const signIn = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
  const { status, body } = await login(cms.url, email, password);
  expect(status).toBe(200);
  return body.token as string;
};

const logout = (token: string | undefined, query = '') =>
  fetch(`${cms.url}/api/users/logout${query}`, { method: 'POST', headers: token ? bearer(token) : {} });

const graphql = (token: string, query: string) =>
  fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ query }),
  });

const count = async (sql: string) => Number((await cms.query<{ n: number | string }>(sql))[0].n);

const sessionRows = (sessionId: string) => {
  if (!/^[0-9a-f]+$/.test(sessionId)) throw new Error(`unexpected session id ${sessionId}`);
  return count(`SELECT count(*) AS n FROM strapi_sessions WHERE session_id = '${sessionId}'`);
};

/** Every kind of call a token can make, each answered with its status. */
async function statusesWith(token: string) {
  const userId = decodeJwt(token).sub;
  const blog = { title: 'After logout', content: 'x', author: 'a@example.org' };
  const calls = {
    'GET /api/users/{id}': fetch(`${cms.url}/api/users/${userId}`, { headers: bearer(token) }),
    'POST /api/blog': send(cms.url, 'POST', '/api/blog', form(blog), token),
    'POST /api/blogs (Strapi REST)': fetch(`${cms.url}/api/blogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ data: blog }),
    }),
    'GET /api/blogs (Strapi REST)': fetch(`${cms.url}/api/blogs`, { headers: bearer(token) }),
    'GraphQL query': graphql(token, '{ blogs { title } }'),
    'GraphQL mutation': graphql(token, 'mutation { createBlog(data: {title: "x", content: "y", author: "a@example.org"}) { documentId } }'),
  };
  const entries = await Promise.all(Object.entries(calls).map(async ([name, call]) => [name, (await call).status] as const));
  return Object.fromEntries(entries);
}

describe('POST /api/users/logout', () => {
  it('ends the token: every later call with it is a 401, nothing is written, and its session row is gone', async () => {
    const token = await signIn();
    const { sessionId } = decodeJwt(token);
    expect(await sessionRows(sessionId)).toBe(1);
    const before = await statusesWith(token);
    expect(before).toMatchObject({
      'GET /api/users/{id}': 200,
      'POST /api/blog': 201,
      'GET /api/blogs (Strapi REST)': 200,
      'GraphQL query': 200,
    });
    const blogsBefore = await cms.countRows('blogs');

    const response = await logout(token);
    expect(response.status).toBe(204);
    expect(await sessionRows(sessionId)).toBe(0);

    expect(await statusesWith(token)).toEqual({
      'GET /api/users/{id}': 401,
      'POST /api/blog': 401,
      'POST /api/blogs (Strapi REST)': 401,
      'GET /api/blogs (Strapi REST)': 401,
      'GraphQL query': 401,
      'GraphQL mutation': 401,
    });
    expect(await cms.countRows('blogs')).toBe(blogsBefore);
    const me = await fetch(`${cms.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) });
    expect(await json(me)).toEqual({ message: 'You need to sign in to do this.' });
    // Logging out twice: the token is no longer good.
    expect((await logout(token)).status).toBe(401);
  });

  it('needs a good token: none, a forged one or one whose session never existed get 401', async () => {
    const token = await signIn();
    const claims = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const secret = cms.env.JWT_SECRET;
    const noSession = signJwt({ ...claims, sessionId: '0123456789abcdef0123456789abcdef', iat: now, exp: now + 600 }, secret);
    // The shape Strapi's legacy mode issued (no session at all), signed with the real secret.
    const legacy = signJwt({ id: Number(claims.sub), sub: claims.sub, iat: now, exp: now + 600 }, secret);
    for (const bad of [undefined, 'not.a.token', signJwt(claims, 'guessed-secret'), noSession, legacy]) {
      const response = await logout(bad);
      expect(response.status, String(bad)).toBe(401);
      expect(await json(response)).toEqual({ message: 'You need to sign in to do this.' });
    }
    for (const bad of [noSession, legacy]) {
      expect((await fetch(`${cms.url}/api/users/${claims.sub}`, { headers: bearer(bad) })).status).toBe(401);
    }
    // None of that ended the real session.
    expect((await fetch(`${cms.url}/api/users/${claims.sub}`, { headers: bearer(token) })).status).toBe(200);
    expect((await logout(token, '?everywhere=maybe')).status).toBe(400);
    expect(await json(await logout(token, '?everywhere=maybe'))).toEqual({ message: 'everywhere must be true or false.' });
    expect((await fetch(`${cms.url}/api/users/${claims.sub}`, { headers: bearer(token) })).status).toBe(200);
  });

  it('ends only its own session; ?everywhere=true ends every session of the user', async () => {
    const [first, second, third] = [await signIn(), await signIn(), await signIn()];
    const me = (token: string) => fetch(`${cms.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) });
    expect((await logout(first)).status).toBe(204);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    expect((await me(third)).status).toBe(200);

    expect((await logout(second, '?everywhere=true')).status).toBe(204);
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
    const userId = decodeJwt(third).sub;
    expect(
      await count(`SELECT count(*) AS n FROM strapi_sessions WHERE user_id = '${Number(userId)}' AND origin = 'users-permissions'`),
    ).toBe(0);
    // Signing in again works as before.
    expect((await me(await signIn())).status).toBe(200);
  });

  it("ends tokens of Strapi's own login (/api/auth/local) too", async () => {
    const response = await fetch(`${cms.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const { jwt: token } = await json(response);
    const userId = decodeJwt(token).userId;
    expect((await fetch(`${cms.url}/api/users/${userId}`, { headers: bearer(token) })).status).toBe(200);
    expect((await logout(token)).status).toBe(204);
    expect((await fetch(`${cms.url}/api/users/${userId}`, { headers: bearer(token) })).status).toBe(401);
  });

  it('a staff token lives no longer than its session (STAFF_JWT_EXPIRES_IN, one day)', async () => {
    const token = await signIn();
    const claims = decodeJwt(token);
    expect(claims.exp - claims.iat).toBeGreaterThan(24 * 3600 - 60);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(24 * 3600);
    const [row] = await cms.query<{ absolute_expires_at: number | string }>(
      `SELECT absolute_expires_at FROM strapi_sessions WHERE session_id = '${claims.sessionId}'`,
    );
    expect(
      Math.abs(new Date(Number(row.absolute_expires_at) || row.absolute_expires_at).getTime() / 1000 - claims.exp),
    ).toBeLessThanOrEqual(1);
  });
});

describe('a password change ends every session of that user', () => {
  it('through the Strapi console: tokens issued before are refused, other users keep theirs', async () => {
    const admin = await json(
      await fetch(`${cms.url}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }),
    );
    const consoleApi = (method: string, path: string, body?: unknown) =>
      fetch(`${cms.url}/content-manager/collection-types/plugin::users-permissions.user${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...bearer(admin.data.token) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A second member of staff, so the shared login of the other tests keeps its password.
    const staffRole = (await cms.query<{ id: number }>("SELECT id FROM up_roles WHERE type = 'staff'"))[0].id;
    const created = await consoleApi('POST', '', {
      username: 'second-staff',
      email: 'second-staff@example.org',
      password: 'Second-Passw0rd',
      confirmed: true,
      blocked: false,
      role: staffRole,
    });
    expect(created.status).toBe(201);
    const second = await json(created);

    const first = await signIn();
    const secondTokens = [
      await signIn('second-staff@example.org', 'Second-Passw0rd'),
      await signIn('second-staff@example.org', 'Second-Passw0rd'),
    ];
    const me = (token: string) => fetch(`${cms.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) });
    for (const token of secondTokens) expect((await me(token)).status).toBe(200);

    // Another field changes nothing ...
    expect((await consoleApi('PUT', `/${second.documentId}`, { username: 'second-staff-renamed' })).status).toBe(200);
    for (const token of secondTokens) expect((await me(token)).status).toBe(200);
    // ... a new password ends both sessions.
    expect((await consoleApi('PUT', `/${second.documentId}`, { password: 'Changed-Passw0rd' })).status).toBe(200);
    for (const token of secondTokens) expect((await me(token)).status).toBe(401);
    expect((await me(first)).status).toBe(200);
    expect((await me(await signIn('second-staff@example.org', 'Changed-Passw0rd'))).status).toBe(200);
  });
});

describe('through the web app (production build)', () => {
  const port = () => Number(new URL(web!.url).port);

  /** Signs in at the web's /login as a browser without JavaScript would; the session cookie. */
  const webLogin = async () => {
    const response = await fetch(`${web!.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', Origin: web!.url },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirectTo: '/dashboard' }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
    return response.headers.get('set-cookie')!.split(';')[0];
  };
  /** What anyone reading the cookie sees: the signed data part, decoded. */
  const cookieData = (cookie: string) => {
    const value = decodeURIComponent(cookie.slice('__session='.length));
    return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8'));
  };
  const dashboard = (cookie: string) => fetch(`${web!.url}/dashboard`, { redirect: 'manual', headers: { cookie } });
  const me = (token: string) => fetch(`${cms.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) });

  it('logout ends the session: the copied cookie and the raw token fail, also after CMS and web restart', async () => {
    web = await startTestWeb(cms);
    const copied = await webLogin();
    const other = await webLogin();
    // The cookie's value shows no token; only the web server's secret opens it.
    const { token: sealed } = cookieData(copied);
    expect(sealed).toMatch(/^v1\./);
    expect(JSON.stringify(cookieData(copied))).not.toMatch(/eyJ/);
    const raw = openSealedToken(sealed, cms.env.SESSION_SECRET)!;
    expect(decodeJwt(raw).sub).toBeTruthy();
    expect((await me(raw)).status).toBe(200);
    const opened = await dashboard(copied);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Welcome');

    const out = await fetch(`${web!.url}/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: copied, Origin: web!.url } });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login');
    expect(out.headers.get('set-cookie')).toMatch(/__session=;/);

    const refusedEverywhere = async () => {
      const replay = await dashboard(copied);
      expect(replay.status).toBe(302);
      expect(replay.headers.get('location')).toBe('/login?redirectTo=%2Fdashboard');
      const save = await fetch(`${web!.url}/admin/save/blog`, {
        method: 'POST',
        headers: { cookie: copied, Origin: web!.url },
        body: form({ title: 'With a copied cookie', content: 'x', author: 'a@example.org' }),
      });
      expect(save.status).toBe(401);
      expect((await me(raw)).status).toBe(401);
      expect((await send(cms.url, 'POST', '/api/blog', form({ title: 'x', content: 'y', author: 'a@example.org' }), raw)).status).toBe(401);
      // The other sign-in was not touched.
      expect((await dashboard(other)).status).toBe(200);
    };
    await refusedEverywhere();

    await web!.stop();
    await cms.restart();
    web = await startTestWeb(cms, {}, port());
    await refusedEverywhere();
    const [{ n }] = await cms.query<{ n: number | string }>("SELECT count(*) AS n FROM blogs WHERE title = 'With a copied cookie'");
    expect(Number(n)).toBe(0);
  }, 240_000);
});

describe('after a restart', () => {
  it('a logged-out token stays refused and a live one keeps working', async () => {
    const [ended, live] = [await signIn(), await signIn()];
    expect((await logout(ended)).status).toBe(204);
    await cms.restart();
    const me = (token: string) => fetch(`${cms.url}/api/users/${decodeJwt(token).sub}`, { headers: bearer(token) });
    expect((await me(ended)).status).toBe(401);
    expect((await send(cms.url, 'POST', '/api/blog', form({ title: 'x', content: 'y', author: 'a@example.org' }), ended)).status).toBe(401);
    expect((await me(live)).status).toBe(200);
  }, 180_000);
});
