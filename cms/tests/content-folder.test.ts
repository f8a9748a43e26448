import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, login, pngBytes, send } from './helpers/api';
import { runScript, runScriptOk } from './helpers/scripts';
import { mediaUrls, servedBytes, siteSnapshot } from './helpers/snapshot';
import { addStaffEntries, type StaffEntries } from './helpers/staff-entries';

// npm run content:export / content:import, run as a person runs them, against real CMSs.
let source: TestCms;
let target: TestCms;
let work: string;
let token: string;
let staff: StaffEntries;

const exportDir = () => path.join(work, 'export');

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'content-folder-test-'));
  [source, target] = await Promise.all([startTestCms({ seed: true }), startTestCms()]);
  token = (await login(source.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  staff = await addStaffEntries(source, token);
}, 300_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  if (work) await rm(work, { recursive: true, force: true });
});

const importInto = (cms: TestCms, dir: string, ...flags: string[]) => runScript('content.mjs', ['import', dir, ...flags], cms.env);

const CHILD_NAMES = ['Sita Gurung', 'सीता गुरुङ'];
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const CONSENT = {
  showsChildren: true,
  givenBy: 'guardian',
  givenOn: dayFromNow(-10),
  website: true,
  reviewOn: dayFromNow(355),
  note: 'Form in the office file',
};
/** Two demo gallery photos of the source: one with a consent on record, one marked as showing no children. */
let consented: string;
let noChildren: string;
const nameOfUrl = (url: string) => url.split('/').pop()!;
const consentOf = async (cms: TestCms, name: string, token: string) =>
  json(await fetch(`${cms.url}/api/consent/photos/${name}`, { headers: bearer(token) }));
const putJson = (cms: TestCms, route: string, body: unknown, token: string) =>
  fetch(`${cms.url}${route}`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('npm run content:export, then content:import into an empty database', () => {
  it('gives the same /api output in both languages (ids, texts, dates) and the same files byte for byte', async () => {
    // The staff-only records travel with the folder: a photo's consent and the children's names.
    const images = (await json(await fetch(`${source.url}/api/image-gallery?pageSize=2`))).results as { mediaUrl: string }[];
    [consented, noChildren] = images.map((image) => nameOfUrl(image.mediaUrl));
    expect((await putJson(source, `/api/consent/photos/${consented}`, CONSENT, token)).status).toBe(200);
    expect((await putJson(source, `/api/consent/photos/${noChildren}`, { showsChildren: false }, token)).status).toBe(200);
    expect((await putJson(source, '/api/child-names', { names: CHILD_NAMES }, token)).status).toBe(200);

    const before = await siteSnapshot(source.url, { edits: false });
    expect(before.api['blog?locale=en'].results.map((post) => post.id)).not.toContain(staff.plain + 1);
    await runScriptOk('content.mjs', ['export', exportDir()], source.env);
    expect(await readFile(path.join(exportDir(), 'safeguarding', 'child-names.txt'), 'utf8')).toBe(`${CHILD_NAMES.join('\n')}\n`);
    const consentFile = await readFile(path.join(exportDir(), 'safeguarding', 'consent.yaml'), 'utf8');
    expect(consentFile).toContain(
      `${consented}:\n  shows_children: true\n  given_by: guardian\n  given_on: ${CONSENT.givenOn}\n  website: true\n  social_media: false\n  review_on: ${CONSENT.reviewOn}\n  note: Form in the office file\n  recorded_by: ${ADMIN_EMAIL}\n`,
    );
    expect(consentFile).toContain(`${noChildren}:\n  shows_children: false\n`);

    // A readable folder: the staff post with its Nepali file beside it, media under their stored names.
    const posts = await readdir(path.join(exportDir(), 'blog'));
    expect(posts).toEqual(expect.arrayContaining(['hello-from-the-hills.md', 'hello-from-the-hills.ne.md', 'plain-notice.md']));
    expect(posts).not.toContain('plain-notice.ne.md');
    const post = await readFile(path.join(exportDir(), 'blog', 'hello-from-the-hills.md'), 'utf8');
    expect(post).toMatch(
      new RegExp(
        `^---\\nid: ${staff.blog}\\ntitle: Hello from the hills\\nauthor: staff@example.org\\ndate: \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\ncover:\\n  file: [\\w-]+\\.png\\n  alt: Hello from the hills\\n---\\n# Hi\\r\\n`,
      ),
    );
    expect(await readFile(path.join(exportDir(), 'blog', 'hello-from-the-hills.ne.md'), 'utf8')).toBe(
      '---\ntitle: पहाडबाट नमस्ते\n---\nपहिलो लेख।\n',
    );
    expect(await readFile(path.join(exportDir(), 'team', 'maya-gurung.yaml'), 'utf8')).toContain('joined: 2022-03-01\n');

    await target.stopOnly();
    const imported = await importInto(target, exportDir());
    expect(imported.status, imported.output).toBe(0);
    expect(imported.stdout).toMatch(/imported: \d+ created, 0 updated, 0 unchanged/);
    await target.bootOnly();

    const after = await siteSnapshot(target.url, { edits: false });
    expect(after).toEqual(before);
    const targetAdmin = (await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    expect(await consentOf(target, consented, targetAdmin)).toMatchObject({
      state: 'valid',
      record: { ...CONSENT, socialMedia: false, recordedBy: ADMIN_EMAIL },
    });
    expect(await consentOf(target, noChildren, targetAdmin)).toMatchObject({ state: 'no-children' });
    expect(await json(await fetch(`${target.url}/api/child-names`, { headers: bearer(targetAdmin) }))).toEqual({ names: CHILD_NAMES });
    // Who edited what stays with the source database: the imported entries name nobody.
    const imports = Object.values((await siteSnapshot(target.url)).api).flatMap((listing) => listing.results);
    expect(imports.length).toBeGreaterThan(0);
    for (const item of imports) expect(item.updated_by).toBeNull();
    const urls = mediaUrls(before);
    expect(urls.length).toBeGreaterThan(25);
    for (const url of urls) expect((await servedBytes(target.url, url)).equals(await servedBytes(source.url, url)), url).toBe(true);
    // New entries continue after the highest imported id.
    const targetToken = (await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const next = await json(
      await send(target.url, 'POST', '/api/blog', form({ title: 'Next', content: 'x', author: 'staff@example.org' }), targetToken),
    );
    expect(next.id).toBeGreaterThan(Math.max(...before.api['blog?locale=en'].results.map((item) => item.id as number)));
    expect((await send(target.url, 'DELETE', `/api/blog/${next.id}`, undefined, targetToken)).status).toBe(204);
  }, 300_000);

  it('changes nothing when the same folder is imported again', async () => {
    const rows = await target.query<{ id: number; updated_at: unknown }>('SELECT id, updated_at FROM blogs ORDER BY id');
    const consents = await target.query('SELECT id, updated_at FROM photo_consents ORDER BY id');
    expect(consents).toHaveLength(2);
    const files = await target.uploadedFiles();
    const again = await importInto(target, exportDir());
    expect(again.status, again.output).toBe(0);
    expect(again.stdout).toMatch(/imported: 0 created, 0 updated, \d+ unchanged/);
    expect(await target.query('SELECT id, updated_at FROM blogs ORDER BY id')).toEqual(rows);
    expect(await target.query('SELECT id, updated_at FROM photo_consents ORDER BY id')).toEqual(consents);
    expect(await target.uploadedFiles()).toEqual(files);
  }, 120_000);

  it('updates an entry whose file changed, keeping its id', async () => {
    const file = path.join(exportDir(), 'blog', 'hello-from-the-hills.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Hello from the hills', 'title: Hello again from the hills'));
    const teamFile = path.join(exportDir(), 'team', 'maya-gurung.yaml');
    await writeFile(teamFile, (await readFile(teamFile, 'utf8')).replace('role: भान्से', 'role: मुख्य भान्से'));

    const dryRun = await importInto(target, exportDir(), '--dry-run');
    expect(dryRun.status, dryRun.output).toBe(0);
    expect(dryRun.stdout).toContain(`update    blog/hello-from-the-hills.md (id ${staff.blog})`);
    expect(dryRun.stdout).toContain(`update    team/maya-gurung.yaml (id ${staff.team})`);
    expect(dryRun.stdout).toMatch(/dry run: 0 to create, 2 to update, \d+ unchanged; nothing was changed/);
    expect((await json(await fetch(`${target.url}/api/blog/${staff.blog}`))).title).toBe('Hello from the hills');

    const applied = await importInto(target, exportDir());
    expect(applied.stdout).toMatch(/imported: 0 created, 2 updated/);
    expect((await json(await fetch(`${target.url}/api/blog/${staff.blog}`))).title).toBe('Hello again from the hills');
    expect((await json(await fetch(`${target.url}/api/team-member/${staff.team}?locale=ne`))).role).toBe('मुख्य भान्से');
  }, 180_000);

  it('refuses a folder with any invalid file: every problem with file and field, nothing changed', async () => {
    const bad = path.join(work, 'bad');
    await cp(exportDir(), bad, { recursive: true });
    const edit = async (file: string, change: (text: string) => string) =>
      writeFile(path.join(bad, file), change(await readFile(path.join(bad, file), 'utf8')));
    await edit('blog/hello-from-the-hills.md', (text) =>
      text.replace(/^title: .*$/m, 'title: ""').replace(/^author: .*$/m, 'author: not-an-address'),
    );
    await edit('blog/plain-notice.md', (text) => text.replace(/^date: .*$/m, 'date: 2024-02-30'));
    await edit('team/maya-gurung.yaml', (text) => text.replace(/^role: .*$/m, 'rôle: Cook').replace(/^joined: .*$/m, 'joined: yesterday'));
    await writeFile(path.join(bad, 'media', 'fake.jpg'), 'this is text, not a picture');
    await edit('images/garden-in-spring.yaml', (text) => text.replace(/file: .*\.jpg/, 'file: fake.jpg'));
    await edit('videos/a-short-clip.yaml', (text) => text.replace(/file: .*\.mp4/, 'file: missing.mp4'));
    await writeFile(path.join(bad, 'blog', 'orphan.ne.md'), '---\ntitle: अनाथ\n---\nपाठ\n');
    await writeFile(path.join(bad, 'images', 'broken.yaml'), 'title: [unclosed\n');
    await edit('pages/home.yaml', (text) => text.replace(/^welcomeHeading: .*$/m, 'welcomeHeading: ""'));
    await edit(
      'safeguarding/consent.yaml',
      (text) => `${text.replace('given_by: guardian', 'given_by: uncle')}not-in-the-folder.jpg:\n  shows_children: false\n`,
    );
    await edit('safeguarding/child-names.txt', (text) => `${text}Sita\n`);

    const before = await siteSnapshot(target.url);
    const admin = (await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    const consentBefore = await consentOf(target, consented, admin);
    const files = await target.uploadedFiles();
    const rows = await target.countRows('files');
    const result = await importInto(target, bad);
    expect(result.status).toBe(1);
    const expected = [
      'blog/hello-from-the-hills.md: title: Title is required',
      'blog/hello-from-the-hills.md: author: Invalid email address',
      'blog/plain-notice.md: date: The date must be YYYY-MM-DD or a date and time',
      'team/maya-gurung.yaml: rôle: Unknown field "rôle".',
      'team/maya-gurung.yaml: role: Role is required',
      'team/maya-gurung.yaml: joined: Joined date must be a valid date (YYYY-MM-DD).',
      'images/garden-in-spring.yaml: image: Invalid file type. Only jpg, jpeg, png, gif allowed.',
      'videos/a-short-clip.yaml: video: There is no file media/missing.mp4.',
      'blog/orphan.ne.md: There is no English post blog/orphan.md beside this Nepali one.',
      'images/broken.yaml: This is not valid YAML',
      'pages/home.yaml: welcomeHeading: welcomeHeading is required',
      `safeguarding/consent.yaml: ${consented}.given_by: Say who gave the consent.`,
      'safeguarding/consent.yaml: not-in-the-folder.jpg: media/not-in-the-folder.jpg is not used by any entry or page of the folder',
      'safeguarding/child-names.txt: Write each full name, first name and family name',
    ];
    for (const line of expected) expect(result.stderr).toContain(line);
    expect(result.stderr).toMatch(/nothing was imported/);
    expect(await siteSnapshot(target.url)).toEqual(before);
    expect(await target.uploadedFiles()).toEqual(files);
    expect(await target.countRows('files')).toBe(rows);
    expect(await consentOf(target, consented, admin)).toEqual(consentBefore);
  }, 120_000);

  it('leaves the staff-only records out of a folder to share (--public-only)', async () => {
    const shared = path.join(work, 'shared');
    await cp(exportDir(), shared, { recursive: true });
    const result = await runScriptOk('content.mjs', ['export', shared, '--public-only'], source.env);
    expect(result.stdout).toContain('removed   safeguarding/consent.yaml');
    expect(result.stdout).toContain('removed   safeguarding/child-names.txt');
    expect(await readdir(path.join(shared, 'safeguarding'))).toEqual([]);
    expect(await readdir(path.join(shared, 'images'))).toEqual(await readdir(path.join(exportDir(), 'images')));
  }, 120_000);

  it('never undoes a withdrawal: a folder made before it leaves the photo withdrawn', async () => {
    const earlier = path.join(work, 'before-withdrawal');
    await runScriptOk('content.mjs', ['export', earlier], source.env);
    const admin = (await login(target.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    expect((await fetch(`${target.url}/api/consent/photos/${consented}/withdraw`, { method: 'POST', headers: bearer(admin) })).status).toBe(
      200,
    );
    // Whether the import also refuses the gallery item that shows it or not, the consent stays withdrawn.
    await importInto(target, earlier);
    expect(await consentOf(target, consented, admin)).toMatchObject({ state: 'withdrawn', record: { withdrawnBy: ADMIN_EMAIL } });
    expect((await fetch(`${target.url}/uploads/${consented}`)).status).toBe(404);
  }, 120_000);
});

describe('a folder written by hand (no ids)', () => {
  it('creates its entries once, then finds them by file name and updates them in place', async () => {
    const dir = path.join(work, 'by-hand');
    await mkdir(path.join(dir, 'blog'), { recursive: true });
    await mkdir(path.join(dir, 'team'), { recursive: true });
    await mkdir(path.join(dir, 'media'), { recursive: true });
    await writeFile(path.join(dir, 'media', 'new-roof.png'), await pngBytes(120, 80));
    await writeFile(
      path.join(dir, 'blog', 'new-roof.md'),
      '---\ntitle: A new roof\nauthor: manager@example.org\ndate: 2025-06-01\ncover: new-roof.png\n---\nThe roof is done.\n',
    );
    await writeFile(path.join(dir, 'blog', 'new-roof.ne.md'), '---\ntitle: नयाँ छाना\n---\nछाना बनिसक्यो।\n');
    await writeFile(
      path.join(dir, 'team', 'asha-rai.yaml'),
      'name: Asha Rai\nrole: Teacher\nbio: |\n  Teaches English.\n  Loves books.\njoined: 2024-01-10\nne:\n  role: शिक्षिका\n  bio: अङ्ग्रेजी पढाउनुहुन्छ।\n',
    );
    const blogsBefore = (await json(await fetch(`${target.url}/api/blog`))).count;

    const dryRun = await importInto(target, dir, '--dry-run');
    expect(dryRun.stdout).toContain('create    blog/new-roof.md');
    expect(dryRun.stdout).toContain('create    team/asha-rai.yaml');
    expect((await json(await fetch(`${target.url}/api/blog`))).count).toBe(blogsBefore);

    expect((await importInto(target, dir)).status).toBe(0);
    const posts = (await json(await fetch(`${target.url}/api/blog?locale=ne`))).results;
    const post = posts.find((item: { title: string }) => item.title === 'नयाँ छाना');
    expect(post).toMatchObject({
      created_at: '2025-06-01T00:00:00.000Z',
      content: 'छाना बनिसक्यो।',
      author: 'manager@example.org',
      locale: 'ne',
    });
    expect(post.mediaUrl).toMatch(/\/uploads\/new-roof\.png$/);
    expect((await servedBytes(target.url, post.mediaUrl)).equals(await readFile(path.join(dir, 'media', 'new-roof.png')))).toBe(true);
    const member = (await json(await fetch(`${target.url}/api/team-member`))).results.find(
      (item: { name: string }) => item.name === 'Asha Rai',
    );
    expect(member).toMatchObject({ bio: 'Teaches English.\nLoves books.', joined_at: '2024-01-10', photoUrl: null });

    expect((await importInto(target, dir)).stdout).toMatch(/imported: 0 created, 0 updated, 2 unchanged/);
    await writeFile(
      path.join(dir, 'blog', 'new-roof.md'),
      '---\ntitle: A new roof at last\nauthor: manager@example.org\ndate: 2025-06-01\ncover: new-roof.png\n---\nThe roof is done.\n',
    );
    const updated = await importInto(target, dir);
    expect(updated.stdout).toContain(`update    blog/new-roof.md (id ${post.id})`);
    expect((await json(await fetch(`${target.url}/api/blog/${post.id}`))).title).toBe('A new roof at last');
    expect((await json(await fetch(`${target.url}/api/blog`))).count).toBe(blogsBefore + 1);
  }, 180_000);
});
