import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, pngBytes, send } from './helpers/api';
import { runScript, runScriptOk } from './helpers/scripts';
import { KINDS, siteSnapshot } from './helpers/snapshot';
import { addStaffEntries, type StaffEntries } from './helpers/staff-entries';
import { startTestWeb } from './helpers/web-server';

// npm run backup / npm run restore, as an operator runs them after losing a server: the same
// site comes back, every numeric id (so every public URL) included. On SQLite, and on PostgreSQL
// when the suite runs there (TEST_DATABASE=postgres).
const postgres = process.env.TEST_DATABASE === 'postgres';
let source: TestCms;
let target: TestCms | undefined;
let created: StaffEntries;
let deletedPost = 0;

beforeAll(async () => {
  source = await startTestCms({ seed: true });
  const token = (await login(source.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  created = await addStaffEntries(source, token);
  deletedPost = created.deleted;
}, 300_000);

afterAll(async () => {
  await source?.stop();
  await target?.stop();
});

/** The contract's answers exactly as sent (lists and every entry, both languages), the CMS's address taken out. */
async function rawApi(cms: TestCms) {
  const answers: Record<string, string> = {};
  const get = async (route: string) => {
    answers[route] = (await (await fetch(`${cms.url}${route}`)).text()).replaceAll(cms.url, 'CMS');
  };
  for (const kind of KINDS) {
    for (const locale of ['en', 'ne']) {
      await get(`/api/${kind}?locale=${locale}&pageSize=100`);
      const { results } = JSON.parse(answers[`/api/${kind}?locale=${locale}&pageSize=100`]) as { results: { id: number }[] };
      for (const { id } of results) await get(`/api/${kind}/${id}?locale=${locale}`);
    }
  }
  return answers;
}

/** What is stored: every content row's id, documentId, language and dates; the uploads and their bytes. */
async function stored(cms: TestCms) {
  const rows: Record<string, unknown[]> = {};
  for (const table of ['blogs', 'team_members', 'image_galleries', 'video_galleries', 'homes', 'site_settings']) {
    const dates = table === 'team_members' ? ', joined_at' : '';
    rows[table] = await cms.query(`SELECT id, document_id, locale, created_at${dates} FROM ${table} ORDER BY id`);
  }
  const uploads: Record<string, string> = {};
  for (const name of await cms.uploadedFiles()) uploads[name] = (await readFile(path.join(cms.uploadsDir, name))).toString('base64');
  return { rows, uploads };
}

/** Each post's public page: its status and the title it shows, in English and Nepali. */
async function postPages(cms: TestCms, ids: number[]) {
  const web = await startTestWeb(cms);
  try {
    const pages: Record<string, string> = {};
    for (const id of [...ids, deletedPost]) {
      for (const prefix of ['', '/ne']) {
        const response = await fetch(`${web.url}${prefix}/blogs/details/${id}`);
        const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? '';
        pages[`${prefix}/blogs/details/${id}`] = `${response.status} ${title}`;
      }
    }
    return pages;
  } finally {
    await web.stop();
  }
}

/** Empties the CMS's database and uploads completely, as a new server would have them. */
async function wipe(cms: TestCms) {
  if (postgres) {
    await cms.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } else {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${cms.env.DATABASE_FILENAME}${suffix}`, { force: true });
  }
  await rm(cms.uploadsDir, { recursive: true, force: true });
  await mkdir(cms.uploadsDir, { recursive: true });
}

describe('npm run backup, an empty server, npm run restore, start', () => {
  it('gives back the same site: /api byte for byte with every id, documentIds, dates, public post pages and every upload', async () => {
    const ids = (JSON.parse((await rawApi(source))['/api/blog?locale=en&pageSize=100']) as { results: { id: number }[] }).results.map(
      (post) => post.id,
    );
    expect(ids).toContain(created.blog);
    expect(ids).not.toContain(deletedPost);
    const before = {
      api: await rawApi(source),
      pages: await siteSnapshot(source.url),
      stored: await stored(source),
      posts: await postPages(source, ids),
    };
    expect(before.posts[`/blogs/details/${created.blog}`]).toBe('200 Hello from the hills');
    expect(before.posts[`/ne/blogs/details/${created.blog}`]).toBe('200 पहाडबाट नमस्ते');
    expect(before.posts[`/blogs/details/${deletedPost}`]).toMatch(/^404 /);

    // A failed login is counted in the database, but it is no part of the site: the backup leaves the counters out.
    expect((await login(source.url, ADMIN_EMAIL, 'Not-the-password')).status).toBe(401);
    expect(await source.countRows('failure_counters')).toBeGreaterThan(0);

    // Made while the CMS runs (one read transaction), then the server is lost.
    const backup = path.join(source.dir, 'backups', 'site-before');
    const made = await runScriptOk('backup.mjs', [backup], source.env);
    expect(made.stdout).toMatch(/\[backup\] \d+ tables \(\d+ rows\) and \d+ uploads/);
    const entries = execFileSync('tar', ['-tzf', `${backup}.tar.gz`], { encoding: 'utf8' }).split('\n');
    expect(entries).toContain('tables/up_users.jsonl');
    expect(entries).not.toContain('tables/failure_counters.jsonl');
    await source.stopOnly();
    await wipe(source);

    const restored = await runScriptOk('restore.mjs', [`${backup}.tar.gz`], source.env);
    expect(restored.stdout).toContain('[restore] restored');
    await source.bootOnly();

    expect(await rawApi(source)).toEqual(before.api);
    expect(await siteSnapshot(source.url)).toEqual(before.pages);
    expect(await stored(source)).toEqual(before.stored);
    expect(await postPages(source, ids)).toEqual(before.posts);

    // Nothing was seeded on top, and ids continue where they stood: after the deleted post.
    const token = (await login(source.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const next = await json(
      await send(source.url, 'POST', '/api/blog', form({ title: 'After the restore', content: 'x', author: 'staff@example.org' }), token),
    );
    expect(next.id).toBe(deletedPost + 1);
    expect((await send(source.url, 'DELETE', `/api/blog/${next.id}`, undefined, token)).status).toBe(204);
  }, 600_000);
});

describe('npm run restore into a database that has content', () => {
  it('replaces it exactly (nothing left over, nothing doubled), from an encrypted backup, and refuses a wrong key or a running CMS', async () => {
    const before = { api: await rawApi(source), stored: await stored(source) };
    const key = 'a long backup passphrase for the test';
    const backup = path.join(source.dir, 'backups', 'site-encrypted');
    await runScriptOk('backup.mjs', [backup], { ...source.env, BACKUP_KEY: key });
    const file = `${backup}.tar.gz.enc`;
    expect((await readFile(file)).includes(Buffer.from('manifest.json'))).toBe(false);

    // Another site, with demo content and entries of its own (other ids, other files).
    target = await startTestCms({ seed: true });
    const token = (await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    for (let i = 0; i < 3; i += 1) {
      const response = await send(
        target.url,
        'POST',
        '/api/blog',
        form(
          { title: `Other ${i}`, content: 'x', author: 'other@example.org' },
          { media: { bytes: await pngBytes(20 + i, 20), name: 'o.png', type: 'image/png' } },
        ),
        token,
      );
      expect(response.status).toBe(201);
    }
    const targetBefore = await rawApi(target);
    expect((await login(target.url, ADMIN_EMAIL, 'Not-the-password')).status).toBe(401);
    const countersBefore = await target.countRows('failure_counters');
    expect(countersBefore).toBeGreaterThan(0);

    const whileRunning = await runScript('restore.mjs', [file], { ...target.env, BACKUP_KEY: key });
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.stderr).toContain('stop it first');
    await target.stopOnly();
    const wrongKey = await runScript('restore.mjs', [file], { ...target.env, BACKUP_KEY: 'not the key' });
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stderr).toContain('failed, nothing was changed: The backup could not be decrypted: wrong BACKUP_KEY');
    const noKey = await runScript('restore.mjs', [file], target.env);
    expect(noKey.stderr).toContain('This backup is encrypted: set BACKUP_KEY');
    await target.bootOnly();
    expect(await rawApi(target)).toEqual(targetBefore);
    await target.stopOnly();

    await runScriptOk('restore.mjs', [file], { ...target.env, BACKUP_KEY: key });
    // The failed-login counters are no part of the backup: the restore leaves this server's as they were.
    expect(await target.countRows('failure_counters')).toBe(countersBefore);
    // Row for row what the backup holds (counted before a boot adds anything of its own).
    for (const table of [
      'files',
      'up_users',
      'files_related_mph',
      'components_home_hero_slides',
      'i18n_locale',
      'strapi_core_store_settings',
    ]) {
      expect(await target.countRows(table), table).toBe(await source.countRows(table));
    }
    await target.bootOnly();
    expect(await rawApi(target)).toEqual(before.api);
    expect(await stored(target)).toEqual(before.stored);
    expect((await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  }, 600_000);

  it('refuses a file that is not a backup, and backup --keep N keeps the newest N', async () => {
    const bogus = path.join(source.dir, 'not-a-backup.tar.gz');
    await writeFile(bogus, 'hello');
    const refused = await runScript('restore.mjs', [bogus], { ...source.env, CMS_PORT: '9' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('[restore] failed, nothing was changed: This is not a backup of this site');

    const folder = path.join(source.dir, 'nightly');
    for (let night = 0; night < 3; night += 1)
      await runScriptOk('backup.mjs', [path.join(folder, `site-night-${night}`), '--keep', '2'], source.env);
    expect((await readdir(folder)).sort()).toEqual(['site-night-1.tar.gz', 'site-night-2.tar.gz']);
  }, 300_000);
});
