import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/media/ffmpeg';
import { parseProbe } from '../src/media/video-conversion';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send, type FilePart } from './helpers/api';
import { privateTags } from './helpers/metadata';
import { makeVideo } from './helpers/videos';

// Every accepted kind of video ends up as an MP4 every browser and a cheap phone on slow data
// play: H.264/AAC, at most 720 lines, its index before its data, no place or person in it, with a
// poster frame. Visitors see an entry only once its video is ready; a file that cannot be
// converted says why to staff and breaks nothing; a server without an encoder serves the upload.
let cms: TestCms;
let token: string;
const work = await mkdtemp(path.join(os.tmpdir(), 'video-conversion-'));

beforeAll(async () => {
  cms = await startTestCms();
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

type VideoAnswer = {
  id: number;
  mediaUrl: string | null;
  posterUrl: string | null;
  video_status: string | null;
  video_error: string | null;
};

const asStaff = async (id: number) => (await json(await send(cms.url, 'GET', `/api/video-gallery/${id}`, undefined, token))) as VideoAnswer;
const anonymous = (id: number) => send(cms.url, 'GET', `/api/video-gallery/${id}`);
const anonymousIds = async () =>
  ((await json(await send(cms.url, 'GET', '/api/video-gallery'))) as { results: { id: number }[] }).results.map((entry) => entry.id);

/** Polls until `done` says so (every 200 ms, at most `timeoutMs`): the time taken is never what is tested. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const settled = (answer: VideoAnswer) => answer.video_status !== 'processing';

const today = new Date().toISOString().slice(0, 10);
const recordConsent = (name: string) =>
  fetch(`${cms.url}/api/consent/photos/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      showsChildren: true,
      givenBy: 'guardian',
      givenOn: today,
      website: true,
      socialMedia: false,
      reviewOn: '2099-01-01',
    }),
  });

async function upload(title: string, file: string, type: string) {
  const part: FilePart = { bytes: await readFile(file), name: path.basename(file), type };
  const response = await send(cms.url, 'POST', '/api/video-gallery', form({ title, description: `${title}.` }, { video: part }), token);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as VideoAnswer;
}

async function download(url: string, name: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const file = path.join(work, name);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** The top-level boxes of an MP4, in file order. */
function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

const describeVideo = async (file: string) =>
  parseProbe(await runFfmpeg(['-i', file, '-t', '0', '-f', 'null', '-'], { timeoutMs: 60_000 }));

/** Accepted kinds, as phones and cameras write them, with a phone's place and person tags. */
const KINDS = [
  { name: 'phone-1080p.mp4', type: 'video/mp4', options: { width: 1920, height: 1080 } },
  // An iPhone's: HEVC in a QuickTime file, tagged hvc1 (plays in Safari only).
  {
    name: 'iphone-hevc.mov',
    type: 'video/quicktime',
    options: { width: 1280, height: 720, codecs: ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-c:a', 'aac'] },
  },
  { name: 'camera.mkv', type: 'video/x-matroska', options: {} },
  { name: 'portrait.webm', type: 'video/webm', options: { width: 1080, height: 1920 } },
  { name: 'old-camera.avi', type: 'video/x-msvideo', options: {} },
];

describe('video conversion', () => {
  const uploaded: { kind: (typeof KINDS)[number]; created: VideoAnswer; originalName: string; consented: boolean }[] = [];

  it('marks every new video processing and hides it from visitors until it is ready', async () => {
    for (const kind of KINDS) {
      const file = await makeVideo(path.join(work, kind.name), { seconds: 2, metadata: true, ...kind.options });
      const created = await upload(kind.name, file, kind.type);
      expect(created.video_status).toBe('processing');
      const [row] = await cms.query<{ url: string }>(
        `SELECT f.url FROM files f JOIN files_related_mph m ON m.file_id = f.id WHERE m.related_id = ${created.id} AND m.field = 'video'`,
      );
      const originalName = path.basename(row.url);
      // Staff record its consent while it waits: unless converting it was already done, it holds for the web copy and poster.
      const consented = (await recordConsent(originalName)).status === 200;
      uploaded.push({ kind, created, originalName, consented });
    }
    // One at a time: while the last one waits, a visitor gets neither it nor its page. Visitors
    // are asked first, staff second: "processing" after the visitor's answer means it was then too.
    let hiddenSeen = 0;
    for (const { created } of uploaded) {
      const [visitorOne, visitorList] = [await anonymous(created.id), await anonymousIds()];
      if ((await asStaff(created.id)).video_status === 'processing') {
        expect(visitorOne.status).toBe(404);
        expect(visitorList).not.toContain(created.id);
        hiddenSeen += 1;
      }
    }
    expect(hiddenSeen).toBeGreaterThan(0);
  }, 300_000);

  it('stores each as a web MP4 (H.264/AAC, at most 720p, index first, no metadata) with a poster, then shows it', async () => {
    for (const { kind, created, originalName, consented } of uploaded) {
      const ready = await until(kind.name, () => asStaff(created.id), settled, 240_000);
      expect(ready.video_status, `${kind.name}: ${ready.video_error}`).toBe('ready');
      expect(ready.video_error).toBeNull();
      expect(ready.mediaUrl).toMatch(/\.mp4$/);
      expect(ready.posterUrl).toMatch(/\.jpg$/);

      const file = await download(ready.mediaUrl!, `served-${kind.name}.mp4`);
      const probe = await describeVideo(file);
      expect(probe.container).toBe('mov');
      expect(probe.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', hdr: false });
      expect(probe.audio?.codec).toBe('aac');
      expect(Math.min(probe.video!.width, probe.video!.height)).toBeLessThanOrEqual(720);
      expect(Math.max(probe.video!.width, probe.video!.height)).toBeLessThanOrEqual(1280);
      // A 1.5 Mbit/s connection streams it (picture capped at 1 Mbit/s, sound 96 kbit/s).
      expect(probe.bitrate).toBeLessThanOrEqual(1_500_000);
      const boxes = topLevelBoxes(await readFile(file));
      expect(boxes.indexOf('moov'), boxes.join(',')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      expect(privateTags(file)).toEqual({});
      const poster = await fetch(ready.posterUrl!);
      expect(poster.status).toBe(200);
      expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      // Visitors now get it, with the same URLs; the upload itself is gone (no setting keeps it).
      const visitor = await anonymous(created.id);
      expect(visitor.status).toBe(200);
      expect(await json(visitor)).toMatchObject({ mediaUrl: ready.mediaUrl, posterUrl: ready.posterUrl, video_status: 'ready' });
      expect(await anonymousIds()).toContain(created.id);
      expect(await cms.uploadedFiles()).not.toContain(originalName);
      if (consented) {
        for (const made of [ready.mediaUrl!, ready.posterUrl!]) {
          const answer = await json(await send(cms.url, 'GET', `/api/consent/photos/${path.basename(made)}`, undefined, token));
          expect(answer, `${kind.name}: ${made}`).toMatchObject({ state: 'valid', record: { givenBy: 'guardian', website: true } });
        }
      }
    }
    expect(uploaded.filter((video) => video.consented).length).toBeGreaterThan(0);
    // The 1080p phone video is 1280x720 now; the portrait 1080x1920 one 720x1280.
    const phone = await describeVideo(await download((await asStaff(uploaded[0].created.id)).mediaUrl!, 'phone.mp4'));
    expect(phone.video).toMatchObject({ width: 1280, height: 720 });
    const portrait = await describeVideo(await download((await asStaff(uploaded[3].created.id)).mediaUrl!, 'portrait.mp4'));
    expect(portrait.video).toMatchObject({ width: 720, height: 1280 });
  }, 600_000);

  it('fails a video it cannot convert with a clear message, and the site still answers', async () => {
    // A real MP4 whose picture data is noise: it is stored (its container is sound), but no frame decodes.
    const good = await makeVideo(path.join(work, 'noise.mp4'), { seconds: 2 });
    const bytes = await readFile(good);
    const box = bytes.indexOf('mdat', 0, 'latin1') - 4;
    for (let at = box + 8; at < box + bytes.readUInt32BE(box); at += 1) bytes[at] = (at * 7919) % 251;
    await writeFile(good, bytes);
    const created = await upload('Noise', good, 'video/mp4');
    const failed = await until('noise', () => asStaff(created.id), settled);
    expect(failed.video_status).toBe('failed');
    expect(failed.video_error).toMatch(/^The (file|video|conversion)[^/]*\.$/);
    expect((await anonymous(created.id)).status).toBe(404);
    expect(await anonymousIds()).not.toContain(created.id);
    const list = await send(cms.url, 'GET', '/api/video-gallery', undefined, token);
    expect(list.status).toBe(200);
    expect(((await json(list)) as { results: VideoAnswer[] }).results.find((entry) => entry.id === created.id)).toMatchObject({
      video_status: 'failed',
    });
    const graphql = await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ videoGalleries(locale: "en", pagination: { pageSize: 100 }) { numericId videoStatus } }' }),
    });
    const { data } = (await graphql.json()) as { data: { videoGalleries: { numericId: number; videoStatus: string }[] } };
    expect(data.videoGalleries.map((entry) => entry.numericId)).not.toContain(created.id);
    expect(data.videoGalleries.every((entry) => entry.videoStatus === 'ready')).toBe(true);
  }, 300_000);

  it('without an encoder serves the upload as it is and says so; with one again, converts it', async () => {
    const file = await makeVideo(path.join(work, 'later.avi'), { seconds: 1 });
    const created = await upload('Later', file, 'video/x-msvideo');
    // The CMS stops as a crash would, and the entry is made to look as if its conversion never
    // finished (whether it did is up to the machine's speed); it comes back without ffmpeg.
    await cms.kill();
    await cms.query(`UPDATE video_galleries SET video_status = 'processing', converted_video_id = NULL WHERE id = ${created.id}`, {
      write: true,
    });
    await cms.bootOnly({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    const original = await asStaff(created.id);
    expect(original.video_status).toBe('original');
    expect(original.mediaUrl).toMatch(/\.(avi|mp4)$/);
    const visitor = await anonymous(created.id);
    expect(visitor.status).toBe(200);
    expect(await json(visitor)).toMatchObject({ mediaUrl: original.mediaUrl, video_status: 'original' });
    expect((await fetch(original.mediaUrl!)).status).toBe(200);

    await cms.stopOnly();
    await cms.bootOnly({ FFMPEG_PATH: undefined });
    const ready = await until(
      'after the encoder came back',
      () => asStaff(created.id),
      (answer) => answer.video_status === 'ready',
    );
    expect(ready.mediaUrl).toMatch(/\.mp4$/);
  }, 300_000);
});
