import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestWeb, type TestWeb } from './helpers/web-server';

// The stack as `npm start` runs it (scripts/start.mjs: CMS and web app supervised), on its own
// ports and a fresh database; then a CMS killed with SIGKILL, and a CMS made slow by a proxy.
const SECRET_NAMES = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'WEB_PROXY_SECRET',
  'SESSION_SECRET',
];
const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, randomBytes(24).toString('base64')]));
const ERROR_TEXT = /not responding|Error loading|Failed to fetch|जवाफ दिइरहेको छैन/;

let dir: string;
let start: ChildProcess;
let output = '';
let cmsUrl: string;
let webUrl: string;
let pages: string[] = [];
let blogId: number;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitForOutput = async (pattern: RegExp, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output)) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`);
    if (start.exitCode !== null) throw new Error(`npm start exited (${start.exitCode}):\n${output}`);
    await pause(100);
  }
};

/** The pid of the latest (re)start of `name` ("CMS" or "web app"), from the supervisor's log. */
const pidOf = (name: string) =>
  Number([...output.matchAll(new RegExp(`\\[start\\] ${name} (?:started|restarted \\(restart \\d+\\)), pid (\\d+)`, 'g'))].at(-1)?.[1]);

/**
 * Tells a web process that content changed, as the CMS does after an edit (signed): a stored file,
 * which may show on any page, so no page's copy is fresh (a post would leave the committee's).
 */
const revalidate = async (url: string) => {
  const body = JSON.stringify({ uid: 'plugin::upload.file', action: 'update', at: Date.now() });
  const signature = `sha256=${createHmac('sha256', secrets.WEB_PROXY_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${url}/_internal/revalidate`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-cms-signature': signature },
  });
  expect(response.status).toBe(204);
};

/** Requests `page` until it is served from a fresh copy again (returns the last X-Cache seen); every answer must be a 200. */
const freshAgain = async (base: string, page: string) => {
  let state = '';
  for (let attempt = 0; attempt < 100 && state !== 'hit'; attempt += 1) {
    const response = await fetch(`${base}${page}`);
    expect(response.status, page).toBe(200);
    await response.arrayBuffer();
    state = response.headers.get('x-cache') ?? '';
    if (state !== 'hit') await pause(100);
  }
  return state;
};

/** An old copy of a page: "fallback" once the failed try is made, "stale" while it is under way. */
const OLD_COPY = ['stale', 'fallback'];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resilience-'));
  const [cmsPort, webPort] = [await freePort(), await freePort()];
  cmsUrl = `http://127.0.0.1:${cmsPort}`;
  webUrl = `http://127.0.0.1:${webPort}`;
  start = spawn(process.execPath, [path.resolve(__dirname, '../../scripts/start.mjs')], {
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: 'development',
      CMS_PORT: String(cmsPort),
      PORT: String(webPort),
      PUBLIC_SITE_URL: webUrl,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dir, 'data.db'),
      STRAPI_PUBLIC_DIR: path.join(dir, 'public'),
      IMAGE_CACHE_DIR: path.join(dir, 'img'),
      TMPDIR: dir,
      SEED_DEMO_CONTENT: 'true',
      STRAPI_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout?.on('data', (chunk) => (output += chunk));
  start.stderr?.on('data', (chunk) => (output += chunk));
  await waitForOutput(/\[start\] website ready/, 300_000);
  const blogs = await (await fetch(`${cmsUrl}/api/blog`)).json();
  const id = blogs.results[0].id;
  // The oldest post on the first page: past the 3 newest the web warms after start (server/app.ts).
  if (blogs.results.length <= 3) throw new Error(`the demo content has ${blogs.results.length} posts; these tests need more than 3`);
  blogId = blogs.results.at(-1).id;
  pages = [
    '/',
    '/objectives',
    '/current-committee',
    '/organization',
    '/blogs',
    `/blogs/details/${id}`,
    '/contact',
    '/gallery',
    '/gallery?tab=videos',
    '/ne',
    '/ne/blogs',
    `/ne/blogs/details/${id}`,
    '/ne/current-committee',
    '/ne/gallery',
  ];
}, 360_000);

afterAll(async () => {
  if (start && start.exitCode === null) {
    const exited = new Promise((resolve) => start.once('exit', resolve));
    start.kill('SIGTERM');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm start, right after start', () => {
  it('serves 16 simultaneous visitors on each cold public page without an error', async () => {
    const visits = pages.flatMap((page) =>
      Array.from({ length: 16 }, async () => {
        const response = await fetch(`${webUrl}${page}`);
        const html = await response.text();
        return { page, status: response.status, error: ERROR_TEXT.test(html), title: titleOf(html) };
      }),
    );
    const seen = await Promise.all(visits);
    expect(seen.filter((visit) => visit.status !== 200 || visit.error)).toEqual([]);
    // Each page is itself (not another page's copy), the same for all 16.
    for (const page of pages) expect(new Set(seen.filter((visit) => visit.page === page).map((visit) => visit.title)).size, page).toBe(1);
  }, 120_000);
});

describe('a CMS killed with SIGKILL', () => {
  it('leaves every public page visited before answering 200 with its content, and is back within 30 s by itself', async () => {
    const before = new Map<string, string>();
    for (const page of pages) before.set(page, titleOf(await (await fetch(`${webUrl}${page}`)).text()));

    const cmsPid = pidOf('CMS');
    const webPid = pidOf('web app');
    process.kill(cmsPid, 'SIGKILL');
    const killedAt = Date.now();
    // As if an edit had just been made: no copy is fresh, each read must try the dead CMS.
    await revalidate(webUrl);

    for (const page of pages) {
      const response = await fetch(`${webUrl}${page}`);
      const html = await response.text();
      expect(response.status, page).toBe(200);
      expect(titleOf(html), page).toBe(before.get(page));
      expect(html, page).not.toMatch(ERROR_TEXT);
      expect(OLD_COPY, page).toContain(response.headers.get('x-cache'));
    }
    expect(await (await fetch(`${webUrl}/readyz`)).json()).toMatchObject({ ready: true, cms: 'down' });

    // Nobody acts: the supervisor restarts the CMS.
    let up = false;
    while (!up && Date.now() - killedAt < 30_000) {
      up = await fetch(`${cmsUrl}/_ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (!up) await pause(200);
    }
    expect(up, output).toBe(true);
    const backAfterMs = Date.now() - killedAt;
    console.log(`[resilience] CMS ready again ${backAfterMs} ms after SIGKILL`);
    expect(backAfterMs).toBeLessThan(30_000);
    expect(output).toMatch(/\[start\] CMS was killed by SIGKILL; restarting in 1 s/);
    expect(pidOf('CMS')).not.toBe(cmsPid);
    expect(pidOf('web app')).toBe(webPid); // the web app was never stopped

    // The pages come back to fresh copies by themselves.
    for (const page of pages) expect(await freshAgain(webUrl, page), page).toBe('hit');
  }, 120_000);

  it('restarts a killed web app too, while the CMS goes on', async () => {
    const webPid = pidOf('web app');
    const cmsPid = pidOf('CMS');
    process.kill(webPid, 'SIGKILL');
    const killedAt = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - killedAt < 30_000) {
      status = await fetch(`${webUrl}/`).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await pause(200);
    }
    expect(status, output).toBe(200);
    expect(pidOf('web app')).not.toBe(webPid);
    expect(pidOf('CMS')).toBe(cmsPid);
    expect(output).toMatch(/\[start\] web app was killed by SIGKILL; restarting in 1 s/);
  }, 60_000);
});

describe('a CMS that answers slowly', () => {
  // A proxy in front of the stack's CMS that holds every request for `delayMs` first.
  let delayMs = 0;
  let proxy: http.Server;
  let web: TestWeb;
  const TIMEOUT_MS = 1500;

  beforeAll(async () => {
    proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        setTimeout(() => {
          const upstream = http.request(`${cmsUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          upstream.on('error', () => res.writeHead(502).end());
          upstream.end(Buffer.concat(chunks));
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    web = await startTestWeb({ url: proxyUrl, dir, env: secrets }, { CMS_TIMEOUT_MS: String(TIMEOUT_MS) });
  }, 120_000);

  afterAll(async () => {
    await web?.stop();
    proxy?.closeAllConnections();
    proxy?.close();
  });

  it('does not turn pages visited before into errors; a page never visited gets the friendly 503', async () => {
    const visited = ['/', '/blogs', '/gallery', '/current-committee', '/ne'];
    const before = new Map<string, string>();
    for (const page of visited) {
      const response = await fetch(`${web.url}${page}`);
      expect(response.status, page).toBe(200);
      before.set(page, titleOf(await response.text()));
    }

    // Slower than the web waits: every read of the CMS fails by timeout.
    delayMs = TIMEOUT_MS * 3;
    await revalidate(web.url);
    for (const page of visited) {
      const response = await fetch(`${web.url}${page}`);
      const html = await response.text();
      expect(response.status, page).toBe(200);
      expect(titleOf(html), page).toBe(before.get(page));
      expect(OLD_COPY, page).toContain(response.headers.get('x-cache'));
    }
    // Only the newest posts' pages are warmed after start (server/app.ts); this one never was.
    const never = await fetch(`${web.url}/blogs/details/${blogId}`);
    expect(never.status).toBe(503);
    expect(await never.text()).toContain('Our content service is not responding right now.');

    // Slow, but within the timeout: the pages are made from the CMS again, by themselves.
    delayMs = 200;
    for (const page of visited) expect(await freshAgain(web.url, page), page).toBe('hit');
  }, 90_000);
});
