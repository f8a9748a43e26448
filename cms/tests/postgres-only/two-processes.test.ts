import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from '../helpers/cms-server';
import { form, json, login, pngBytes, send } from '../helpers/api';

// Runs in the PostgreSQL suite only (vitest.config.ts): SQLite is one file for one process.
let first: TestCms;
let second: TestCms;

beforeAll(async () => {
  first = await startTestCms();
  // Same database, same uploads folder, same secrets: as two machines behind a load balancer.
  second = await startTestCms({
    env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: first.env.DATABASE_URL, STRAPI_PUBLIC_DIR: first.env.STRAPI_PUBLIC_DIR },
  });
}, 240_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('two CMS processes on one database and one uploads folder', () => {
  it('serves through one what was written through the other', async () => {
    const token = (await login(first.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const created = await send(first.url, 'POST', '/api/image-gallery', form({ title: 'Shared', description: 'Written via one' }, { image: { bytes: await pngBytes(), name: 's.png', type: 'image/png' } }), token);
    expect(created.status).toBe(201);
    const { id } = await json(created);

    const seen = await json(await fetch(`${second.url}/api/image-gallery/${id}`));
    expect(seen).toMatchObject({ id, title: 'Shared' });
    // The file is served by the other process from the shared folder.
    expect((await fetch(seen.mediaUrl.replace(first.url, second.url))).status).toBe(200);
    // A token issued by one is accepted by the other (shared JWT secret), and an edit there shows here.
    const edited = await send(second.url, 'PUT', `/api/image-gallery/${id}`, form({ title: 'Shared, edited', description: 'Edited via two' }), token);
    expect(edited.status).toBe(200);
    expect((await json(await fetch(`${first.url}/api/image-gallery/${id}`))).title).toBe('Shared, edited');
  });
});
