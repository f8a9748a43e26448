import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { startTestWeb, type TestWeb } from './helpers/web-server';

// The production build of web in front of a seeded CMS, on SQLite or PostgreSQL (TEST_DATABASE).
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const database = process.env.TEST_DATABASE ?? 'sqlite';
let cms: TestCms;
let web: TestWeb;
// Seeded blog posts: neither the load test nor the warm-up after start (web/server/warm-up.ts)
// reads their pages, so no copy can answer for them when the CMS is gone.
let PAGES: string[] = [];

beforeAll(async () => {
  cms = await startTestCms({ seed: true });
  const blogs = await (await fetch(`${cms.url}/api/blog`)).json();
  PAGES = blogs.results.slice(-3).map((blog: { id: number }) => `/blogs/details/${blog.id}`);
  web = await startTestWeb(cms);
}, 300_000);

afterAll(async () => {
  await web?.stop();
  await cms?.stop();
});

describe('load: 50 readers (web pages and API) and 5 writers', () => {
  it(
    `has no 5xx and loses no acknowledged write in ${seconds} s`,
    () => {
      const result = spawnSync(process.execPath, [path.resolve(__dirname, '../../scripts/load-test.mjs')], {
        env: {
          ...process.env,
          CMS_URL: cms.url,
          WEB_URL: web.url,
          STAFF_EMAIL: ADMIN_EMAIL,
          STAFF_PASSWORD: ADMIN_PASSWORD,
          LOAD_SECONDS: String(seconds),
        },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout.trim().split('\n').pop()!);
      console.log(`[load ${database}] ${JSON.stringify(report)}`);
      expect(report.fiveXx).toBe(0);
      expect(report.networkErrors).toBe(0);
      expect(report.lostWrites).toBe(0);
      expect(report.acknowledgedWrites).toBeGreaterThan(0);
      expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '201']));
    },
    (seconds + 240) * 1000,
  );
});

describe('when the CMS goes away and comes back', () => {
  it('public pages without a copy answer 503 within 3 s with a friendly page, and recover by themselves', async () => {
    expect(PAGES).toHaveLength(3);
    await cms.stopOnly();
    for (const page of PAGES) {
      // The request itself is cut at 3 s: a page that hangs fails here.
      const response = await fetch(`${web.url}${page}`, { signal: AbortSignal.timeout(3000) });
      expect(response.status, page).toBe(503);
      const html = await response.text();
      expect(html).toContain('Our content service is not responding right now.');
      expect(html).not.toMatch(/ECONNREFUSED|at [\w.]+ \(|node_modules/);
    }

    await cms.bootOnly();
    // Same web process, not restarted: the next requests are served again.
    for (const page of PAGES) {
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
        status = (await fetch(`${web.url}${page}`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status, page).toBe(200);
    }
  }, 300_000);
});
