import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, type TestCms } from './helpers/cms-server';

const WEB_ORIGIN = 'http://127.0.0.1:3000';
let first: TestCms;

beforeAll(async () => {
  first = await startTestCms({ env: { CORS_ORIGINS: WEB_ORIGIN } });
}, 180_000);

afterAll(async () => {
  await first?.stop();
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${first.url}/api/blog`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });

  it('lets only the web origin call the API from a browser', async () => {
    const allowed = await preflight(WEB_ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    for (const origin of ['https://attacker.example', 'http://127.0.0.1:3000.attacker.example', 'null']) {
      const refused = await preflight(origin);
      expect(refused.headers.get('access-control-allow-origin'), origin).not.toBe(origin);
      expect(refused.headers.get('access-control-allow-origin'), origin).not.toBe('*');
    }
    const simple = await fetch(`${first.url}/api/blog`, { headers: { origin: 'https://attacker.example' } });
    expect(simple.headers.get('access-control-allow-origin')).not.toBe('https://attacker.example');
  });
});
