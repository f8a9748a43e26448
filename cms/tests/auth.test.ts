import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { decodeJwt, form, json, login, pngBytes, send, signJwt } from './helpers/api';

let cms: TestCms;
let token: string;
let userId: number;

beforeAll(async () => {
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '5' } });
  const result = await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  token = result.body.token;
  userId = Number(decodeJwt(token).sub);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

describe('writes without a valid staff token change nothing', () => {
  const tokens = () => {
    const secret = cms.env.JWT_SECRET;
    return {
      anonymous: undefined,
      malformed: 'not.a.token',
      forged: signJwt({ id: userId, sub: String(userId), iat: now() }, 'guessed-secret'),
      'alg none': signJwt({ id: userId, sub: String(userId), iat: now() }, '', { alg: 'none', typ: 'JWT' }),
      expired: signJwt({ id: userId, sub: String(userId), iat: now() - 7200, exp: now() - 3600 }, secret),
      'edited id': (() => {
        const [head, , signature] = token.split('.');
        const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), id: userId + 1 })).toString('base64url');
        return `${head}.${payload}.${signature}`;
      })(),
      'unknown user': signJwt({ id: 987654, sub: '987654', iat: now(), exp: now() + 3600 }, secret),
    } as Record<string, string | undefined>;
  };

  it('refuses every write route with 401 and stores nothing', async () => {
    const photo = { bytes: await pngBytes(), name: 'p.png', type: 'image/png' };
    for (const [label, bad] of Object.entries(tokens())) {
      const attempts = [
        send(cms.url, 'POST', '/api/team-member', form({ name: 'x', role: 'y', bio: 'z' }, { photo }), bad),
        send(cms.url, 'POST', '/api/image-gallery', form({ title: 'x', description: 'y' }, { image: photo }), bad),
        send(cms.url, 'POST', '/api/blog', form({ title: 'x', content: 'y', author: 'a@example.org' }), bad),
        send(cms.url, 'PUT', '/api/blog/1', form({ title: 'x', content: 'y', author: 'a@example.org' }), bad),
        send(cms.url, 'DELETE', '/api/video-gallery/1', undefined, bad),
        fetch(`${cms.url}/api/blogs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(bad ? { authorization: `Bearer ${bad}` } : {}) },
          body: JSON.stringify({ data: { title: 'x', content: 'y', author: 'a@example.org' } }),
        }),
        send(cms.url, 'POST', '/api/upload', form({}, { files: photo }), bad),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status, `${label} ${response.url}`).toBe(401);
      }
    }
    for (const table of ['team_members', 'image_galleries', 'blogs', 'files']) expect(await cms.countRows(table)).toBe(0);
    expect(await cms.uploadedFiles()).toEqual([]);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('answers contract auth errors as {message}', async () => {
    const response = await send(cms.url, 'POST', '/api/blog', form({ title: 'x' }));
    expect(await json(response)).toEqual({ message: 'You need to sign in to do this.' });
  });

  it('refuses GraphQL mutations without a staff token', async () => {
    const response = await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createBlog(data: {title: "x", content: "y", author: "a@example.org"}) { documentId } }' }),
    });
    const body = await json(response);
    expect(body.errors?.[0]?.message).toMatch(/Forbidden/i);
    expect(await cms.countRows('blogs')).toBe(0);
  });
});

describe('registration and private data', () => {
  it('keeps self-registration closed', async () => {
    const before = await cms.countRows('up_users');
    const response = await fetch(`${cms.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'intruder', email: 'intruder@example.org', password: 'Intruder-123' }),
    });
    expect([401, 403]).toContain(response.status);
    expect(await cms.countRows('up_users')).toBe(before);
  });

  it('does not let the public list users, by REST or GraphQL', async () => {
    expect((await fetch(`${cms.url}/api/users`)).status).toBe(401);
    const graphql = await json(
      await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ usersPermissionsUsers { email password } }' }),
      }),
    );
    expect(JSON.stringify(graphql)).not.toContain(ADMIN_EMAIL);
    expect(graphql.errors).toBeTruthy();
  });

  it('ignores or refuses filters on private fields', async () => {
    const baseline = await (await fetch(`${cms.url}/api/team-members`)).text();
    const hostile = [
      '/api/team-members?filters[createdBy][password][$startsWith]=$2',
      '/api/team-members?filters[updatedBy][email][$contains]=@',
      '/api/team-members?populate[createdBy]=*',
      '/api/team-members?sort=createdBy.password:asc',
      '/api/blogs?filters[$or][0][createdBy][resetPasswordToken][$notNull]=true',
    ];
    for (const path of hostile) {
      const response = await fetch(`${cms.url}${path}`);
      const text = await response.text();
      expect([200, 400], path).toContain(response.status);
      if (response.status === 200 && path.startsWith('/api/team-members')) expect(text, path).toBe(baseline);
      expect(text).not.toMatch(/\$2[aby]\$|staff-test@example\.org/);
    }
  });

  it('refuses GraphQL filters on private fields and leaks nothing', async () => {
    const ask = async (query: string) => {
      const response = await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, text: await response.text() };
    };
    const baseline = await ask('{ blogs { title } }');
    expect(baseline.status).toBe(200);
    const hostile = [
      '{ blogs(filters: { createdBy: { password: { startsWith: "$2" } } }) { title } }',
      '{ blogs(filters: { updatedBy: { email: { contains: "@" } } }) { title } }',
      '{ usersPermissionsUsers(filters: { password: { startsWith: "$2" } }) { email } }',
      '{ usersPermissionsUsers(filters: { resetPasswordToken: { notNull: true } }) { email } }',
      '{ blogs(sort: "createdBy.password:asc") { title } }',
    ];
    for (const query of hostile) {
      const { status, text } = await ask(query);
      // Either refused outright, or exactly what the unfiltered query returns.
      if (status === 200 && !text.includes('"errors"')) expect(text, query).toBe(baseline.text);
      else expect([200, 400], query).toContain(status);
      expect(text, query).not.toMatch(/\$2[aby]\$|staff-test@example\.org/);
    }
  });

  it('caps page sizes', async () => {
    const response = await fetch(`${cms.url}/api/blogs?pagination[pageSize]=100000`);
    const body = await json(response);
    expect(body.meta.pagination.pageSize).toBeLessThanOrEqual(100);
  });

  it('rejects over-deep GraphQL queries with 400 and answers normal ones', async () => {
    const ask = (query: string) =>
      fetch(`${cms.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const normal = await ask('{ blogs { title media { url } } }');
    expect(normal.status).toBe(200);
    // blogs > media > related > (Blog) media > related ... : depth 16, over the limit of 10.
    const deep = `{ blogs { ${'media { related { ... on Blog { '.repeat(5)} title ${'} } } '.repeat(5)} } }`;
    const response = await ask(deep);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await json(response))).toMatch(/depth/i);
  });
});

describe('login brute force', () => {
  it('answers 429 after a handful of failures from one client, even when the e-mail changes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push((await login(cms.url, `guess${attempt}@example.org`, 'Wrong-123')).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Also with the right password now, and via Strapi's own login route, and with a spoofed X-Forwarded-For.
    expect((await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
    const stock = await fetch(`${cms.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ identifier: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(stock.status).toBe(429);
    const spoofed = await fetch(`${cms.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(spoofed.status).toBe(429);
    expect((await json(spoofed)).message).toMatch(/Too many failed login attempts/);
  });

  it('counts visitors of the web app separately only when the web app vouches for the address', async () => {
    const viaWeb = (clientIp: string, secret: string) =>
      fetch(`${cms.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-ip': clientIp, 'x-web-proxy-secret': secret },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
    // This loopback client is locked out by the test above; a vouched-for visitor is not.
    expect((await viaWeb('192.0.2.10', cms.env.WEB_PROXY_SECRET)).status).toBe(200);
    // Without the shared secret the header is ignored: still the locked-out loopback client.
    expect((await viaWeb('192.0.2.11', 'wrong-secret')).status).toBe(429);
  });
});
