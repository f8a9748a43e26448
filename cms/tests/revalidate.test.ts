import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, jpegBytes, json, login, pngBytes, send } from './helpers/api';
import { consoleEditor } from './helpers/console';

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

describe('a stored file changed in place (the console media library)', () => {
  it('is told as a change of a file, which the web app takes as a change of anything: its text, then its removal', async () => {
    const { token } = await consoleEditor(cms);
    const upload = new FormData();
    upload.append('files', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'sign.png');
    const uploaded = await fetch(`${cms.url}/upload`, { method: 'POST', headers: bearer(token), body: upload });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [file] = (await json(uploaded)) as { id: number }[];
    // Told at once, or with the next ones of a burst within a quarter of a second.
    const isFileCall = (from: number) => (call: Call) =>
      calls.indexOf(call) >= from && call.path === '/web-a/revalidate' && JSON.parse(call.body).uid === 'plugin::upload.file';

    const beforeText = calls.length;
    const info = new FormData();
    info.append('fileInfo', JSON.stringify({ name: 'sign.png', alternativeText: 'The sign at the gate', caption: '' }));
    expect((await fetch(`${cms.url}/upload?id=${file.id}`, { method: 'POST', headers: bearer(token), body: info })).status).toBe(200);
    await waitForCall(isFileCall(beforeText));

    const beforeRemoval = calls.length;
    expect((await fetch(`${cms.url}/upload/files/${file.id}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    await waitForCall(isFileCall(beforeRemoval));
  });

  it("is told again, a second later, after a photo's consent is withdrawn: other CMS processes have read the withdrawal by then", async () => {
    const manager = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const image = { bytes: await jpegBytes(640, 480), name: 'kites.jpg', type: 'image/jpeg' };
    const created = await send(cms.url, 'POST', '/api/image-gallery', form({ title: 'Kites', description: 'Kites.' }, { image }), manager);
    expect(created.status).toBe(201);
    const name = new URL((await json(created)).mediaUrl, 'http://x').pathname.replace('/uploads/', '');
    const before = calls.length;
    const withdrawn = await fetch(`${cms.url}/api/consent/photos/${name}/withdraw`, { method: 'POST', headers: bearer(manager) });
    expect(withdrawn.status).toBe(200);
    const fileCalls = () =>
      calls.filter(
        (call) => calls.indexOf(call) >= before && call.path === '/web-a/revalidate' && JSON.parse(call.body).uid === 'plugin::upload.file',
      );
    await waitForCall(() => fileCalls().length >= 2);
    const [first, second] = fileCalls().map((call) => JSON.parse(call.body).at as number);
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
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
    const told = calls.filter(isRemoval).map((call) => JSON.parse(call.body).uid as string);
    expect(told.filter((uid) => uid.startsWith('api::')).sort()).toEqual([
      'api::blog.blog',
      'api::donation-method.donation-method',
      'api::image-gallery.image-gallery',
      'api::team-member.team-member',
      'api::video-gallery.video-gallery',
    ]);
    // Their files go too, one by one once the entries are gone: told at once, then at most four times a second.
    const fileCalls = told.filter((uid) => uid === 'plugin::upload.file').length;
    expect(fileCalls).toBeGreaterThanOrEqual(1);
    expect(fileCalls).toBeLessThan(10);
  }, 240_000);
});
