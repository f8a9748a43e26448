import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, type TestCms } from './helpers/cms-server';

let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms();
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

describe('health checks', () => {
  it('answers /_health (liveness) and /_ready (the database answers), never cached', async () => {
    expect((await fetch(`${cms.url}/_health`)).status).toBe(204);
    const ready = await fetch(`${cms.url}/_ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ ready: true, database: 'up' });
    // Not a route of the /api contract, and read-only.
    expect((await fetch(`${cms.url}/_ready`, { method: 'POST' })).status).toBe(405);
  });
});
