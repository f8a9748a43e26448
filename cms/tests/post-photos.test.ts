import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, jpegBytes, json, login, send } from './helpers/api';
import { PRIVATE_VALUES, privateTags, writeMetadata } from './helpers/metadata';

// Photos inside a post's text are Markdown (`![alt](/uploads/<name>)`), not media fields: the CMS
// reads them from the text to know which stored files a post uses.
let cms: TestCms;
let token: string;

beforeAll(async () => {
  cms = await startTestCms();
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

const author = 'writer@example.org';

/** A post with a cover photo: the stored file a later post's text can show. */
async function postWithCover(title: string) {
  const media = { bytes: await jpegBytes(640, 480), name: `${title}.jpg`, type: 'image/jpeg' };
  const response = await send(cms.url, 'POST', '/api/blog', form({ title, content: 'Text.', author }, { media }), token);
  expect(response.status).toBe(201);
  const post = await json(response);
  // The contract answers the cover's absolute URL; the text and the media library name its path.
  return { id: post.id as number, url: new URL(post.mediaUrl as string).pathname };
}

const stored = async (url: string) => (await cms.query(`SELECT id FROM files WHERE url = '${url}'`)).length === 1;
const onDisk = async (url: string) => (await fetch(`${cms.url}${url}`)).status === 200;

async function save(id: number, fields: Record<string, string>, query = '') {
  const response = await send(cms.url, 'PUT', `/api/blog/${id}${query}`, form(fields), token);
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('photos inside a post', () => {
  it('removes a photo taken out of a post once nothing else uses it, and keeps one still used elsewhere', async () => {
    // Two stored photos: each first a post's cover, then shown in another post's text.
    const first = await postWithCover('first');
    const second = await postWithCover('second');
    const body = (urls: string[]) => ['Dashain at the home.', ...urls.map((url, i) => `![Photo ${i + 1}](${url})`)].join('\n\n');
    const response = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title: 'Dashain', content: body([first.url, second.url]), author }),
      token,
    );
    expect(response.status).toBe(201);
    const dashain = (await json(response)).id as number;
    // The covers are replaced: both photos stay, the Dashain text shows them.
    for (const post of [first, second]) {
      const media = { bytes: await jpegBytes(320, 240), name: 'new.jpg', type: 'image/jpeg' };
      const replaced = await send(
        cms.url,
        'PUT',
        `/api/blog/${post.id}`,
        form({ title: 'new cover', content: 'Text.', author }, { media }),
        token,
      );
      expect(replaced.status).toBe(200);
      expect(await stored(post.url), post.url).toBe(true);
    }
    // The Nepali text shows the second photo too, in the CMS's absolute address (the Strapi console's Image button).
    await save(dashain, { title: 'दशैं', content: `घरमा दशैं।\n\n![फोटो](${cms.url}${second.url})` }, '?locale=ne');

    // Both photos taken out of the English text: the first is used nowhere else and goes, the
    // second is still in the Nepali text and stays.
    await save(dashain, { title: 'Dashain', content: body([]), author });
    // The clean-up runs once the save is committed, beside the answer.
    await expect.poll(() => stored(first.url), { timeout: 5000 }).toBe(false);
    await expect.poll(() => onDisk(first.url), { timeout: 5000 }).toBe(false);
    expect(await stored(second.url)).toBe(true);
    expect(await onDisk(second.url)).toBe(true);

    // Out of the Nepali text too: now it goes.
    await save(dashain, { title: 'दशैं', content: 'घरमा दशैं।' }, '?locale=ne');
    await expect.poll(() => stored(second.url), { timeout: 5000 }).toBe(false);
  });

  it("keeps a photo taken out of a post while it is another entry's cover", async () => {
    const cover = await postWithCover('cover');
    const response = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title: 'Tihar', content: `Lights.\n\n![Lamps](${cover.url})`, author }),
      token,
    );
    const tihar = (await json(response)).id as number;
    await save(tihar, { title: 'Tihar', content: 'Lights.', author });
    expect(await stored(cover.url)).toBe(true);
    expect(await onDisk(cover.url)).toBe(true);
    // The post deleted: its text's photos go with it unless used elsewhere (still the cover here).
    const again = await json(
      await send(cms.url, 'POST', '/api/blog', form({ title: 'Again', content: `![Lamps](${cover.url})`, author }), token),
    );
    expect((await send(cms.url, 'DELETE', `/api/blog/${again.id}`, undefined, token)).status).toBe(204);
    expect(await stored(cover.url)).toBe(true);
  });

  it('tells the web the pixel sizes of stored photos, and nothing about other URLs', async () => {
    const cover = await postWithCover('sizes');
    const absolute = `${cms.url}${cover.url}`;
    const query = new URLSearchParams([
      ['url', cover.url],
      ['url', absolute],
      ['url', `https://elsewhere.example${cover.url}`],
      ['url', '/uploads/nothing-here.jpg'],
      ['url', '/uploads/../config/database.ts'],
      ['url', '/etc/passwd'],
    ]);
    const response = await fetch(`${cms.url}/api/post-photo-sizes?${query}`);
    expect(response.status).toBe(200);
    const size = { url: cover.url, width: 640, height: 480 };
    expect(await response.json()).toEqual({ [cover.url]: size, [absolute]: size });
    const tooMany = new URLSearchParams(Array.from({ length: 101 }, (_, i) => ['url', `/uploads/x${i}.jpg`]));
    expect((await fetch(`${cms.url}/api/post-photo-sizes?${tooMany}`)).status).toBe(400);
  });
});

describe("storing a photo for a post's text", () => {
  it('checks and stores it without its metadata, with the alt text the author wrote, and answers its size', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'post-photo-'));
    const file = path.join(work, 'phone.jpg');
    await writeFile(file, await jpegBytes(1600, 1200));
    writeMetadata(file);
    const bytes = await readFile(file);
    expect(bytes.toString('latin1')).toMatch(PRIVATE_VALUES);
    const photo = { bytes, name: 'IMG_2041.jpg', type: 'image/jpeg' };

    const response = await send(cms.url, 'POST', '/api/post-photos', form({ alt: ' Children flying kites ' }, { photo }), token);
    expect(response.status).toBe(201);
    const stored = await json(response);
    expect(stored).toEqual({
      url: expect.stringMatching(/^\/uploads\/post[-_]photo_\w+\.jpg$/),
      width: 1600,
      height: 1200,
      alt: 'Children flying kites',
    });
    const [row] = await cms.query<{ alternative_text: string }>(`SELECT alternative_text FROM files WHERE url = '${stored.url}'`);
    expect(row!.alternative_text).toBe('Children flying kites');
    const served = path.join(work, 'served.jpg');
    await writeFile(served, Buffer.from(await (await fetch(`${cms.url}${stored.url}`)).arrayBuffer()));
    expect(privateTags(served)).toEqual({});
  });

  it('refuses a photo without alt text, a file that is not a photo, and anonymous callers; nothing is stored', async () => {
    const before = (await cms.query('SELECT id FROM files')).length;
    const photo = { bytes: await jpegBytes(64, 48), name: 'a.jpg', type: 'image/jpeg' };
    const noAlt = await send(cms.url, 'POST', '/api/post-photos', form({ alt: '  ' }, { photo }), token);
    expect(noAlt.status).toBe(400);
    expect((await json(noAlt)).errors).toEqual({ alt: ['Photo description is required'] });
    const notPhoto = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.jpg', type: 'image/jpeg' };
    const svg = await send(cms.url, 'POST', '/api/post-photos', form({ alt: 'x' }, { photo: notPhoto }), token);
    expect(svg.status).toBe(400);
    expect(Object.keys((await json(svg)).errors)).toEqual(['photo']);
    const anonymous = await send(cms.url, 'POST', '/api/post-photos', form({ alt: 'x' }, { photo }));
    expect([401, 403]).toContain(anonymous.status);
    expect((await cms.query('SELECT id FROM files')).length).toBe(before);
  });
});
