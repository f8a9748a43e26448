import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, login, mp4Bytes, partialUpload, pngBytes, send, settledVideo } from './helpers/api';
import { consoleEditor } from './helpers/console';
import { runScript, runScriptOk } from './helpers/scripts';

// Attacks on content and its files by people who may write some of it: a member of staff (or a
// stolen staff token), whoever hands the site a content folder or a backup. Each one changed or
// removed another entry's file, or put a file where the CMS serves it.
let cms: TestCms;
let work: string;
let manager: string;
let staff: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'attacks-content-'));
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
  manager = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  const account = { name: 'Ram Thapa', email: 'ram.thapa@example.org', role: 'staff', password: 'Seven mango trees' };
  const created = await fetch(`${cms.url}/api/staff-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(manager) },
    body: JSON.stringify(account),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  staff = (await login(cms.url, account.email, account.password)).body.token;
}, 240_000);

afterAll(async () => {
  await cms?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Creates an entry through the contract; answers its JSON. */
async function create(kind: string, fields: Record<string, string>, files: Parameters<typeof form>[1] = {}) {
  const response = await send(cms.url, 'POST', `/api/${kind}`, form(fields, files), manager);
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response);
}
const photoOf = async (colour = { r: 200, g: 120, b: 60 }) => ({ bytes: await pngBytes(64, 48, colour), name: 'p.png', type: 'image/png' });
const statusOf = async (url: string) => (await fetch(url.startsWith('http') ? url : `${cms.url}${url}`)).status;
const documentIdOf = async (table: string, id: number) =>
  (await cms.query<{ document_id: string }>(`SELECT document_id FROM ${table} WHERE id = ${Number(id)}`))[0].document_id;
/** The stored file behind a contract URL (`http://.../uploads/x.png`). */
const fileRow = async (url: string) =>
  (await cms.query<{ id: number; url: string }>(`SELECT id, url FROM files WHERE url = '${new URL(url).pathname.replace(/'/g, "''")}'`))[0];
const stored = async () => ({
  blogs: await cms.countRows('blogs'),
  teams: await cms.countRows('team_members'),
  images: await cms.countRows('image_galleries'),
  videos: await cms.countRows('video_galleries'),
  files: await cms.countRows('files'),
  links: await cms.countRows('files_related_mph'),
  uploads: await cms.uploadedFiles(),
});

describe("Strapi's own write routes are closed to Staff and Managers: they write through the contract only", () => {
  // The attack: POST /api/blogs with `media: <id of a team member's photo>`, then DELETE /api/blog/{id}
  // through the contract, which removed the post's file: the team member's photo went from disk.
  let member: { id: number; photoUrl: string };
  let photoId: number;
  let entries: Record<string, string>;

  beforeAll(async () => {
    member = await create(
      'team-member',
      { name: 'Sita Sharma', role: 'Chairperson', bio: 'Chairs the committee.' },
      { photo: await photoOf() },
    );
    photoId = (await fileRow(member.photoUrl)).id;
    const post = await create('blog', { title: 'A post', content: 'Text.', author: 'staff@example.org' });
    const image = await create('image-gallery', { title: 'Garden', description: 'Beans.' }, { image: await photoOf() });
    const video = await create(
      'video-gallery',
      { title: 'Clip', description: 'Singing.' },
      { video: { bytes: mp4Bytes(), name: 'c.mp4', type: 'video/mp4' } },
    );
    // Its poster frame is made in the background: the tests compare what is stored before and after.
    await settledVideo(cms.url, video.id, manager, (entry) => entry.posterUrl !== null);
    entries = {
      'team-members': await documentIdOf('team_members', member.id),
      blogs: await documentIdOf('blogs', post.id),
      'image-galleries': await documentIdOf('image_galleries', image.id),
      'video-galleries': await documentIdOf('video_galleries', video.id),
    };
  });

  const KINDS = [
    { plural: 'blogs', type: 'Blog', field: 'media', data: { title: 'Mine', content: 'x', author: 'a@example.org' } },
    { plural: 'team-members', type: 'TeamMember', field: 'photo', data: { name: 'Mine', role: 'x', bio: 'x' } },
    { plural: 'image-galleries', type: 'ImageGallery', field: 'image', data: { title: 'Mine', description: 'x' } },
    { plural: 'video-galleries', type: 'VideoGallery', field: 'video', data: { title: 'Mine', description: 'x' } },
  ];

  it('refuses REST creates, updates and deletes of every content type, and /api/upload, with 403; nothing stored or removed', async () => {
    const before = await stored();
    for (const [role, token] of [
      ['staff', staff],
      ['manager', manager],
    ]) {
      for (const { plural, field, data } of KINDS) {
        const writes: [string, string, unknown][] = [
          ['POST', `/api/${plural}`, { data: { ...data, [field]: photoId } }],
          ['PUT', `/api/${plural}/${entries[plural]}`, { data: { [field]: photoId } }],
          ['DELETE', `/api/${plural}/${entries[plural]}`, undefined],
        ];
        for (const [method, route, body] of writes) {
          const response = await fetch(`${cms.url}${route}`, {
            method,
            headers: { 'content-type': 'application/json', ...bearer(token) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          expect(response.status, `${role} ${method} ${route}: ${await response.text()}`).toBe(403);
        }
      }
      const upload = await send(cms.url, 'POST', '/api/upload', form({}, { files: await photoOf() }), token);
      expect(upload.status, `${role} POST /api/upload`).toBe(403);
      // Refused before the body is read: 50 MB declared, 256 KB sent, the answer comes anyway.
      const unread = await partialUpload(cms.url, '/api/upload', { declaredBytes: 50 << 20, sentBytes: 256 << 10, headers: bearer(token) });
      expect(unread.status, `${role} POST /api/upload before its body arrived`).toBe(403);
    }
    expect(await stored()).toEqual(before);
    expect(await cms.tempFiles()).toEqual([]);
    expect(await statusOf(member.photoUrl)).toBe(200);
  });

  it('refuses GraphQL create, update and delete mutations of every content type; nothing stored or removed', async () => {
    const before = await stored();
    const graphql = async (token: string, query: string) => {
      const response = await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, body: await json(response) };
    };
    const fields = (data: Record<string, unknown>) =>
      Object.entries(data)
        .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
        .join(', ');
    for (const token of [staff, manager]) {
      for (const { plural, type, field, data } of KINDS) {
        const documentId = JSON.stringify(entries[plural]);
        for (const mutation of [
          `mutation { create${type}(data: { ${fields(data)}, ${field}: "${photoId}" }) { documentId } }`,
          `mutation { update${type}(documentId: ${documentId}, data: { ${field}: "${photoId}" }) { documentId } }`,
          `mutation { delete${type}(documentId: ${documentId}) { documentId } }`,
        ]) {
          const { body } = await graphql(token, mutation);
          expect(body.errors?.[0]?.message, `${mutation}: ${JSON.stringify(body)}`).toBe('Forbidden access');
          expect(Object.values(body.data ?? {}).filter(Boolean), mutation).toEqual([]);
        }
      }
    }
    expect(await stored()).toEqual(before);
    expect(await statusOf(member.photoUrl)).toBe(200);
  });
});

describe('a file two entries use (linked in the Strapi console, which lets an editor pick any file)', () => {
  it('deleting one entry through the contract keeps the file for the other; the last one takes it along', async () => {
    const member = await create('team-member', { name: 'Asha Rai', role: 'Teacher', bio: 'Teaches.' }, { photo: await photoOf() });
    const photo = await fileRow(member.photoUrl);
    const editor = await consoleEditor(cms);
    const linked = await editor.call('POST', 'api::blog.blog', '?locale=en', {
      title: 'With the teacher',
      content: 'x',
      author: 'a@example.org',
      media: photo.id,
    });
    expect(linked.status, await linked.clone().text()).toBe(201);
    const postId = (await json(linked)).data.id as number;
    expect((await json(await fetch(`${cms.url}/api/blog/${postId}`))).mediaUrl).toBe(member.photoUrl);

    expect((await send(cms.url, 'DELETE', `/api/blog/${postId}`, undefined, manager)).status).toBe(204);
    expect(await statusOf(member.photoUrl)).toBe(200);
    expect(await cms.countRows('files')).toBeGreaterThan(0);
    expect((await fileRow(member.photoUrl))?.id).toBe(photo.id);
    expect((await json(await fetch(`${cms.url}/api/team-member/${member.id}`))).photoUrl).toBe(member.photoUrl);

    // Nothing else uses it now: it goes with the team member.
    expect((await send(cms.url, 'DELETE', `/api/team-member/${member.id}`, undefined, manager)).status).toBe(204);
    expect(await statusOf(member.photoUrl)).toBe(404);
    expect(await fileRow(member.photoUrl)).toBeUndefined();
  });

  it("replacing one entry's file through the contract keeps the old file for the other", async () => {
    const first = await create('blog', { title: 'First', content: 'x', author: 'a@example.org' }, { media: await photoOf() });
    const shared = await fileRow(first.mediaUrl);
    const editor = await consoleEditor(cms);
    const linked = await editor.call('POST', 'api::blog.blog', '?locale=en', {
      title: 'Second',
      content: 'x',
      author: 'a@example.org',
      media: shared.id,
    });
    expect(linked.status, await linked.clone().text()).toBe(201);
    const second = (await json(linked)).data.id as number;

    const replaced = await send(
      cms.url,
      'PUT',
      `/api/blog/${first.id}`,
      form({ title: 'First', content: 'x', author: 'a@example.org' }, { media: await photoOf({ r: 10, g: 20, b: 200 }) }),
      manager,
    );
    expect(replaced.status).toBe(200);
    const newUrl = (await json(replaced)).mediaUrl as string;
    expect(newUrl).not.toBe(first.mediaUrl);
    expect(await statusOf(first.mediaUrl)).toBe(200);
    expect((await json(await fetch(`${cms.url}/api/blog/${second}`))).mediaUrl).toBe(first.mediaUrl);

    for (const id of [second, first.id]) expect((await send(cms.url, 'DELETE', `/api/blog/${id}`, undefined, manager)).status).toBe(204);
    expect(await statusOf(first.mediaUrl)).toBe(404);
    expect(await statusOf(newUrl)).toBe(404);
  });
});

describe('npm run content:import of a hostile folder', () => {
  const importFolder = (dir: string) => runScript('content.mjs', ['import', dir], cms.env);
  const folder = async (name: string, files: Record<string, string | Buffer>) => {
    const dir = path.join(work, name);
    for (const [file, contents] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), contents);
    }
    return dir;
  };
  const post = (cover: string) => `---\ntitle: A post\nauthor: a@example.org\ncover: ${cover}\n---\nText.\n`;

  it('refuses symbolic links (a media folder, a media file, a post folder) as listed problems, and writes nothing', async () => {
    // Files elsewhere on the machine that a link would publish.
    const outside = await folder('outside', {
      'secret.png': await pngBytes(40, 40),
      'blog/leaked.md': post('secret.png'),
    });
    const linkedMedia = await folder('linked-media', { 'blog/post.md': post('secret.png') });
    await symlink(outside, path.join(linkedMedia, 'media'));
    const linkedFile = await folder('linked-file', { 'blog/post.md': post('real.png') });
    await mkdir(path.join(linkedFile, 'media'));
    await symlink(path.join(outside, 'secret.png'), path.join(linkedFile, 'media', 'real.png'));
    const linkedPosts = await folder('linked-posts', { 'media/x.png': await pngBytes(20, 20) });
    await symlink(path.join(outside, 'blog'), path.join(linkedPosts, 'blog'));

    const before = await stored();
    for (const [dir, problem] of [
      [linkedMedia, 'media/: This is a symbolic link'],
      [linkedFile, 'media/real.png: This is a symbolic link'],
      [linkedPosts, 'blog/: This is a symbolic link'],
    ]) {
      const result = await importFolder(dir);
      expect(result.status, result.output).toBe(1);
      expect(result.stderr).toContain(problem);
      expect(result.stderr).toMatch(/nothing was imported/);
    }
    expect(await stored()).toEqual(before);
  }, 120_000);

  it('reports a YAML alias bomb ("billion laughs") as a problem of its file, without a stack trace, and writes nothing', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const name of 'bcdefghi') {
      const previous = String.fromCharCode(name.charCodeAt(0) - 1);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const bomb = levels.join('\n');
    const dir = await folder('alias-bomb', {
      'team/bomb.yaml': `${bomb}\nname: x\nrole: x\nbio: x\n`,
      'blog/bomb.md': `---\n${bomb}\ntitle: x\nauthor: a@example.org\n---\nText.\n`,
    });
    const before = await stored();
    const result = await importFolder(dir);
    expect(result.status, result.output).toBe(1);
    expect(result.stderr).toContain('team/bomb.yaml: This is not valid YAML: Excessive alias count');
    expect(result.stderr).toContain('blog/bomb.md: This is not valid YAML: Excessive alias count');
    expect(result.output).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
    expect(result.stderr).toMatch(/nothing was imported/);
    expect(await stored()).toEqual(before);
  }, 120_000);

  it("never writes over another file's bytes: media named like a stored picture's thumbnail or sizes get names of their own", async () => {
    const gallery = (image: string) => `title: ${image}\ndescription: A picture.\nimage: ${image}\n`;
    const red = await pngBytes(600, 400, { r: 220, g: 30, b: 30 });
    const first = await folder('names-first', {
      'media/photo.png': red,
      'images/photo.yaml': gallery('photo.png'),
      // A picture stored under a size's name: the sizes of a later `x.png` would be written over it.
      'media/thumbnail_x.png': await pngBytes(100, 80, { r: 30, g: 220, b: 30 }),
      'images/thumbnail-x.yaml': gallery('thumbnail_x.png'),
    });
    const imported = await importFolder(first);
    expect(imported.status, imported.output).toBe(0);
    const names = await cms.uploadedFiles();
    // Strapi makes a thumbnail of each picture (no responsive sizes: pages get theirs from the web's /img).
    expect(names).toEqual(expect.arrayContaining(['photo.png', 'thumbnail_photo.png', 'thumbnail_x.png']));
    const bytesOf = async (name: string) => readFile(path.join(cms.uploadsDir, name));
    const kept = Object.fromEntries(
      await Promise.all(['photo.png', 'thumbnail_photo.png', 'thumbnail_x.png'].map(async (name) => [name, await bytesOf(name)])),
    );

    const blue = await pngBytes(600, 400, { r: 30, g: 30, b: 220 });
    const second = await folder('names-second', {
      'media/thumbnail_photo.png': blue,
      'images/blue-thumbnail.yaml': gallery('thumbnail_photo.png'),
      // The name of a size older sites made of photo.png (and may still hold): taken as well.
      'media/xsmall_photo.png': blue,
      'images/blue-xsmall.yaml': gallery('xsmall_photo.png'),
      'media/x.png': await pngBytes(600, 400, { r: 120, g: 120, b: 120 }),
      'images/x.yaml': gallery('x.png'),
    });
    const again = await importFolder(second);
    expect(again.status, again.output).toBe(0);
    for (const [name, bytes] of Object.entries(kept)) expect((await bytesOf(name)).equals(bytes), name).toBe(true);

    // Each new picture is served under a name of its own, with its own bytes.
    const images = (await json(await fetch(`${cms.url}/api/image-gallery?pageSize=100`))).results as { title: string; mediaUrl: string }[];
    for (const [title, file] of [
      ['thumbnail_photo.png', 'media/thumbnail_photo.png'],
      ['xsmall_photo.png', 'media/xsmall_photo.png'],
      ['x.png', 'media/x.png'],
    ]) {
      const url = images.find((image) => image.title === title)!.mediaUrl;
      expect(new URL(url).pathname, title).not.toBe(`/uploads/${title}`);
      const served = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(served.equals(await readFile(path.join(second, file))), title).toBe(true);
    }
    const photo = images.find((image) => image.title === 'photo.png')!.mediaUrl;
    expect(Buffer.from(await (await fetch(photo)).arrayBuffer()).equals(red)).toBe(true);
  }, 180_000);
});

describe('npm run restore of a backup whose manifest names files outside the uploads folder', () => {
  it('refuses the backup before changing anything: no page written beside the uploads, database and uploads as they were', async () => {
    await create('blog', { title: 'Kept', content: 'x', author: 'a@example.org' }, { media: await photoOf() });
    const made = path.join(work, 'backups', 'site');
    await runScriptOk('backup.mjs', [made], cms.env);
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked, { recursive: true });
    await tar.x({ file: `${made}.tar.gz`, cwd: unpacked });

    /** The backup, with an upload of this name added to its manifest (and its bytes where the name points). */
    const hostileBackup = async (name: string, index: number) => {
      const dir = path.join(work, `hostile-${index}`);
      await cp(unpacked, dir, { recursive: true });
      const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
      // Its bytes go where the name points inside the archive; a name that is no file there gets none
      // (nor one with backslashes, which tar itself refuses to unpack when they spell `..`).
      const target = path.join(dir, 'uploads', name);
      if (name && name !== '..' && !/[\0\\]/.test(name) && target.startsWith(`${dir}${path.sep}`)) {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, page);
      }
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
      manifest.uploads.push({ name, size: page.length, sha256: createHash('sha256').update(page).digest('hex') });
      await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      const file = path.join(work, `hostile-${index}.tar.gz`);
      await tar.c({ gzip: true, file, cwd: dir, portable: true }, await readdir(dir));
      return file;
    };

    await cms.stopOnly();
    const publicDir = path.dirname(cms.uploadsDir);
    const before = { stored: await stored(), public: (await readdir(publicDir)).sort() };
    const names = ['../x.html', '../../x.html', 'sub/x.html', 'a\\..\\x.html', '.htaccess', '..', 'x\0.html', ''];
    for (const [index, name] of names.entries()) {
      const result = await runScript('restore.mjs', [await hostileBackup(name, index)], cms.env);
      expect(result.status, `${JSON.stringify(name)}: ${result.output}`).toBe(1);
      expect(result.stderr).toContain(
        `[restore] failed, nothing was changed: The backup is damaged: the upload name ${JSON.stringify(name)} is not a plain file name.`,
      );
    }
    expect((await readdir(publicDir)).sort()).toEqual(before.public);
    await cms.bootOnly();
    expect(await stored()).toEqual(before.stored);
    expect(await statusOf('/x.html')).toBe(404);
  }, 300_000);
});
