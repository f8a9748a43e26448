import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send } from './helpers/api';

interface Call {
  path: string;
  body: string;
  signature: string | undefined;
}

const calls: Call[] = [];
let receiver: Server;
let cms: TestCms;

const waitForCall = async (predicate: (call: Call) => boolean) => {
  for (let i = 0; i < 100; i += 1) {
    const found = calls.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no matching call; got ${JSON.stringify(calls)}`);
};

beforeAll(async () => {
  // Stands in for the web app's revalidation endpoint.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', body, signature: request.headers['x-cms-signature'] as string | undefined });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  // Two web processes: each has its own cache, so each is told.
  const base = `http://127.0.0.1:${port}`;
  cms = await startTestCms({ env: { WEB_REVALIDATE_URL: `${base}/web-a/revalidate, ${base}/web-b/revalidate` } });
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  receiver?.close();
});

describe('content changes notify the web app', () => {
  it('sends a signed call for create, update and delete', async () => {
    const token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const fields = { title: 'Fresh news', content: 'Text', author: 'staff@example.org' };
    const { id } = await json(await send(cms.url, 'POST', '/api/blog', form(fields), token));
    await send(cms.url, 'PUT', `/api/blog/${id}`, form({ ...fields, title: 'Fresher news' }), token);
    await send(cms.url, 'DELETE', `/api/blog/${id}`, undefined, token);

    for (const [action, path] of ['create', 'update', 'delete'].flatMap((a) => [[a, '/web-a/revalidate'], [a, '/web-b/revalidate']])) {
      const call = await waitForCall((c) => JSON.parse(c.body).action === action && c.path === path);
      const payload = JSON.parse(call.body);
      expect(payload.uid).toBe('api::blog.blog');
      expect(Math.abs(Date.now() - payload.at)).toBeLessThan(60_000);
      const expected = `sha256=${createHmac('sha256', cms.env.WEB_PROXY_SECRET).update(call.body).digest('hex')}`;
      expect(call.signature).toBe(expected);
    }
    // Reads send nothing.
    const before = calls.length;
    await fetch(`${cms.url}/api/blog`);
    await fetch(`${cms.url}/api/blog/${id}`);
    expect(calls.length).toBe(before);
  });
});
