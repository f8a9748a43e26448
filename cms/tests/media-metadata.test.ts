import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send, settledVideo, type FilePart } from './helpers/api';
import { PRIVATE_VALUES, privateTags, writeMetadata } from './helpers/metadata';
import { runScriptOk } from './helpers/scripts';
import { makeVideo } from './helpers/videos';
import { startTestWeb, type TestWeb } from './helpers/web-server';

// A phone's photos and videos carry where they were taken (GPS), the device's serial number and
// the owner's name. None of it may reach a visitor, whatever way a file came in: every URL a file
// is published at is read back with ExifTool.
let cms: TestCms;
let web: TestWeb;
let token: string;
const work = await mkdtemp(path.join(os.tmpdir(), 'media-metadata-'));

beforeAll(async () => {
  // Seeded: public pages need the site's settings and fixed pages.
  cms = await startTestCms({ seed: true });
  web = await startTestWeb(cms);
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 300_000);

afterAll(async () => {
  await web?.stop();
  await cms?.stop();
});

/** A phone photo: `width` x `height` pixels, taken turned (EXIF orientation 6), with GPS, serial and owner. */
async function phonePhoto(name: string, format: 'jpeg' | 'png' | 'gif' = 'jpeg', width = 1200, height = 900): Promise<FilePart> {
  const file = path.join(work, name);
  const picture = sharp({ create: { width, height, channels: 3, background: '#48a' } }).composite([
    // A mark in the top-left corner shows which way up the picture is.
    {
      input: { create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#f00' } },
      top: 0,
      left: 0,
    },
  ]);
  const bytes =
    format === 'jpeg'
      ? await picture.jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer()
      : await picture[format]().toBuffer();
  await writeFile(file, bytes);
  writeMetadata(file);
  const withMetadata = await readFile(file);
  expect(withMetadata.toString('latin1')).toMatch(PRIVATE_VALUES);
  return { bytes: withMetadata, name, type: `image/${format}` };
}

async function phoneVideo(name: string): Promise<FilePart> {
  const file = await makeVideo(path.join(work, name), { seconds: 1, metadata: true });
  return { bytes: await readFile(file), name, type: name.endsWith('.mov') ? 'video/quicktime' : 'video/mp4' };
}

/** Every tag of a served file that tells place, person or device: an empty object when clean. */
async function privateTagsOf(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const file = path.join(work, `served-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return privateTags(file);
}

/** The stored files of an upload row: the original and Strapi's resized copies, as the CMS serves them. */
async function servedCopies(url: string) {
  const name = path.basename(url);
  const [row] = await cms.query<{ url: string; formats: string | object | null }>(
    `SELECT url, formats FROM files WHERE url = '/uploads/${name}'`,
  );
  expect(row, name).toBeDefined();
  // SQLite returns the JSON column as text, PostgreSQL as a parsed object.
  const stored = typeof row.formats === 'string' ? JSON.parse(row.formats) : (row.formats ?? {});
  const formats = Object.values(stored as Record<string, { url: string }>).map((f) => f.url);
  return [row.url, ...formats].map((stored) => `${cms.url}${stored}`);
}

/** Every URL a visitor or client can fetch the file at: CMS and web, originals, resized copies, /img. */
async function expectCleanEverywhere(mediaUrl: string, kind: 'image' | 'video') {
  const urls = [mediaUrl, ...(await servedCopies(mediaUrl))];
  const name = path.basename(mediaUrl);
  urls.push(`${web.url}/uploads/${name}`);
  if (kind === 'image') urls.push(`${web.url}/img/640/webp/${name}`);
  for (const url of new Set(urls)) expect(await privateTagsOf(url), url).toEqual({});
}

describe('files sent through the /api contract', () => {
  it('team photo, gallery image, video with its poster and blog cover: no metadata at any URL', async () => {
    const team = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Sita', role: 'Cook', bio: 'Cooks.' }, { photo: await phonePhoto('member.jpg') }),
      token,
    );
    expect(team.status).toBe(201);
    const member = await json(team);
    await expectCleanEverywhere(member.photoUrl, 'image');
    // The photo was taken turned: it is stored upright, 900 x 1200, red corner now at the top right.
    const stored = await sharp(Buffer.from(await (await fetch(member.photoUrl)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([stored.info.width, stored.info.height]).toEqual([900, 1200]);
    const pixel = (x: number, y: number) => Array.from(stored.data.subarray((y * 900 + x) * 3, (y * 900 + x) * 3 + 3));
    expect(pixel(880, 20)[0]).toBeGreaterThan(200);
    expect(pixel(20, 20)[0]).toBeLessThan(120);

    const image = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Hills', description: 'The hills.' }, { image: await phonePhoto('hills.png', 'png') }),
      token,
    );
    expect(image.status).toBe(201);
    await expectCleanEverywhere((await json(image)).mediaUrl, 'image');

    const video = await send(
      cms.url,
      'POST',
      '/api/video-gallery',
      form(
        { title: 'Dance', description: 'A dance.' },
        { video: await phoneVideo('dance.mp4'), poster: await phonePhoto('poster.jpg', 'jpeg', 640, 360) },
      ),
      token,
    );
    expect(video.status).toBe(201);
    const clip = await json(video);
    await expectCleanEverywhere(clip.mediaUrl, 'video');
    await expectCleanEverywhere(clip.posterUrl, 'image');

    const blog = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title: 'Tihar', content: 'Lights.', author: 'a@example.org' }, { media: await phonePhoto('tihar.gif', 'gif', 300, 200) }),
      token,
    );
    expect(blog.status).toBe(201);
    const post = await json(blog);
    await expectCleanEverywhere(post.mediaUrl, 'image');
    // The post's page offers its picture to social networks (og:image): that copy is clean too.
    const response = await fetch(`${web.url}/blogs/details/${post.id}`);
    const page = await response.text();
    expect(response.status, page.slice(0, 3000)).toBe(200);
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(ogImage, page.match(/<meta[^>]*og:[^>]*>/g)?.join('\n')).toBeDefined();
    expect(await privateTagsOf(new URL(new URL(ogImage!).pathname, web.url).toString())).toEqual({});
  });

  it('an iPhone-style .mov keeps playing, without its location', async () => {
    const response = await send(
      cms.url,
      'POST',
      '/api/video-gallery',
      form({ title: 'Swing', description: 'Dashain swing.' }, { video: await phoneVideo('swing.mov') }),
      token,
    );
    expect(response.status).toBe(201);
    // What visitors get is its web copy (an MP4 every browser plays) and the poster taken from it.
    const ready = await settledVideo(cms.url, (await json(response)).id, token);
    expect(ready.video_status).toBe('ready');
    expect(ready.mediaUrl).toMatch(/\.mp4$/);
    await expectCleanEverywhere(ready.mediaUrl, 'video');
    await expectCleanEverywhere(ready.posterUrl, 'image');
    // Its conversion runs at the lowest CPU priority, after every other process of a busy machine.
  }, 240_000);
});

describe('files sent another way', () => {
  it('through the staff admin (the web app streams the form to the CMS)', async () => {
    const session = await fetch(`${web.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: web.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect(cookie).toContain('=');
    const saved = await fetch(`${web.url}/admin/save/image`, {
      method: 'POST',
      headers: { origin: web.url, cookie, accept: 'application/json' },
      body: form({ title: 'From the admin', description: 'Uploaded by staff.' }, { image: await phonePhoto('admin.jpg') }),
    });
    expect(saved.status).toBe(200);
    const { results } = await json(await fetch(`${cms.url}/api/image-gallery?q=${encodeURIComponent('From the admin')}`));
    expect(results).toHaveLength(1);
    await expectCleanEverywhere(results[0].mediaUrl, 'image');
  });

  it("through Strapi's console upload", async () => {
    const signIn = await fetch(`${cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const consoleToken = (await json(signIn)).data.token as string;
    const photo = await phonePhoto('console.jpg');
    const body = form({}, { files: photo });
    const uploaded = await fetch(`${cms.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${consoleToken}` }, body });
    expect(uploaded.status).toBe(201);
    const [file] = await json(uploaded);
    await expectCleanEverywhere(`${cms.url}${file.url}`, 'image');
  });

  it('through content:import, and a second import of the same folder changes nothing', async () => {
    const folder = path.join(work, 'folder');
    await mkdir(path.join(folder, 'images'), { recursive: true });
    await mkdir(path.join(folder, 'media'), { recursive: true });
    await writeFile(path.join(folder, 'media', 'school-trip.jpg'), (await phonePhoto('school-trip.jpg')).bytes);
    await writeFile(
      path.join(folder, 'images', 'school-trip.yaml'),
      'title: School trip\ndescription: The trip.\nimage: school-trip.jpg\n',
    );
    await runScriptOk('content.mjs', ['import', folder], cms.env);
    await expectCleanEverywhere(`${cms.url}/uploads/school-trip.jpg`, 'image');
    // The folder's own file is left as it was.
    expect((await readFile(path.join(folder, 'media', 'school-trip.jpg'))).toString('latin1')).toMatch(PRIVATE_VALUES);
    const again = await runScriptOk('content.mjs', ['import', folder], cms.env);
    expect(again.stdout).toContain('0 created, 0 updated, 1 unchanged');
  });
});

describe('files stored before metadata was removed', () => {
  /** Puts a file with metadata back in place of a stored one, as an older version of the site stored it. */
  async function storeTheOldWay(name: string) {
    const stored = path.join(cms.uploadsDir, name);
    const original = await readFile(stored);
    await writeFile(path.join(work, name), original);
    writeMetadata(path.join(work, name));
    await writeFile(stored, await readFile(path.join(work, name)));
    expect(Object.keys(privateTags(stored)).length).toBeGreaterThan(0);
    return stored;
  }

  it('are cleaned once at the first boot after the upgrade, with a count in the log', async () => {
    const [{ url }] = await cms.query<{ url: string }>(`SELECT url FROM files WHERE url LIKE '/uploads/hills%' AND url LIKE '%.png'`);
    await cms.stopOnly();
    const stored = await storeTheOldWay(path.basename(url));
    await cms.query(`DELETE FROM strapi_core_store_settings WHERE key = 'core_media_metadataRemovedVersion'`, { write: true });
    await cms.bootOnly();
    expect(privateTags(stored)).toEqual({});
    expect(await cms.logs()).toMatch(/\[media\] removed metadata from 1 of \d+ stored file/);
  });

  it('are cleaned by npm run media:remove-metadata, and by a restore of an old backup', async () => {
    const [{ url }] = await cms.query<{ url: string }>(`SELECT url FROM files WHERE url LIKE '/uploads/sita%' LIMIT 1`);
    const stored = await storeTheOldWay(path.basename(url));
    const backup = path.join(work, 'old-site.tar.gz');
    await runScriptOk('backup.mjs', [path.join(work, 'old-site')], cms.env);

    const cleaned = await runScriptOk('remove-metadata.mjs', [], cms.env);
    expect(cleaned.stdout).toMatch(/removed metadata from 1 of \d+ stored file/);
    expect(privateTags(stored)).toEqual({});

    await cms.stopOnly();
    const restored = await runScriptOk('restore.mjs', [backup], cms.env);
    expect(restored.stdout).toMatch(/metadata removed from 1 of them/);
    expect(privateTags(stored)).toEqual({});
    await cms.bootOnly();
    await expectCleanEverywhere(`${cms.url}${url}`, 'image');
    // A backup, a clean-up, a restore and a boot, while the videos of the tests above convert.
  }, 180_000);
});
