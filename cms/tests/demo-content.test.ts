import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, login, pngBytes, send } from './helpers/api';
import { runScriptOk } from './helpers/scripts';
import { startTestWeb, type TestWeb } from './helpers/web-server';

// Demo content arrives once, into a brand-new database, and leaves when staff ask (dashboard or
// `npm run seed -- --remove-demo`), taking only what staff did not make or edit.
const DEMO_ENTRIES = 29; // 7 team members, 10 gallery images, 3 videos, 7 posts, 2 ways to give
const KINDS = ['team-member', 'image-gallery', 'video-gallery', 'blog', 'donation-method'];

const list = async (cms: TestCms, kind: string, locale = 'en') =>
  (await json(await fetch(`${cms.url}/api/${kind}?locale=${locale}`))) as { count: number; results: Record<string, any>[] };
const tokenFor = async (cms: TestCms) => (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token as string;
const demoCount = async (cms: TestCms, token: string) =>
  (await json(await fetch(`${cms.url}/api/demo-content`, { headers: bearer(token) }))).count;
const fileName = (url: string | null) => (url ? path.basename(new URL(url).pathname) : null);

describe('removing the demo content', () => {
  let cms: TestCms;
  let token: string;

  beforeAll(async () => {
    cms = await startTestCms({ seed: true });
    token = await tokenFor(cms);
  }, 240_000);
  afterAll(() => cms?.stop());

  it('is for staff only, with the contract error shape', async () => {
    for (const method of ['GET', 'DELETE']) {
      const anonymous = await fetch(`${cms.url}/api/demo-content`, { method });
      expect(anonymous.status, method).toBe(401);
      expect(await json(anonymous)).toEqual({ message: 'You need to sign in to do this.' });
    }
    expect(await demoCount(cms, token)).toBe(DEMO_ENTRIES);
  });

  it('is removed by Managers only: a Staff account sees the count and gets 403 on the removal, which deletes nothing', async () => {
    const email = `staff-${Date.now().toString(36)}@example.org`;
    const password = 'Seven mango trees';
    const created = await fetch(`${cms.url}/api/staff-accounts`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sita Gurung', email, role: 'staff', password }),
    });
    expect(created.status).toBe(201);
    const staffToken = (await login(cms.url, email, password)).body.token as string;
    expect(await demoCount(cms, staffToken)).toBe(DEMO_ENTRIES);
    const refused = await fetch(`${cms.url}/api/demo-content`, { method: 'DELETE', headers: bearer(staffToken) });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toHaveProperty('message');
    expect(await demoCount(cms, token)).toBe(DEMO_ENTRIES);
    expect((await list(cms, 'blog')).count).toBeGreaterThan(0);
  });

  it('deletes exactly the untouched demo entries, in both languages and with their files; staff entries and edited demo entries stay', async () => {
    const mine = await json(
      await send(
        cms.url,
        'POST',
        '/api/blog',
        form(
          { title: 'Our own news', content: 'Written by staff.', author: 'staff@example.org' },
          { media: { bytes: await pngBytes(), name: 'n.png', type: 'image/png' } },
        ),
        token,
      ),
    );
    const posts = (await list(cms, 'blog')).results;
    const editedPost = posts.find((post) => post.id !== mine.id)!;
    expect(
      (
        await send(
          cms.url,
          'PUT',
          `/api/blog/${editedPost.id}`,
          form({ title: `${editedPost.title} (updated)`, content: editedPost.content, author: editedPost.author }),
          token,
        )
      ).status,
    ).toBe(200);
    const [translatedMember, rephotographedMember] = (await list(cms, 'team-member')).results;
    expect(
      (
        await send(
          cms.url,
          'PUT',
          `/api/team-member/${translatedMember.id}?locale=ne`,
          form({ role: 'नयाँ भूमिका', bio: 'नयाँ परिचय' }),
          token,
        )
      ).status,
    ).toBe(200);
    const newPhoto = form(
      { name: rephotographedMember.name, role: rephotographedMember.role, bio: rephotographedMember.bio },
      { photo: { bytes: await pngBytes(80, 80), name: 'p.png', type: 'image/png' } },
    );
    expect((await send(cms.url, 'PUT', `/api/team-member/${rephotographedMember.id}`, newPhoto, token)).status).toBe(200);
    expect(await demoCount(cms, token)).toBe(DEMO_ENTRIES - 3);

    const kept = new Set([
      `blog:${mine.id}`,
      `blog:${editedPost.id}`,
      `team-member:${translatedMember.id}`,
      `team-member:${rephotographedMember.id}`,
    ]);
    const doomedFiles: string[] = [];
    const keptFiles: string[] = [];
    for (const kind of KINDS) {
      for (const item of (await list(cms, kind)).results) {
        const files = [item.photoUrl, item.mediaUrl, item.posterUrl, item.qrImageUrl].map(fileName).filter(Boolean) as string[];
        (kept.has(`${kind}:${item.id}`) ? keptFiles : doomedFiles).push(...files);
      }
    }
    const home = (
      await json(
        await fetch(`${cms.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ home { heroSlides { image { url } } } }' }),
        }),
      )
    ).data.home;
    const pageFile = path.basename(home.heroSlides[0].image.url);
    expect(doomedFiles.length).toBeGreaterThan(20);

    const response = await fetch(`${cms.url}/api/demo-content`, { method: 'DELETE', headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ removed: DEMO_ENTRIES - 3 });

    for (const locale of ['en', 'ne']) {
      const left = Object.fromEntries(
        await Promise.all(KINDS.map(async (kind) => [kind, (await list(cms, kind, locale)).results.map((item) => item.id).sort()])),
      );
      expect(left, locale).toEqual({
        'team-member': [translatedMember.id, rephotographedMember.id].sort(),
        'image-gallery': [],
        'video-gallery': [],
        'donation-method': [],
        blog: [editedPost.id, mine.id].sort(),
      });
    }
    // No row of any language is left behind, and the files went with their entries.
    expect(await cms.countRows('blogs')).toBe(3); // the two posts in English, the edited one in Nepali
    expect(await cms.countRows('image_galleries')).toBe(0);
    const onDisk = await cms.uploadedFiles();
    for (const file of doomedFiles) expect(onDisk, file).not.toContain(file);
    for (const file of [...keptFiles, pageFile]) expect(onDisk, file).toContain(file);
    expect((await fetch(`${cms.url}/uploads/${doomedFiles[0]}`)).status).toBe(404);
    expect(await demoCount(cms, token)).toBe(0);

    // Restart: nothing comes back.
    await cms.restart();
    for (const kind of KINDS) expect((await list(cms, kind)).count, kind).toBe(kind === 'blog' || kind === 'team-member' ? 2 : 0);
    expect(await demoCount(cms, await tokenFor(cms))).toBe(0);
  }, 120_000);
});

describe('demo content comes once', () => {
  let cms: TestCms;
  let web: TestWeb | undefined;

  beforeAll(async () => {
    cms = await startTestCms({ seed: true });
  }, 240_000);
  afterAll(async () => {
    await web?.stop();
    await cms?.stop();
  });

  it('stays deleted when staff delete every post and team member, and the public pages show their empty states', async () => {
    const token = await tokenFor(cms);
    for (const kind of ['blog', 'team-member']) {
      for (const item of (await list(cms, kind)).results) {
        expect((await send(cms.url, 'DELETE', `/api/${kind}/${item.id}`, undefined, token)).status).toBe(204);
      }
    }
    await cms.restart();
    expect((await list(cms, 'blog')).count).toBe(0);
    expect((await list(cms, 'team-member')).count).toBe(0);
    expect((await list(cms, 'image-gallery')).count).toBe(10);

    // Without caches: the removal below runs from the command line, with no web to tell.
    web = await startTestWeb(cms, { WEB_CACHE: 'off' });
    const page = async (route: string) => {
      const response = await fetch(`${web!.url}${route}`);
      expect(response.status, route).toBe(200);
      return response.text();
    };
    expect(await page('/blogs')).toContain('No blog posts yet. Please check back soon.');
    expect(await page('/current-committee')).toContain('No committee members to show yet.');
    expect(await page('/ne/blogs')).toContain('अहिलेसम्म कुनै ब्लग पोस्ट छैन। कृपया केही समयपछि फेरि हेर्नुहोस्।');
    expect(await page('/ne/current-committee')).toContain('अहिले देखाउनका लागि कुनै समिति सदस्य छैनन्।');
  }, 180_000);

  it('leaves with npm run seed -- --remove-demo, also after a restart', async () => {
    await cms.stopOnly();
    const result = await runScriptOk('seed.mjs', ['--remove-demo'], cms.env);
    expect(result.stdout).toContain('[seed] removed 15 demo entries');
    await cms.bootOnly();
    for (const kind of KINDS) expect((await list(cms, kind)).count, kind).toBe(0);
    const gallery = await (await fetch(`${web!.url}/gallery`)).text();
    expect(gallery).toContain('No images yet.');
    expect((await runScriptOk('seed.mjs', ['--remove-demo'], cms.env)).stdout).toContain('[seed] no demo content left to remove');
  }, 180_000);
});

describe('in production', () => {
  let cms: TestCms;

  beforeAll(async () => {
    cms = await startTestCms({ seed: 'default', env: { NODE_ENV: 'production' } });
  }, 240_000);
  afterAll(() => cms?.stop());

  it('seeds no demo content unless SEED_DEMO_CONTENT=true asks for it', async () => {
    for (const kind of KINDS) expect((await list(cms, kind)).count, kind).toBe(0);
    // Nobody wrote to it yet: still a brand-new database, so an explicit request still seeds.
    await cms.stopOnly();
    await cms.bootOnly({ SEED_DEMO_CONTENT: 'true' });
    expect((await list(cms, 'blog')).count).toBe(7);
    expect(await demoCount(cms, await tokenFor(cms))).toBe(DEMO_ENTRIES);
  }, 180_000);

  it('knows the demo entries of a database seeded before the first-run marker existed, and seeds nothing into it', async () => {
    await cms.stopOnly();
    await cms.query(`DELETE FROM strapi_core_store_settings WHERE key LIKE 'core_demo-content_%'`, { write: true });
    await cms.bootOnly();
    expect((await list(cms, 'blog')).count).toBe(7);
    // Every entry whose texts in both languages are the demo folder's is recognised; an optional
    // text left empty counts as none on both sides.
    expect(await demoCount(cms, await tokenFor(cms))).toBe(DEMO_ENTRIES);
  }, 180_000);
});
