import { readFile, writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { consoleEditor } from './helpers/console';
import { form, json, login, mp4Bytes, pngBytes, send, type FilePart } from './helpers/api';

// Small limits so over-limit files are quick to send; the pixel limit is the default.
const MIB = 1024 * 1024;
const IMAGE_MAX_BYTES = 1 * MIB;
const VIDEO_MAX_BYTES = 2 * MIB;
const MAX_PIXELS = 40_000_000;
const IMAGE_MESSAGE = 'Invalid file type. Only jpg, jpeg, png, gif allowed.';

let cms: TestCms;
let token: string;

beforeAll(async () => {
  cms = await startTestCms({
    seed: true,
    env: { IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES), VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES), LOGIN_MAX_FAILURES: '1000' },
  });
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

const png = (bytes: Buffer, name = 'p.png'): FilePart => ({ bytes, name, type: 'image/png' });
const entriesAndFiles = async () => ({
  teams: await cms.countRows('team_members'),
  images: await cms.countRows('image_galleries'),
  videos: await cms.countRows('video_galleries'),
  blogs: await cms.countRows('blogs'),
  files: await cms.countRows('files'),
  uploads: (await cms.uploadedFiles()).length,
});

describe('pagination is bounded', () => {
  it('answers out-of-range or malformed page and pageSize on the contract with a 400 that names the field', async () => {
    const cases: [string, string][] = [
      ['page=100000000000000000', 'page'],
      ['page=99999999999999999999', 'page'],
      ['page=1000001', 'page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=1e3', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=99999999999999999999', 'pageSize'],
    ];
    for (const [query, field] of cases) {
      const response = await fetch(`${cms.url}/api/blog?${query}`);
      expect(response.status, query).toBe(400);
      const body = await json(response);
      expect(Object.keys(body.errors), query).toEqual([field]);
      expect(body.message, query).toMatch(new RegExp(`^${field} must be a whole number from 1 to \\d+\\.$`));
    }
  });

  it('answers pages within range with the right rows, and the last allowed page with none', async () => {
    const all = await json(await fetch(`${cms.url}/api/blog`));
    const second = await json(await fetch(`${cms.url}/api/blog?page=2&pageSize=2`));
    expect(second.results.map((post: { id: number }) => post.id)).toEqual(all.results.slice(2, 4).map((post: { id: number }) => post.id));
    const last = await json(await fetch(`${cms.url}/api/blog?page=1000000&pageSize=100`));
    expect(last).toEqual({ count: all.count, results: [] });
  });

  it("answers Strapi's own REST and GraphQL with a 4xx, never a 500 or rows from the wrong page", async () => {
    for (const query of [
      'pagination[page]=100000000000000000',
      'pagination[page]=99999999999999999999',
      'pagination[start]=99999999999999999999&pagination[limit]=2',
      'pagination[page]=abc',
    ]) {
      const response = await fetch(`${cms.url}/api/blogs?${query}`);
      expect(response.status, query).toBe(400);
      expect((await json(response)).error.name, query).toBe('ValidationError');
    }
    const graphql = await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ blogs(pagination: { page: 2147483647, pageSize: 100 }) { title } }' }),
    });
    const answer = await json(graphql);
    expect(graphql.status).toBeLessThan(500);
    expect(answer.errors[0].message).toMatch(/out of range/);
    expect(answer.data?.blogs ?? null).toBeNull();
  });

  it('scaled up: every page number from 1 to 10^30, on every path, is either the right page or a 400', async () => {
    const count = (await json(await fetch(`${cms.url}/api/blog`))).count as number;
    for (let exponent = 0; exponent <= 30; exponent += 1) {
      const page = `1${'0'.repeat(exponent)}`;
      const contract = await fetch(`${cms.url}/api/blog?page=${page}&pageSize=3`);
      const stock = await fetch(`${cms.url}/api/blogs?pagination[page]=${page}&pagination[pageSize]=3`);
      for (const [label, response] of [
        ['contract', contract],
        ['strapi', stock],
      ] as const) {
        expect([200, 400], `${label} page ${page}`).toContain(response.status);
        if (response.status === 200) {
          const body = await json(response);
          const rows = label === 'contract' ? body.results : body.data;
          expect(rows.length, `${label} page ${page}`).toBe(Math.max(0, Math.min(3, count - (Number(page) - 1) * 3)));
        }
      }
    }
  });
});

describe('dates', () => {
  const member = (joinedAt: string) =>
    send(cms.url, 'POST', '/api/team-member', form({ name: 'Sita', role: 'Cook', bio: 'b', joined_at: joinedAt }, {}), token);

  it('refuses dates that do not exist with a 400 on joined_at (2024-02-31 was a 500)', async () => {
    const before = await entriesAndFiles();
    for (const date of [
      '2024-02-31',
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '0000-01-01',
      '9999-12-31',
      '2024-2-3',
      '31-12-2024',
      '2024-02-29T00:00:00Z',
    ]) {
      const response = await member(date);
      expect(response.status, date).toBe(400);
      expect((await json(response)).errors.joined_at, date).toEqual(['Joined date must be a valid date (YYYY-MM-DD).']);
    }
    expect(await entriesAndFiles()).toEqual(before);
  });

  it('keeps a real leap day', async () => {
    const photo = png(await pngBytes());
    const response = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Leap', role: 'Cook', bio: 'b', joined_at: '2024-02-29' }, { photo }),
      token,
    );
    expect(response.status).toBe(201);
    const created = await json(response);
    expect(created.joined_at).toBe('2024-02-29');
    const [row] = await cms.query<{ day: string }>(`SELECT CAST(joined_at AS TEXT) AS day FROM team_members WHERE id = ${created.id}`);
    expect(row.day).toBe('2024-02-29');
  });

  it('answers the Strapi console with a 4xx for a date that does not exist', async () => {
    const before = await cms.countRows('team_members');
    const editor = await consoleEditor(cms);
    const response = await editor.call('POST', 'api::team-member.team-member', '?locale=en', {
      name: 'x',
      role: 'y',
      bio: 'z',
      joinedAt: '2024-02-31',
    });
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await cms.countRows('team_members')).toBe(before);
  });
});

/** A real PNG whose pixel data is broken: the header reads fine, the picture does not decode. */
async function corruptPng() {
  const good = await sharp({ create: { width: 300, height: 200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  const out = Buffer.from(good);
  let offset = 8;
  while (offset < out.length) {
    const length = out.readUInt32BE(offset);
    if (out.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      const data = offset + 8 + Math.floor(length / 3);
      for (let i = data; i < data + 200; i += 1) out[i] ^= 0x5a;
      // The chunk's checksum is made right again, so only the compressed pixels are wrong.
      out.writeUInt32BE(zlib.crc32(out.subarray(offset + 4, offset + 8 + length)), offset + 8 + length);
      break;
    }
    offset += 12 + length;
  }
  return { corrupt: out, truncated: good.subarray(0, Math.floor(good.length / 2)) };
}

describe('images that do not decode', () => {
  it('refuses a PNG with a valid header and corrupt or missing data with a 400 and the image-type message, in every image field', async () => {
    const { corrupt, truncated } = await corruptPng();
    expect((await sharp(corrupt).metadata()).width).toBe(300);
    const before = await entriesAndFiles();
    for (const [label, bytes] of [
      ['corrupt', corrupt],
      ['truncated', truncated],
    ] as const) {
      const bad = png(bytes);
      const attempts: [string, Response][] = [
        ['image', await send(cms.url, 'POST', '/api/image-gallery', form({ title: 't', description: 'd' }, { image: bad }), token)],
        ['photo', await send(cms.url, 'POST', '/api/team-member', form({ name: 'n', role: 'r', bio: 'b' }, { photo: bad }), token)],
        [
          'media',
          await send(cms.url, 'POST', '/api/blog', form({ title: 't', content: 'c', author: 'a@example.org' }, { media: bad }), token),
        ],
        [
          'poster',
          await send(
            cms.url,
            'POST',
            '/api/video-gallery',
            form({ title: 't', description: 'd' }, { video: { bytes: mp4Bytes(), name: 'v.mp4', type: 'video/mp4' }, poster: bad }),
            token,
          ),
        ],
      ];
      for (const [field, response] of attempts) {
        expect(response.status, `${label} ${field}`).toBe(400);
        expect(await json(response), `${label} ${field}`).toEqual({ message: IMAGE_MESSAGE, errors: { [field]: [IMAGE_MESSAGE] } });
      }
    }
    expect(await entriesAndFiles()).toEqual(before);
    expect(await cms.tempFiles()).toEqual([]);
  });
});

describe('files past the limits', () => {
  it("answers a video past the body parser's limit with the contract's 413 message, not FileTooBig", async () => {
    const before = await entriesAndFiles();
    const video = await send(
      cms.url,
      'POST',
      '/api/video-gallery',
      form({ title: 't', description: 'd' }, { video: { bytes: mp4Bytes(VIDEO_MAX_BYTES), name: 'v.mp4', type: 'video/mp4' } }),
      token,
    );
    expect(video.status).toBe(413);
    expect(await json(video)).toEqual({
      message: 'The file is too large. Videos may be at most 2 MB.',
      errors: { video: ['The file is too large. Videos may be at most 2 MB.'] },
    });
    const image = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form({ title: 't', description: 'd' }, { image: png(Buffer.alloc(VIDEO_MAX_BYTES + 1)) }),
      token,
    );
    expect(image.status).toBe(413);
    expect(await json(image)).toEqual({
      message: 'The file is too large. Images may be at most 1 MB.',
      errors: { image: ['The file is too large. Images may be at most 1 MB.'] },
    });
    expect(await entriesAndFiles()).toEqual(before);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('takes five files in one request and refuses six or thirty with a 413 (30 were accepted), keeping none of them', async () => {
    const image = png(await pngBytes());
    const withFiles = (count: number) => {
      const files: Record<string, FilePart> = { image };
      for (let i = 1; i < count; i += 1) files[`extra${i}`] = image;
      return form({ title: 'Many', description: 'd' }, files);
    };
    const five = await send(cms.url, 'POST', '/api/image-gallery', withFiles(5), token);
    expect(five.status).toBe(201);
    const before = await entriesAndFiles();
    for (const count of [6, 30]) {
      const response = await send(cms.url, 'POST', '/api/image-gallery', withFiles(count), token);
      expect(response.status, String(count)).toBe(413);
      expect(await json(response)).toEqual({ message: 'Too many files: a request may carry at most 5.' });
    }
    expect(await entriesAndFiles()).toEqual(before);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('scaled up: 2,000 files and 5,000 fields in one request are refused with a 4xx and leave nothing behind', async () => {
    const image = png(await pngBytes(8, 8));
    const files: Record<string, FilePart> = {};
    for (let i = 0; i < 2000; i += 1) files[`f${i}`] = image;
    const manyFiles = await send(cms.url, 'POST', '/api/image-gallery', form({ title: 't', description: 'd' }, files), token);
    expect(manyFiles.status).toBe(413);
    const fields: Record<string, string> = {};
    for (let i = 0; i < 5000; i += 1) fields[`f${i}`] = 'x';
    const manyFields = await send(cms.url, 'POST', '/api/blog', form(fields), token);
    expect(manyFields.status).toBe(413);
    expect((await json(manyFields)).message).toMatch(/The form is too large/);
    expect(await cms.tempFiles()).toEqual([]);
  });
});

describe('languages the site does not have', () => {
  const strangeLocales = async () =>
    Number((await cms.query<{ n: number | string }>("SELECT count(*) AS n FROM blogs WHERE locale NOT IN ('en', 'ne')"))[0].n);

  it('refuses a write in any other locale on every path: contract, Strapi console, Strapi REST and GraphQL', async () => {
    const blogsBefore = await cms.countRows('blogs');
    const [existing] = await cms.query<{ document_id: string }>("SELECT document_id FROM blogs WHERE locale = 'en' LIMIT 1");
    const bearer = { authorization: `Bearer ${token}` };
    const editor = await consoleEditor(cms);
    const jsonWrite = (method: string, path: string) =>
      fetch(`${cms.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...bearer },
        body: method === 'DELETE' ? undefined : JSON.stringify({ data: { title: 'Bonjour', content: 'c', author: 'a@example.org' } }),
      });
    const graphql = (query: string) =>
      fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer },
        body: JSON.stringify({ query }),
      });

    for (const locale of ['fr', 'de', 'EN', 'en-US', 'xx']) {
      const contract = await send(
        cms.url,
        'POST',
        `/api/blog?locale=${locale}`,
        form({ title: 't', content: 'c', author: 'a@example.org' }),
        token,
      );
      expect(contract.status, `contract ${locale}`).toBe(400);
      // Strapi's own write routes are closed to staff tokens whatever the locale.
      for (const [method, path] of [
        ['POST', `/api/blogs?locale=${locale}`],
        ['PUT', `/api/blogs/${existing.document_id}?locale=${locale}`],
        ['DELETE', `/api/blogs/${existing.document_id}?locale=${locale}`],
      ]) {
        expect((await jsonWrite(method, path)).status, `${method} ${path}`).toBe(403);
      }
      for (const [method, path] of [
        ['POST', `?locale=${locale}`],
        ['PUT', `/${existing.document_id}?locale=${locale}`],
        ['DELETE', `/${existing.document_id}?locale=${locale}`],
      ]) {
        const body = method === 'DELETE' ? undefined : { title: 'Bonjour', content: 'c', author: 'a@example.org' };
        const response = await editor.call(method, 'api::blog.blog', path, body);
        const text = await response.text();
        // The console checks the language itself first (400 "This locale doesn't exist" for a write,
        // 404 for deleting a version there is none of); ours stands behind it.
        if (method === 'DELETE') expect(response.status, `console ${method} ${path}: ${text}`).toBe(404);
        else {
          expect(response.status, `console ${method} ${path}: ${text}`).toBe(400);
          expect(text).toMatch(/Unknown locale\. Use en \(English, the default\) or ne \(Nepali\)\.|This locale doesn't exist/);
        }
      }
      for (const mutation of [
        `mutation { createBlog(locale: "${locale}", data: { title: "x", content: "y", author: "a@example.org" }) { documentId } }`,
        `mutation { updateBlog(documentId: "${existing.document_id}", locale: "${locale}", data: { title: "x" }) { documentId } }`,
        `mutation { deleteBlog(documentId: "${existing.document_id}", locale: "${locale}") { documentId } }`,
      ]) {
        const response = await graphql(mutation);
        const answer = await json(response);
        expect(response.status, mutation).toBe(400);
        expect(answer.errors?.[0]?.message, mutation).toBe(`Argument "locale" has invalid value "${locale}".`);
      }
      // Given as a variable, the answer says which languages there are.
      const variable = await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer },
        body: JSON.stringify({
          query:
            'mutation New($locale: I18NLocaleCode) { createBlog(locale: $locale, data: { title: "x", content: "y", author: "a@example.org" }) { documentId } }',
          variables: { locale },
        }),
      });
      expect(variable.status).toBe(400);
      expect((await json(variable)).errors[0].message).toContain('Unknown locale. Use en (English, the default) or ne (Nepali).');
    }
    expect(await strangeLocales()).toBe(0);
    expect(await cms.countRows('blogs')).toBe(blogsBefore);
  });

  it('still writes English and Nepali through the Strapi console', async () => {
    const editor = await consoleEditor(cms);
    const created = await editor.call('POST', 'api::blog.blog', '?locale=en', { title: 'Hello', content: 'c', author: 'a@example.org' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { documentId } = (await json(created)).data;
    const nepali = await editor.call('PUT', 'api::blog.blog', `/${documentId}?locale=ne`, { title: 'नमस्ते', content: 'सामग्री' });
    expect(nepali.status, await nepali.clone().text()).toBe(200);
    expect((await json(nepali)).data.locale).toBe('ne');
  });
});

describe('decompression bombs', () => {
  // A CMS of its own that has decoded no image yet: memory freed after earlier pictures stays with
  // the process and would hide the growth.
  let fresh: TestCms;
  let freshToken: string;
  beforeAll(async () => {
    fresh = await startTestCms({ env: { IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES), LOGIN_MAX_FAILURES: '1000' } });
    freshToken = (await login(fresh.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  }, 180_000);
  afterAll(async () => {
    await fresh?.stop();
  });

  const kb = async (field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await readFile(`/proc/${fresh.pid()}/status`, 'utf8'))![1]);

  /** Uploads an image; how far the CMS's resident memory rose above where it was (its peak, reset first). */
  const uploadMeasured = async (bytes: Buffer) => {
    await writeFile(`/proc/${fresh.pid()}/clear_refs`, '5'); // the peak (VmHWM) starts again from now
    const baseline = await kb('VmRSS');
    const response = await send(
      fresh.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Bomb', description: 'd' }, { image: png(bytes) }),
      freshToken,
    );
    return { response, growthMb: ((await kb('VmHWM')) - baseline) / 1024 };
  };

  const solidPng = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: { r: 10, g: 200, b: 30 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  it('refuses 41- and 200-megapixel PNGs from their header, without decoding them', async () => {
    for (const side of [6400, 14142]) {
      const bomb = await solidPng(side);
      expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
      const { response, growthMb } = await uploadMeasured(bomb);
      console.log(
        `[bomb] ${Math.round((side * side) / 1e6)} MP PNG of ${Math.round(bomb.length / 1024)} KB: ${response.status}, memory +${growthMb.toFixed(1)} MB`,
      );
      expect(response.status).toBe(400);
      expect((await json(response)).errors.image).toEqual(['The image is too large in dimensions. Please upload a smaller picture.']);
      expect(growthMb).toBeLessThan(16);
    }
    expect(await fresh.countRows('files')).toBe(0);
  });

  it('stores a 39.7-megapixel PNG of 125 KB (just under the limit) within 80 MB of memory (it took ~220 MB)', async () => {
    const bomb = await solidPng(6300);
    expect(6300 * 6300).toBeLessThan(MAX_PIXELS);
    const { response, growthMb } = await uploadMeasured(bomb);
    console.log(`[bomb] 39.7 MP PNG of ${Math.round(bomb.length / 1024)} KB: ${response.status}, memory +${growthMb.toFixed(1)} MB`);
    expect(response.status).toBe(201);
    expect(growthMb).toBeLessThan(80);
  });
});
