import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send, settledVideo } from './helpers/api';
import { PRIVATE_VALUES, privateTags, writeMetadata } from './helpers/metadata';
import { startTestS3, type TestS3 } from './helpers/s3-server';
import { runScriptOk } from './helpers/scripts';
import { makeVideo } from './helpers/videos';
import { startTestWeb, type TestWeb } from './helpers/web-server';

// UPLOAD_PROVIDER=s3: a CMS whose uploads live in an S3-compatible bucket (s3rver, started here)
// instead of its own disk. Everything that touches files is checked against what is in the bucket:
// demo content, uploads through the contract, what the web serves, deletes, the boot-time sweep,
// backup and restore, content export and import. Nothing may be written to the CMS's own uploads folder.
let s3: TestS3;
let cms: TestCms;
let web: TestWeb;
let token: string;
const work = await mkdtemp(path.join(os.tmpdir(), 'storage-s3-'));

beforeAll(async () => {
  s3 = await startTestS3();
  // Seeded: demo content is imported into the bucket, and public pages need the site's settings.
  cms = await startTestCms({ seed: true, env: s3.env });
  web = await startTestWeb(cms);
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 300_000);

afterAll(async () => {
  await web?.stop();
  await cms?.stop();
  await s3?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Stored names of every media-library file (originals and resized copies), sorted. */
async function storedNames() {
  const rows = await cms.query<{ url: string; formats: string | object | null }>('SELECT url, formats FROM files');
  return rows
    .flatMap((row) => {
      const formats = (typeof row.formats === 'string' ? JSON.parse(row.formats) : (row.formats ?? {})) as Record<string, { url: string }>;
      return [row.url, ...Object.values(formats).map((format) => format.url)];
    })
    .map((url) => {
      expect(url).toMatch(/^\/uploads\/[^/]+$/);
      return path.basename(url);
    })
    .sort();
}

const localUploads = () =>
  readdir(cms.uploadsDir).then(
    (names) => names.filter((name) => !name.startsWith('.')),
    () => [],
  );

/** A phone photo with GPS position, serial number and owner in its metadata. */
async function phonePhoto(name: string) {
  const file = path.join(work, name);
  await writeFile(
    file,
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#48a' } })
      .jpeg()
      .toBuffer(),
  );
  writeMetadata(file);
  const bytes = await readFile(file);
  expect(bytes.toString('latin1')).toMatch(PRIVATE_VALUES);
  return bytes;
}

/** The place, person and device tags of some bytes (an empty object when clean). */
async function privateTagsOfBytes(bytes: Buffer) {
  const file = path.join(work, `check-${Math.random().toString(36).slice(2)}.jpg`);
  await writeFile(file, bytes);
  return privateTags(file);
}

describe('uploads in an S3-compatible bucket', () => {
  it('demo content is stored in the bucket, every file the media library names, and nothing on the CMS disk', async () => {
    const names = await storedNames();
    expect(names.length).toBeGreaterThan(5);
    expect(await s3.keys()).toEqual(names);
    expect(await localUploads()).toEqual([]);
  });

  let created: { id: number; mediaUrl: string };
  let stored: string[] = [];

  it('a photo uploaded through the contract is stored in the bucket without its metadata and served same-origin by the web', async () => {
    const before = new Set(await s3.keys());
    const response = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form(
        { title: 'Garden in spring', description: 'The new beds' },
        { image: { bytes: await phonePhoto('garden.jpg'), name: 'garden.jpg', type: 'image/jpeg' } },
      ),
      token,
    );
    expect(response.status).toBe(201);
    created = await json(response);
    // The contract's URL is the CMS's /uploads path, as with the local disk: never the bucket's address.
    expect(created.mediaUrl).toMatch(new RegExp(`^${cms.url}/uploads/garden_in_spring_[0-9a-f]+\\.jpg$`));
    const name = path.basename(created.mediaUrl);
    stored = (await s3.keys()).filter((key) => !before.has(key));
    expect(stored).toContain(name);
    expect(stored).toContain(`thumbnail_${name}`);
    expect(await localUploads()).toEqual([]);

    const object = (await s3.bytes(name))!;
    expect(await privateTagsOfBytes(object)).toEqual({});

    // The web proxies /uploads from the CMS, which reads the bucket: same bytes, same origin.
    const served = await fetch(`${web.url}/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(object)).toBe(true);
    // Ranges reach the bucket (video seeking).
    const part = await fetch(`${web.url}/uploads/${name}`, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(object.subarray(0, 10))).toBe(true);
    // The resizer reads the original from the bucket too.
    const resized = await fetch(`${web.url}/img/320/webp/${name}`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(320);
    // A name the bucket does not hold is a 404, not an error.
    expect((await fetch(`${web.url}/uploads/nothing_here.jpg`)).status).toBe(404);
    // Only plain stored names are read from the bucket: no dot files, no other prefixes, no climbing out.
    await s3.put('.hidden.jpg', 'not an upload');
    await s3.put('backups/site.tar.gz', 'not an upload');
    for (const probe of [
      '/uploads/.hidden.jpg',
      '/uploads/backups/site.tar.gz',
      '/uploads/backups%2Fsite.tar.gz',
      '/uploads/..%2F.hidden.jpg',
    ]) {
      expect((await fetch(`${cms.url}${probe}`)).status, probe).toBe(404);
    }
    await s3.remove('.hidden.jpg');
    await s3.remove('backups/site.tar.gz');
  });

  it('deleting the entry removes its objects from the bucket, and the web stops serving them', async () => {
    const name = path.basename(created.mediaUrl);
    expect((await send(cms.url, 'DELETE', `/api/image-gallery/${created.id}`, undefined, token)).status).toBe(204);
    const keys = await s3.keys();
    for (const key of stored) expect(keys).not.toContain(key);
    expect(await s3.keys()).toEqual(await storedNames());
    expect((await fetch(`${cms.url}/uploads/${name}`)).status).toBe(404);
  });

  it('a video is converted from the bucket into the bucket: its web copy and poster are objects, the upload is gone', async () => {
    const clip = await makeVideo(path.join(work, 'festival.avi'), { seconds: 1 });
    const response = await send(
      cms.url,
      'POST',
      '/api/video-gallery',
      form(
        { title: 'Festival', description: 'Lamps.' },
        { video: { bytes: await readFile(clip), name: 'festival.avi', type: 'video/x-msvideo' } },
      ),
      token,
    );
    expect(response.status).toBe(201);
    const created = await json(response);
    expect(created.video_status).toBe('processing');
    const upload = path.basename(created.mediaUrl);
    const ready = await settledVideo(cms.url, created.id, token);
    expect(ready.video_status, ready.video_error).toBe('ready');
    const [video, poster] = [path.basename(ready.mediaUrl), path.basename(ready.posterUrl)];
    expect(video).toMatch(/\.mp4$/);
    const keys = await s3.keys();
    expect(keys).toEqual(expect.arrayContaining([video, poster]));
    expect(keys).not.toContain(upload);
    expect(await s3.keys()).toEqual(await storedNames());
    expect(await localUploads()).toEqual([]);
    const served = await fetch(`${web.url}/uploads/${video}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect((await send(cms.url, 'DELETE', `/api/video-gallery/${created.id}`, undefined, token)).status).toBe(204);
    expect(await s3.keys()).not.toContain(video);
  });

  it('with S3_PUBLIC_URL the web reads uploads straight from the bucket; the boot-time sweep removes objects no file names', async () => {
    const named = await storedNames();
    const [photo] = named.filter((name) => name.endsWith('.jpg'));
    const direct = await startTestWeb(cms, { S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` });
    try {
      await s3.put('stray_0123456789.jpg', 'left by a crash between storing and linking');
      // With the CMS stopped, only the bucket can answer.
      await cms.stopOnly();
      const served = await fetch(`${direct.url}/uploads/${photo}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals((await s3.bytes(photo))!)).toBe(true);
      expect((await fetch(`${direct.url}/img/320/webp/${photo}`)).headers.get('content-type')).toBe('image/webp');
      expect((await fetch(`${web.url}/uploads/${photo}`)).status).toBe(502);
    } finally {
      await direct.stop();
    }
    await cms.bootOnly({ ORPHAN_SWEEP_MIN_AGE_MS: '0' });
    expect(await s3.keys()).toEqual(named);
    await cms.restart({ ORPHAN_SWEEP_MIN_AGE_MS: String(15 * 60_000) });
  }, 300_000);

  it('npm run backup copies the objects; npm run restore puts exactly them back into the bucket', async () => {
    const before: Record<string, string> = {};
    for (const key of await storedNames()) before[key] = (await s3.bytes(key))!.toString('base64');
    expect(await s3.keys()).toEqual(Object.keys(before).sort());
    const backup = await runScriptOk('backup.mjs', [path.join(work, 'site')], cms.env);
    expect(backup.stdout).toMatch(new RegExp(`and ${Object.keys(before).length} uploads`));

    // The bucket loses a file and gains one that is not the site's.
    const [lost] = Object.keys(before);
    await s3.remove(lost);
    await s3.put('not-the-sites.jpg', 'x');
    await cms.stopOnly();
    await runScriptOk('restore.mjs', [path.join(work, 'site.tar.gz')], cms.env);
    await cms.bootOnly();

    const after: Record<string, string> = {};
    for (const key of await s3.keys()) after[key] = (await s3.bytes(key))!.toString('base64');
    expect(after).toEqual(before);
    expect((await fetch(`${cms.url}/uploads/${lost}`)).status).toBe(200);
    expect(await localUploads()).toEqual([]);
  }, 300_000);

  it('npm run content:export writes the bucket objects to the folder; importing that folder again changes nothing', async () => {
    const folder = path.join(work, 'content');
    await runScriptOk('content.mjs', ['export', folder], cms.env);
    const media = await readdir(path.join(folder, 'media'));
    expect(media.length).toBeGreaterThan(0);
    for (const name of media) {
      expect((await readFile(path.join(folder, 'media', name))).equals((await s3.bytes(name))!), name).toBe(true);
    }
    const keys = await s3.keys();
    const again = await runScriptOk('content.mjs', ['import', folder], cms.env);
    expect(again.stdout).toMatch(/imported: 0 created, 0 updated, \d+ unchanged/);
    expect(await s3.keys()).toEqual(keys);
  }, 300_000);
});
