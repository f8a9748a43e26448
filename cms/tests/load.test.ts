import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ seed: true });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe('load: 50 readers and 5 writers', () => {
  it(`has no 5xx and loses no acknowledged write in ${seconds} s`, () => {
    const result = spawnSync(process.execPath, [path.resolve(__dirname, '../../scripts/load-test.mjs')], {
      env: { ...process.env, CMS_URL: cms.url, STAFF_EMAIL: ADMIN_EMAIL, STAFF_PASSWORD: ADMIN_PASSWORD, LOAD_SECONDS: String(seconds) },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').pop()!);
    console.log(`[load ${process.env.TEST_DATABASE ?? 'sqlite'}] ${JSON.stringify(report)}`);
    expect(report.fiveXx).toBe(0);
    expect(report.networkErrors).toBe(0);
    expect(report.lostWrites).toBe(0);
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
    expect(report.requests).toBeGreaterThan(report.acknowledgedWrites);
  }, (seconds + 240) * 1000);
});
