import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send } from './helpers/api';

interface Call {
  path: string;
  body: string;
  signature: string | undefined;
  /** For calls about the seeded CMS: how many posts its API listed when the call arrived. */
  postsSeen?: number;
}

const calls: Call[] = [];
let receiver: Server;
let cms: TestCms;
let seeded: TestCms | undefined;

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
    request.on('end', async () => {
      const call: Call = { path: request.url ?? '', body, signature: request.headers['x-cms-signature'] as string | undefined };
      // What a web app refilling its cache at this moment would read.
      if (call.path.startsWith('/seeded/') && seeded) call.postsSeen = (await json(await fetch(`${seeded.url}/api/blog`))).count;
      calls.push(call);
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
  await seeded?.stop();
  receiver?.close();
});

describe('content changes notify the web app', () => {
  it('sends a signed call for create, update and delete', async () => {
    const token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const fields = { title: 'Fresh news', content: 'Text', author: 'staff@example.org' };
    const { id } = await json(await send(cms.url, 'POST', '/api/blog', form(fields), token));
    await send(cms.url, 'PUT', `/api/blog/${id}`, form({ ...fields, title: 'Fresher news' }), token);
    await send(cms.url, 'DELETE', `/api/blog/${id}`, undefined, token);

    for (const [action, path] of ['create', 'update', 'delete'].flatMap((a) => [
      [a, '/web-a/revalidate'],
      [a, '/web-b/revalidate'],
    ])) {
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

describe('changes made in one transaction (the demo content removal)', () => {
  it('are told once per kind, after the commit, so a web app refilling its cache reads the new content', async () => {
    const { port } = receiver.address() as { port: number };
    seeded = await startTestCms({ seed: true, env: { WEB_REVALIDATE_URL: `http://127.0.0.1:${port}/seeded/revalidate` } });
    const token = (await login(seeded.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    expect((await json(await fetch(`${seeded.url}/api/blog`))).count).toBe(7);
    // The seed's own import (one transaction at the first boot) was told too: once per kind and action.
    await waitForCall((call) => call.path.startsWith('/seeded/') && JSON.parse(call.body).uid === 'api::home.home');
    const afterSeed = calls.length;
    const removed = await fetch(`${seeded.url}/api/demo-content`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(await json(removed)).toEqual({ removed: 29 });

    const isRemoval = (call: Call) => call.path.startsWith('/seeded/') && calls.indexOf(call) >= afterSeed;
    const blogCall = await waitForCall((call) => isRemoval(call) && JSON.parse(call.body).uid === 'api::blog.blog');
    expect(JSON.parse(blogCall.body)).toMatchObject({ action: 'delete', locale: '*' });
    expect(blogCall.postsSeen).toBe(0);
    await waitForCall((call) => isRemoval(call) && JSON.parse(call.body).uid === 'api::video-gallery.video-gallery');
    await waitForCall((call) => isRemoval(call) && JSON.parse(call.body).uid === 'api::donation-method.donation-method');
    expect(
      calls
        .filter(isRemoval)
        .map((call) => JSON.parse(call.body).uid)
        .sort(),
    ).toEqual([
      'api::blog.blog',
      'api::donation-method.donation-method',
      'api::image-gallery.image-gallery',
      'api::team-member.team-member',
      'api::video-gallery.video-gallery',
    ]);
  }, 240_000);
});
