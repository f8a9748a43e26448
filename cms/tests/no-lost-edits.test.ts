import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, login, pngBytes, send } from './helpers/api';

// A save made from an old copy of an entry is refused (409) when it says which copy it read
// (If-Match with the ETag of its read), whoever changed the entry meanwhile and in whatever way.

let cms: TestCms;
let token: string;

beforeAll(async () => {
  cms = await startTestCms({ seed: true, env: { LOGIN_MAX_FAILURES: '1000' } });
  const result = await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(result.status).toBe(200);
  token = result.body.token;
}, 240_000);

afterAll(async () => {
  await cms?.stop();
});

const read = async (path: string) => {
  const response = await fetch(`${cms.url}${path}`, { headers: bearer(token) });
  return { status: response.status, etag: response.headers.get('etag'), body: await json(response) };
};

const write = async (path: string, fields: Record<string, string>, ifMatch?: string | null, files = {}) => {
  const response = await fetch(`${cms.url}${path}`, {
    method: 'PUT',
    body: form(path.includes('locale=') ? fields : { author: 'staff@example.org', ...fields }, files),
    headers: { ...bearer(token), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
  });
  return { status: response.status, etag: response.headers.get('etag'), body: await json(response) };
};

async function newPost(title: string) {
  const created = await send(cms.url, 'POST', '/api/blog', form({ title, content: 'First words.', author: 'staff@example.org' }), token);
  const body = await json(created);
  expect(created.status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

const fileCount = async () => Number((await cms.query<{ n: number }>('SELECT COUNT(*) AS n FROM files'))[0]?.n);

describe('a save from an old copy', () => {
  it('is refused with who changed it, what is stored now and its version; the stored text stays', async () => {
    const id = await newPost('Dashain at the home');
    const opened = await read(`/api/blog/${id}`);
    expect(opened.etag).toMatch(/^"[\w-]{22}"$/);

    const first = await write(`/api/blog/${id}`, { title: 'Dashain 2083 at the home', content: 'First words.' }, opened.etag);
    expect(first.status).toBe(200);
    expect(first.etag).not.toBe(opened.etag);

    const second = await write(`/api/blog/${id}`, { title: 'Dashain', content: 'Other words.' }, opened.etag);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/changed this entry after you opened it/);
    expect(second.body.updated_by).toMatchObject({ name: expect.any(String) });
    expect(second.body.updated_by.name.length).toBeGreaterThan(0);
    expect(second.body.current).toMatchObject({ id, title: 'Dashain 2083 at the home', content: 'First words.' });
    expect(`"${second.body.version}"`).toBe(first.etag);

    const stored = await read(`/api/blog/${id}`);
    expect(stored.body).toMatchObject({ title: 'Dashain 2083 at the home', content: 'First words.' });
    expect(stored.etag).toBe(first.etag);

    // Saving again on purpose, with the version just shown, goes through.
    const again = await write(`/api/blog/${id}`, { title: 'Dashain', content: 'Other words.' }, `"${second.body.version}"`);
    expect(again.status).toBe(200);
    expect((await read(`/api/blog/${id}`)).body).toMatchObject({ title: 'Dashain', content: 'Other words.' });
  });

  it('stores no file when refused', async () => {
    const id = await newPost('Sports day');
    const opened = await read(`/api/blog/${id}`);
    expect((await write(`/api/blog/${id}`, { title: 'Sports day 2083', content: 'First words.' }, opened.etag)).status).toBe(200);
    const before = await fileCount();
    const refused = await write(`/api/blog/${id}`, { title: 'Sports day', content: 'x' }, opened.etag, {
      media: { bytes: await pngBytes(), name: 'cover.png', type: 'image/png' },
    });
    expect(refused.status).toBe(409);
    expect(await fileCount()).toBe(before);
    expect((await read(`/api/blog/${id}`)).body.mediaUrl).toBeNull();
  });

  it('lets exactly one of two saves from the same copy through', async () => {
    const id = await newPost('Two editors');
    const opened = await read(`/api/blog/${id}`);
    const results = await Promise.all([
      write(`/api/blog/${id}`, { title: 'Manager’s title', content: 'First words.' }, opened.etag),
      write(`/api/blog/${id}`, { title: 'Staff title', content: 'First words.' }, opened.etag),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.status === 200)!;
    expect((await read(`/api/blog/${id}`)).body.title).toBe(winner.body.title);
  });

  it('without If-Match, writes as the contract always has', async () => {
    const id = await newPost('No condition');
    await read(`/api/blog/${id}`);
    expect((await write(`/api/blog/${id}`, { title: 'Changed once', content: 'a' })).status).toBe(200);
    expect((await write(`/api/blog/${id}`, { title: 'Changed twice', content: 'b' })).status).toBe(200);
    expect((await write(`/api/blog/${id}`, { title: 'Any version', content: 'c' }, '*')).status).toBe(200);
  });
});

describe('versions per language', () => {
  it('a Nepali save is checked against the Nepali text only', async () => {
    const id = await newPost('Tihar lights');
    const nepaliOpened = await read(`/api/blog/${id}?locale=ne`);
    expect(nepaliOpened.etag).toMatch(/^"[\w-]{22}"$/);

    // A colleague edits the English text meanwhile: the Nepali form loses nothing by saving.
    const english = await read(`/api/blog/${id}`);
    expect((await write(`/api/blog/${id}`, { title: 'Tihar lights 2083', content: 'First words.' }, english.etag)).status).toBe(200);
    const nepali = await write(`/api/blog/${id}?locale=ne`, { title: 'तिहारका बत्ती', content: 'पहिलो शब्द।' }, nepaliOpened.etag);
    expect(nepali.status).toBe(200);

    // Another save from the copy read before the Nepali text existed would overwrite it: refused.
    const stale = await write(`/api/blog/${id}?locale=ne`, { title: 'तिहार', content: 'अर्को।' }, nepaliOpened.etag);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ title: 'तिहारका बत्ती', locale: 'ne' });
    expect((await read(`/api/blog/${id}?locale=ne`)).body.title).toBe('तिहारका बत्ती');
    expect((await write(`/api/blog/${id}?locale=ne`, { title: 'तिहार', content: 'अर्को।' }, nepali.etag)).status).toBe(200);
  });

  it('an English save is refused after a change made any other way (the console writes the same rows)', async () => {
    const id = await newPost('Library');
    const opened = await read(`/api/blog/${id}`);
    await cms.query(`UPDATE blogs SET title = 'Library (new shelves)' WHERE id = ${id}`, { write: true });
    const refused = await write(`/api/blog/${id}`, { title: 'Library', content: 'x' }, opened.etag);
    expect(refused.status).toBe(409);
    expect(refused.body.current.title).toBe('Library (new shelves)');
  });
});
