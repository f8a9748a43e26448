import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { partialUpload, pngBytes, rawRequest } from './helpers/api';

// The router ignores case and a trailing slash: these all reach the login routes.
const ROUTED_LOGIN_PATHS = [
  '/api/users/login',
  '/API/users/login',
  '/api/Users/Login',
  '/API/USERS/LOGIN/',
  '/api/users/login/',
  '/api/users/login?next=1',
  '/Api/Auth/Local',
  '/api/auth/local/',
];
// Encoded, doubled or dotted spellings the router does not take for the login routes.
const UNROUTED_LOGIN_PATHS = [
  '/api/users%2Flogin',
  '/api/users%2flogin',
  '/%61pi/users/login',
  '/api/user%73/login',
  '//api/users/login',
  '/api//users/login',
  '/api/users/login//',
  '/api/users/./login',
  '/api/users/login;x',
  '/api/users/login%20',
];

const MAX_FAILURES = 5;
let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: String(MAX_FAILURES) } });
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

/** A login from one visitor of the web app (its own counter), through the given path spelling. */
const loginVia = (path: string, client: string, password: string) => {
  const strapiLogin = /auth\/local/i.test(path);
  return rawRequest(cms.url, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'x-client-ip': client, 'x-web-proxy-secret': cms.env.WEB_PROXY_SECRET },
    body: JSON.stringify(strapiLogin ? { identifier: ADMIN_EMAIL, password } : { email: ADMIN_EMAIL, password }),
  });
};

describe('the login rate limit counts every spelling of the login paths as one', () => {
  it('locks a client out after the limit whichever casing, slash or query it uses, also for the right password', async () => {
    const client = '192.0.2.1';
    const statuses: number[] = [];
    for (const path of ROUTED_LOGIN_PATHS) statuses.push((await loginVia(path, client, 'Wrong-123')).status);
    // Stock Strapi's /api/auth/local answers a wrong password with 400, ours with 401: both count.
    expect(
      statuses.slice(0, MAX_FAILURES).every((status) => status === 400 || status === 401),
      String(statuses),
    ).toBe(true);
    expect(statuses.slice(MAX_FAILURES)).toEqual(Array(ROUTED_LOGIN_PATHS.length - MAX_FAILURES).fill(429));
    for (const path of ROUTED_LOGIN_PATHS) {
      const right = await loginVia(path, client, ADMIN_PASSWORD);
      expect(right.status, path).toBe(429);
      expect(right.text, path).not.toContain('token');
    }
  });

  it('holds against the reported attack scaled up: 300 wrong passwords through /API/users/login, then the right one', async () => {
    const client = '192.0.2.2';
    const statuses: number[] = [];
    for (let batch = 0; batch < 30; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => loginVia(ROUTED_LOGIN_PATHS[(batch * 10 + i) % 4], client, `Wrong-${batch}-${i}`)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - MAX_FAILURES);
    const right = await loginVia('/API/users/login', client, ADMIN_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.text).not.toContain('token');
  });

  it('never logs anyone in through a spelling the router does not route, and does not count it either', async () => {
    const client = '192.0.2.3';
    for (const path of UNROUTED_LOGIN_PATHS) {
      const answer = await loginVia(path, client, ADMIN_PASSWORD);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.text, path).not.toContain('token');
    }
    // None of those reached a login route, so the client is not locked out.
    expect((await loginVia('/api/users/login', client, ADMIN_PASSWORD)).status).toBe(200);
  });
});

// Paths the router sends to a route that takes files (Strapi's upload route, the contract's create routes).
const ROUTED_UPLOAD_PATHS = [
  '/api/upload',
  '/API/upload',
  '/Api/Upload/',
  '/api/UPLOAD?x=1',
  '/API/IMAGE-GALLERY',
  '/api/Image-Gallery/',
  '/API/blog',
  '/API/TEAM-MEMBER',
  '/Api/Video-Gallery',
];
// Spellings no route takes: the router would answer 404 or 405.
const UNROUTED_UPLOAD_PATHS = [
  '/%61pi/upload',
  '/api%2Fupload',
  '/api%2fupload',
  '//api/upload',
  '/api//upload',
  '/api/upload;x',
  '/nonexistent',
  '/api/blog/1/x',
];

const bytesInTempFolder = async () => {
  let total = 0;
  for (const file of await cms.tempFiles()) total += (await stat(file).catch(() => ({ size: 0 }))).size;
  return total;
};

describe('anonymous uploads never reach the disk, whatever the path looks like', () => {
  it('answers 401 to every routed spelling before reading the body', async () => {
    for (const path of ROUTED_UPLOAD_PATHS) {
      const field = /image-gallery/i.test(path)
        ? 'image'
        : /team-member/i.test(path)
          ? 'photo'
          : /video/i.test(path)
            ? 'video'
            : /blog/i.test(path)
              ? 'media'
              : 'files';
      // 50 MB declared, 256 KB sent: an answer now means the body was never read.
      const answer = await partialUpload(cms.url, path, { declaredBytes: 50 * 1024 * 1024, sentBytes: 256 * 1024, field });
      expect(answer.status, `${path}: ${answer.text}`).toBe(401);
      expect(await cms.tempFiles(), path).toEqual([]);
    }
    expect(await cms.countRows('files')).toBe(0);
    expect(await cms.uploadedFiles()).toEqual([]);
  });

  it('answers the contract routes in the contract shape whatever their casing', async () => {
    const answer = await partialUpload(cms.url, '/API/Blog', { declaredBytes: 1024 * 1024, sentBytes: 1024, field: 'media' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({ message: 'You need to sign in to do this.' });
  });

  it('answers 404 or 405 to spellings no route takes, before reading the body', async () => {
    for (const path of UNROUTED_UPLOAD_PATHS) {
      const answer = await partialUpload(cms.url, path, { declaredBytes: 50 * 1024 * 1024, sentBytes: 256 * 1024 });
      expect([404, 405], `${path}: ${answer.status} ${answer.text}`).toContain(answer.status);
      expect(await cms.tempFiles(), path).toEqual([]);
    }
  });

  it('writes not one byte of a whole 47 MB anonymous upload to /API/upload', async () => {
    const size = 47 * 1024 * 1024;
    let largest = 0;
    let sending = true;
    const watch = (async () => {
      while (sending) {
        largest = Math.max(largest, await bytesInTempFolder());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answer = await partialUpload(cms.url, '/API/upload', { declaredBytes: size, sentBytes: size, waitMs: 10_000 });
    sending = false;
    await watch;
    expect(answer.status).toBe(401);
    expect(largest).toBe(0);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('refuses files on routes that take none (the login) with 415, before reading them', async () => {
    for (const path of ['/api/users/login', '/API/Users/Login', '/api/auth/local']) {
      const answer = await partialUpload(cms.url, path, { declaredBytes: 50 * 1024 * 1024, sentBytes: 256 * 1024 });
      expect(answer.status, `${path}: ${answer.text}`).toBe(415);
      expect(await cms.tempFiles(), path).toEqual([]);
    }
  });

  it("keeps anonymous files off disk on the Strapi console's upload route too, and takes them from a signed-in console user", async () => {
    const anonymous = await partialUpload(cms.url, '/upload', { declaredBytes: 50 * 1024 * 1024, sentBytes: 256 * 1024 });
    expect(anonymous.status, anonymous.text).toBe(401);
    const forged = await partialUpload(cms.url, '/Upload', {
      declaredBytes: 1024 * 1024,
      sentBytes: 1024,
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(forged.status, forged.text).toBe(401);
    expect(await cms.tempFiles()).toEqual([]);

    const session = await fetch(`${cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(session.status).toBe(200);
    const { token } = (await session.json()).data;
    const upload = new FormData();
    upload.append('files', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'console.png');
    const accepted = await fetch(`${cms.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: upload });
    expect(accepted.status).toBe(201);
    expect(await cms.countRows('files')).toBe(1);
  });
});
