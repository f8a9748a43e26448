import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, pngBytes, send } from './helpers/api';

let cms: TestCms;

beforeAll(async () => {
  // Sweep orphans of any age at boot, so what a crash leaves behind is visible right after restart.
  cms = await startTestCms({ env: { ORPHAN_SWEEP_MIN_AGE_MS: '0', LOGIN_MAX_FAILURES: '1000' } });
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

interface Ack {
  kind: 'blog' | 'image-gallery';
  id: number;
  title: string;
}

describe('kill -9 in the middle of uploads and writes', () => {
  it('keeps every acknowledged write, and leaves no half-written entry or orphan file', async () => {
    const token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    // Large enough that uploads are still streaming when the process dies.
    const photo = await pngBytes(900, 700, { r: 90, g: 140, b: 200 });
    const acks: Ack[] = [];
    let attempts = 0;
    let killed = false;
    const KILL_AFTER_ACKS = 12;

    const lane = async (lane: number) => {
      for (let i = 0; !killed && i < 200; i += 1) {
        const kind = (lane + i) % 2 === 0 ? 'blog' : 'image-gallery';
        const title = `crash-${lane}-${i}`;
        attempts += 1;
        const body =
          kind === 'blog'
            ? form({ title, content: `Written by lane ${lane}`, author: 'crash@example.org' })
            : form({ title, description: 'crash test' }, { image: { bytes: photo, name: `${title}.png`, type: 'image/png' } });
        try {
          const response = await send(cms.url, 'POST', `/api/${kind}`, body, token);
          if (response.status === 201) {
            acks.push({ kind, id: (await json(response)).id, title });
            if (acks.length >= KILL_AFTER_ACKS && !killed) {
              killed = true;
              await cms.kill();
            }
          }
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(lane));
    expect(killed).toBe(true);
    expect(attempts).toBeGreaterThan(acks.length); // some writes were in flight when it died

    await cms.restart();

    // Every acknowledged write is there, as written.
    for (const ack of acks) {
      const response = await fetch(`${cms.url}/api/${ack.kind}/${ack.id}`);
      expect(response.status, `${ack.kind} ${ack.id}`).toBe(200);
      const entry = await json(response);
      expect(entry.title).toBe(ack.title);
      if (ack.kind === 'image-gallery') expect((await fetch(entry.mediaUrl)).status).toBe(200);
    }

    // The database opens cleanly and holds no half-written entry: every image entry has its file.
    if (!cms.env.DATABASE_CLIENT || cms.env.DATABASE_CLIENT === 'sqlite') {
      expect(await cms.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
    const images = await cms.countRows('image_galleries');
    const linkedImages = await cms.query<{ n: number | string }>(
      "SELECT count(DISTINCT related_id) AS n FROM files_related_mph WHERE related_type = 'api::image-gallery.image-gallery'",
    );
    expect(Number(linkedImages[0].n)).toBe(images);
    const list = await json(await fetch(`${cms.url}/api/image-gallery`));
    for (const entry of list.results) expect(entry.mediaUrl, entry.title).not.toBeNull();

    // No orphans: every stored file row is linked to an entry, every file on disk is a known row's.
    const unlinked = await cms.query('SELECT f.id FROM files f LEFT JOIN files_related_mph r ON r.file_id = f.id WHERE r.id IS NULL');
    expect(unlinked).toEqual([]);
    const rows = await cms.query<{ url: string; formats: string | Record<string, { url: string }> | null }>(
      'SELECT url, formats FROM files',
    );
    const known = new Set(
      rows
        .flatMap((row) => {
          const formats = typeof row.formats === 'string' ? JSON.parse(row.formats) : (row.formats ?? {});
          return [row.url, ...Object.values(formats as Record<string, { url: string }>).map((format) => format.url)];
        })
        .map((url) => url.split('/').pop()),
    );
    for (const file of await cms.uploadedFiles()) expect(known.has(file), file).toBe(true);
    // Half-received request bodies of the writes that died are gone too.
    expect(await cms.tempFiles()).toEqual([]);
    // A crash and a restart of a whole Strapi: give it minutes on a busy 2-core machine.
  }, 300_000);
});

describe('the boot-time sweep', () => {
  it('removes exactly what an interrupted write leaves behind', async () => {
    const token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const add = async (title: string) =>
      json(
        await send(
          cms.url,
          'POST',
          '/api/image-gallery',
          form({ title, description: 'd' }, { image: { bytes: await pngBytes(), name: 'a.png', type: 'image/png' } }),
          token,
        ),
      );
    const kept = await add('kept');
    const orphaned = await add('orphaned');
    const filesBefore = await cms.countRows('files');
    await cms.stopOnly();

    // As if the process died between storing a file and linking it: the entry and its link are gone.
    await cms.query(
      `DELETE FROM files_related_mph WHERE related_type = 'api::image-gallery.image-gallery' AND related_id = ${orphaned.id}`,
      { write: true },
    );
    await cms.query(`DELETE FROM image_galleries WHERE id = ${orphaned.id}`, { write: true });
    // A file written to disk whose database row never committed, and a half-received request body.
    const { writeFile, mkdir } = await import('node:fs/promises');
    await writeFile(`${cms.uploadsDir}/stray_0123456789.png`, 'partial');
    await mkdir(`${cms.tmpDir}/cms-incoming`, { recursive: true });
    await writeFile(`${cms.tmpDir}/cms-incoming/abc123`, 'half a request body');

    await cms.bootOnly();
    expect(await cms.countRows('files')).toBe(filesBefore - 1);
    const uploads = await cms.uploadedFiles();
    expect(uploads).not.toContain('stray_0123456789.png');
    expect(uploads.some((name) => name.includes(new URL(orphaned.mediaUrl).pathname.split('/').pop()!))).toBe(false);
    expect(await cms.tempFiles()).toEqual([]);
    // What is linked stays.
    expect((await fetch(kept.mediaUrl)).status).toBe(200);
    expect((await json(await fetch(`${cms.url}/api/image-gallery/${kept.id}`))).mediaUrl).toBe(kept.mediaUrl);
  }, 300_000);
});
