import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, type FilePart } from './helpers/api';
import { PRIVATE_VALUES, privateTags, writeMetadata } from './helpers/metadata';

// The texts of the home, objectives and organization pages (/api/page-texts/{page}): Managers
// change them in both languages, hero slides included (their photos stay); Staff get 403,
// callers without a token 401; bad input is a 400 naming the field and changes nothing; a save
// from an old copy is a 409; visitors read the same single types as before, without who edited them.
// Each slide's photo is replaced through the contract's checked upload path.
const PROXY_SECRET = 'page-texts-test-proxy-secret';
const IMAGE_MAX_BYTES = 1024 * 1024;
let cms: TestCms;
let manager: string;
let staff: string;

let visitor = 0;
async function signIn(email: string, password: string) {
  visitor += 1;
  const response = await fetch(`${cms.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': `10.3.0.${visitor}`, 'x-web-proxy-secret': PROXY_SECRET },
    body: JSON.stringify({ email, password }),
  });
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const call = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cms.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, etag: response.headers.get('etag') };
};

const graphql = async (query: string) => {
  const response = await fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data: Record<string, Record<string, unknown>> };
};

const publicHome = async (locale: string) =>
  (await graphql(`{ home(locale: "${locale}") { welcomeHeading heroSlides { heading text imageAlt image { url } } } }`)).data.home as {
    welcomeHeading: string;
    heroSlides: { heading: string; text: string; imageAlt: string | null; image: { url: string } | null }[];
  };

beforeAll(async () => {
  cms = await startTestCms({ seed: true, env: { WEB_PROXY_SECRET: PROXY_SECRET, IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES) } });
  work = await mkdtemp(path.join(tmpdir(), 'page-texts-photos-'));
  manager = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const email = `staff-${Date.now().toString(36)}@example.org`;
  const created = await call('POST', '/api/staff-accounts', {
    token: manager,
    body: { name: 'Asha Tamang', email, role: 'staff', password: 'Seven mango trees' },
  });
  expect(created.status).toBe(201);
  staff = await signIn(email, 'Seven mango trees');
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

let work = '';

/** A phone's photo: a real JPEG carrying GPS position, camera and owner in its metadata. */
async function phonePhoto(): Promise<FilePart> {
  const file = path.join(work, `phone-${Date.now()}.jpg`);
  await writeFile(
    file,
    await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer(),
  );
  writeMetadata(file);
  const bytes = await readFile(file);
  expect(bytes.toString('latin1')).toMatch(PRIVATE_VALUES);
  return { bytes, name: 'IMG_2041.jpg', type: 'image/jpeg' };
}

/** PUT /api/page-texts/home/slides/{n}, multipart, as the admin sends it. */
const putSlidePhoto = async (
  slide: number,
  fields: Record<string, string>,
  photo?: FilePart,
  options: { token?: string; version?: string } = {},
) => {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}) };
  if (options.version) headers['if-match'] = `"${options.version}"`;
  const response = await fetch(`${cms.url}/api/page-texts/home/slides/${slide}`, {
    method: 'PUT',
    headers,
    body: form(fields, photo ? { image: photo } : {}),
  });
  return { status: response.status, body: await json(response), etag: response.headers.get('etag') };
};

/** The names of the files in the uploads folder (originals and resized copies). */
const storedNames = async () => (await readdir(cms.uploadsDir)).sort();

describe('managers edit the page texts', () => {
  it('reads both languages of each page, with the hero slides and a version per language', async () => {
    const home = await call('GET', '/api/page-texts/home', { token: manager });
    expect(home.status).toBe(200);
    expect(home.body.en).toMatchObject({
      slide1Heading: expect.any(String),
      slide1Text: expect.any(String),
      welcomeHeading: expect.any(String),
    });
    expect(home.body.ne).toMatchObject({ slide1Heading: expect.any(String) });
    expect(home.body.versions).toEqual({ en: expect.any(String), ne: expect.any(String) });
    const organization = await call('GET', '/api/page-texts/organization', { token: manager });
    expect(organization.body.en).toMatchObject({ bannerTitle: expect.any(String), journey: expect.stringContaining('{children}') });
    expect((await call('GET', '/api/page-texts/objectives', { token: manager })).body.en.bannerTitle).toEqual(expect.any(String));
  });

  it('changes a hero heading and a page text in English and Nepali; the slides keep their photos; the editor is named', async () => {
    const before = await publicHome('en');
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    const english = await call('PUT', '/api/page-texts/home?locale=en', {
      token: manager,
      body: { ...opened.en, slide1Heading: 'A <em>home</em> for {children} children', welcomeHeading: 'Welcome, friends' },
      headers: { 'if-match': `"${opened.versions.en}"` },
    });
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    expect(english.body.updated_by).toMatchObject({ name: ADMIN_EMAIL });
    expect(english.etag).toBe(`"${english.body.versions.en}"`);
    const nepali = await call('PUT', '/api/page-texts/home?locale=ne', {
      token: manager,
      body: { ...opened.ne, slide1Heading: '{children} जना बालबालिकाको घर' },
      headers: { 'if-match': `"${opened.versions.ne}"` },
    });
    expect(nepali.status, JSON.stringify(nepali.body)).toBe(200);

    const after = await publicHome('en');
    expect(after.welcomeHeading).toBe('Welcome, friends');
    expect(after.heroSlides[0].heading).toBe('A <em>home</em> for {children} children');
    expect(after.heroSlides.map((slide) => slide.image?.url)).toEqual(before.heroSlides.map((slide) => slide.image?.url));
    expect(after.heroSlides.map((slide) => slide.imageAlt)).toEqual(before.heroSlides.map((slide) => slide.imageAlt));
    expect((await publicHome('ne')).heroSlides[0].heading).toBe('{children} जना बालबालिकाको घर');
    // The English save did not touch the Nepali texts.
    expect((await publicHome('ne')).welcomeHeading).toBe(opened.ne.welcomeHeading);
  });

  it('a save from an old copy is a 409 with who changed what, and nothing is stored', async () => {
    const { body: opened } = await call('GET', '/api/page-texts/objectives', { token: manager });
    const first = await call('PUT', '/api/page-texts/objectives?locale=en', {
      token: manager,
      body: { ...opened.en, intro: 'First intro' },
      headers: { 'if-match': `"${opened.versions.en}"` },
    });
    expect(first.status).toBe(200);
    const stale = await call('PUT', '/api/page-texts/objectives?locale=en', {
      token: manager,
      body: { ...opened.en, intro: 'Second intro' },
      headers: { 'if-match': `"${opened.versions.en}"` },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: expect.any(String),
      errors: { version: [expect.any(String)] },
      updated_by: { name: ADMIN_EMAIL },
      version: first.body.versions.en,
      current: { intro: 'First intro' },
    });
    expect((await call('GET', '/api/page-texts/objectives', { token: manager })).body.en.intro).toBe('First intro');
  });

  it('visitors read the pages as before, without who edited them', async () => {
    const { status, body } = await call('GET', '/api/organization-page');
    expect(status).toBe(200);
    expect(body.data.bannerTitle).toEqual(expect.any(String));
    for (const field of ['editedAt', 'editedById', 'editedByName']) expect(body.data).not.toHaveProperty(field);
  });
});

describe('attacks on /api/page-texts', () => {
  it('Staff get 403 for reads and writes, callers without a token 401, and nothing changes', async () => {
    const before = await publicHome('en');
    expect((await call('GET', '/api/page-texts/home', { token: staff })).status).toBe(403);
    const write = await call('PUT', '/api/page-texts/home?locale=en', { token: staff, body: { welcomeHeading: 'Hacked' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ message: expect.any(String) });
    expect((await call('GET', '/api/page-texts/home')).status).toBe(401);
    expect((await call('PUT', '/api/page-texts/home?locale=en', { body: { welcomeHeading: 'Hacked' } })).status).toBe(401);
    expect(await publicHome('en')).toEqual(before);
  });

  it.each([
    ['an empty required heading', { welcomeHeading: '  ' }, 'welcomeHeading', 'Welcome heading is required'],
    ['an empty slide heading', { slide1Heading: '' }, 'slide1Heading', 'Slide heading is required'],
    ['an object for text', { welcomeIntro: { $ne: '' } }, 'welcomeIntro', 'Welcome text must be text.'],
    ['a text too long', { welcomeIntro: 'x'.repeat(2001) }, 'welcomeIntro', 'Welcome text must be at most 2000 characters.'],
    ['a slide the page does not have', { slide9Heading: 'Nine' }, 'slide9Heading', 'This field cannot be changed here.'],
    ['a field of another kind', { editedByName: 'Someone else' }, 'editedByName', 'This field cannot be changed here.'],
  ])('%s is a 400 naming the field, and nothing changes', async (_, change, field, message) => {
    const before = await publicHome('en');
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    const { status, body } = await call('PUT', '/api/page-texts/home?locale=en', { token: manager, body: { ...opened.en, ...change } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: expect.any(String) });
    expect(body.errors[field]).toEqual([message]);
    expect(await publicHome('en')).toEqual(before);
  });

  it('an unknown page is a 404; an unknown locale or an array is a 400', async () => {
    expect((await call('GET', '/api/page-texts/contact', { token: manager })).status).toBe(404);
    expect((await call('PUT', '/api/page-texts/home?locale=fr', { token: manager, body: {} })).status).toBe(400);
    expect((await call('PUT', '/api/page-texts/home?locale=en', { token: manager, body: [] })).status).toBe(400);
  });
});

describe('managers replace a hero slide photo', () => {
  it('stores the new photo without its metadata, shows it in both languages and removes the old one', async () => {
    const before = await publicHome('en');
    const oldUrl = before.heroSlides[0].image?.url;
    expect(oldUrl).toEqual(expect.any(String));
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    expect(opened.slidePhotos[0]).toMatchObject({
      imageUrl: expect.stringContaining(oldUrl!),
      hasNepali: true,
      version: expect.any(String),
    });

    const saved = await putSlidePhoto(
      1,
      { imageAlt: 'Children planting beans in the garden', imageAltNe: 'बगैँचामा सिमी रोप्दै बालबालिका' },
      await phonePhoto(),
      { token: manager, version: opened.slidePhotos[0].version },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.etag).toBe(`"${saved.body.slidePhotos[0].version}"`);
    expect(saved.body.updated_by).toMatchObject({ name: ADMIN_EMAIL });

    const english = await publicHome('en');
    const nepali = await publicHome('ne');
    const newUrl = english.heroSlides[0].image?.url;
    expect(newUrl).toMatch(/^\/uploads\/hero.slide.1.*\.jpg$/);
    expect(newUrl).not.toBe(oldUrl);
    expect(english.heroSlides[0].imageAlt).toBe('Children planting beans in the garden');
    expect(nepali.heroSlides[0].image?.url).toBe(newUrl);
    expect(nepali.heroSlides[0].imageAlt).toBe('बगैँचामा सिमी रोप्दै बालबालिका');
    // The other slides and the texts are as they were.
    expect(english.heroSlides.slice(1)).toEqual(before.heroSlides.slice(1));
    expect(english.heroSlides[0].heading).toBe(before.heroSlides[0].heading);

    // Stored and served without place, person or device.
    const storedFile = path.join(cms.uploadsDir, path.basename(newUrl!));
    expect(privateTags(storedFile)).toEqual({});
    const served = await fetch(`${cms.url}${newUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString('latin1')).not.toMatch(PRIVATE_VALUES);
    // The old photo, used by nothing else now, is gone.
    expect((await fetch(`${cms.url}${oldUrl}`)).status).toBe(404);
    expect(await storedNames()).not.toContain(path.basename(oldUrl!));
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('changes only the descriptions when no photo is sent, and a save from an old copy is a 409 that stores nothing', async () => {
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    const url = (await publicHome('en')).heroSlides[1].image?.url;
    const saved = await putSlidePhoto(2, { imageAlt: 'A birthday in the courtyard', imageAltNe: 'आँगनमा जन्मदिन' }, undefined, {
      token: manager,
      version: opened.slidePhotos[1].version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await publicHome('en')).heroSlides[1]).toMatchObject({ imageAlt: 'A birthday in the courtyard', image: { url } });

    const files = await storedNames();
    const stale = await putSlidePhoto(2, { imageAlt: 'Older description' }, await phonePhoto(), {
      token: manager,
      version: opened.slidePhotos[1].version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ errors: { version: [expect.any(String)] }, current: { imageAlt: 'A birthday in the courtyard' } });
    expect(await storedNames()).toEqual(files);
    expect((await publicHome('en')).heroSlides[1].imageAlt).toBe('A birthday in the courtyard');
  });

  it('Staff get 403 and nothing is stored; without a token 401', async () => {
    const before = await publicHome('en');
    const files = await storedNames();
    const refused = await putSlidePhoto(1, { imageAlt: 'Hacked' }, await phonePhoto(), { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: expect.any(String) });
    expect((await putSlidePhoto(1, { imageAlt: 'Hacked' }, await phonePhoto())).status).toBe(401);
    expect(await publicHome('en')).toEqual(before);
    expect(await storedNames()).toEqual(files);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it.each([
    [
      'a text file named .jpg',
      () => Promise.resolve({ bytes: Buffer.from('not a picture at all'), name: 'photo.jpg', type: 'image/jpeg' }),
      400,
      'image',
      'Invalid file type. Only jpg, jpeg, png, gif allowed.',
    ],
    [
      'a photo past the size limit',
      async () => ({
        bytes: Buffer.concat([await phonePhoto().then((p) => p.bytes), Buffer.alloc(IMAGE_MAX_BYTES)]),
        name: 'big.jpg',
        type: 'image/jpeg',
      }),
      413,
      'image',
      'The file is too large. Images may be at most 1 MB.',
    ],
    ['no description', () => phonePhoto(), 400, 'imageAlt', 'Photo description is required'],
  ])('%s is refused with the contract message, and nothing changes', async (_, photo, status, field, message) => {
    const before = await publicHome('en');
    const files = await storedNames();
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    const refused = await putSlidePhoto(1, { imageAlt: field === 'imageAlt' ? ' ' : 'A new photo' }, await photo(), {
      token: manager,
      version: opened.slidePhotos[0].version,
    });
    expect(refused.status).toBe(status);
    expect(refused.body).toEqual({ message, errors: { [field]: [message] } });
    expect(await publicHome('en')).toEqual(before);
    expect(await storedNames()).toEqual(files);
    expect(await cms.tempFiles()).toEqual([]);
  });

  it('a slide the page does not have is a 404', async () => {
    expect((await putSlidePhoto(7, { imageAlt: 'x' }, undefined, { token: manager })).status).toBe(404);
  });
});

type ListItem = Record<string, string | number>;

const publicObjectives = async (locale: string) =>
  (await graphql(`{ objectivePage(locale: "${locale}") { coreObjectives { title description } additionalObjectives { text } } }`)).data
    .objectivePage as { coreObjectives: { title: string; description: string | null }[]; additionalObjectives: { text: string }[] };

const publicBenefits = async () =>
  (
    await graphql(`
      {
        home(locale: "en") {
          benefits {
            title
            alt
            image {
              url
            }
            items {
              text
            }
          }
        }
      }
    `)
  ).data.home.benefits as {
    title: string;
    alt: string | null;
    image: { url: string } | null;
    items: { text: string }[];
  }[];

const putList = (page: string, list: string, locale: string, items: unknown, options: { token?: string; version?: string } = {}) =>
  call('PUT', `/api/page-texts/${page}/lists/${list}?locale=${locale}`, {
    token: options.token,
    body: { items },
    headers: options.version ? { 'if-match': `"${options.version}"` } : {},
  });

describe('managers edit the cards and lists of the pages', () => {
  it('reads each list in both languages, each item with its id, and a version per list and language', async () => {
    const { status, body } = await call('GET', '/api/page-texts/objectives', { token: manager });
    expect(status).toBe(200);
    expect(body.lists.en.coreObjectives.length).toBeGreaterThan(0);
    expect(body.lists.en.coreObjectives[0]).toEqual({ id: expect.any(Number), title: expect.any(String), description: expect.any(String) });
    expect(body.lists.ne.additionalObjectives[0]).toEqual({ id: expect.any(Number), text: expect.any(String) });
    expect(body.listVersions.en).toEqual({
      coreObjectives: expect.any(String),
      additionalObjectives: expect.any(String),
      keyAreas: expect.any(String),
    });
    const home = await call('GET', '/api/page-texts/home', { token: manager });
    expect(home.body.lists.en.benefits[0]).toEqual({ id: expect.any(Number), title: expect.any(String), items: expect.any(String) });
  });

  it('adds a card in English and in Nepali, the public page shows them, then removes them; the editor is named', async () => {
    const { body: opened } = await call('GET', '/api/page-texts/objectives', { token: manager });
    const english: ListItem[] = opened.lists.en.coreObjectives;
    const card = { title: 'Music for every child', description: 'Each child learns an instrument.' };
    const added = await putList('objectives', 'coreObjectives', 'en', [...english.slice(0, 3), card], {
      token: manager,
      version: opened.listVersions.en.coreObjectives,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.updated_by).toMatchObject({ name: ADMIN_EMAIL });
    expect(added.etag).toBe(`"${added.body.listVersions.en.coreObjectives}"`);
    expect((await publicObjectives('en')).coreObjectives.at(-1)).toEqual(card);
    const nepaliCard = { title: 'सबै बालबालिकाका लागि सङ्गीत', description: '' };
    const nepali = await putList('objectives', 'coreObjectives', 'ne', [...opened.lists.ne.coreObjectives.slice(0, 3), nepaliCard], {
      token: manager,
      version: opened.listVersions.ne.coreObjectives,
    });
    expect(nepali.status, JSON.stringify(nepali.body)).toBe(200);
    expect((await publicObjectives('ne')).coreObjectives.at(-1)).toEqual({ title: nepaliCard.title, description: null });
    // The English list did not change with the Nepali save, nor the texts' version with either.
    expect(nepali.body.lists.en.coreObjectives.at(-1)).toMatchObject(card);
    expect(nepali.body.versions).toEqual(opened.versions);

    const removed = await putList('objectives', 'coreObjectives', 'en', english, {
      token: manager,
      version: added.body.listVersions.en.coreObjectives,
    });
    expect(removed.status).toBe(200);
    expect((await publicObjectives('en')).coreObjectives.map((item) => item.title)).toEqual(english.map((item) => item.title));
    // The kept items kept their ids: the console's rows were updated, not replaced.
    const ids = removed.body.lists.en.coreObjectives.map((item: ListItem) => item.id);
    expect(ids.slice(0, 3)).toEqual(english.slice(0, 3).map((item) => item.id));
    expect(added.body.lists.en.coreObjectives.map((item: ListItem) => item.id).slice(0, 3)).toEqual(ids.slice(0, 3));
  });

  it("a benefit card's points are one per line, and a kept card keeps its picture when the cards are reordered", async () => {
    const { body: opened } = await call('GET', '/api/page-texts/home', { token: manager });
    const cards: ListItem[] = opened.lists.en.benefits;
    expect(cards.length).toBeGreaterThan(1);
    const before = await publicBenefits();
    const reordered = [{ ...cards[1]!, items: 'Warm meals\n\n  School books  ' }, cards[0]!, ...cards.slice(2)];
    const saved = await putList('home', 'benefits', 'en', reordered, { token: manager, version: opened.listVersions.en.benefits });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await publicBenefits();
    expect(after[0]).toMatchObject({ title: before[1]!.title, image: before[1]!.image, alt: before[1]!.alt });
    expect(after[0]!.items).toEqual([{ text: 'Warm meals' }, { text: 'School books' }]);
    expect(after[1]).toEqual(before[0]);
  });

  it('a save from an old copy is a 409 with the stored list, and nothing is stored', async () => {
    const { body: opened } = await call('GET', '/api/page-texts/organization', { token: manager });
    const standards: ListItem[] = opened.lists.en.standards;
    const first = await putList('organization', 'standards', 'en', [...standards.slice(0, 4), { text: 'First standard' }], {
      token: manager,
      version: opened.listVersions.en.standards,
    });
    expect(first.status).toBe(200);
    const stale = await putList('organization', 'standards', 'en', [{ text: 'Only mine' }], {
      token: manager,
      version: opened.listVersions.en.standards,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: expect.any(String),
      errors: { version: [expect.any(String)] },
      updated_by: { name: ADMIN_EMAIL },
      version: first.body.listVersions.en.standards,
      current: { items: first.body.lists.en.standards },
    });
    const { body: now } = await call('GET', '/api/page-texts/organization', { token: manager });
    expect(now.lists.en.standards).toEqual(first.body.lists.en.standards);
  });

  it.each([
    [
      'too many items',
      'keyAreas',
      () => Array.from({ length: 4 }, (_, n) => ({ title: `Area ${n}` })),
      'items',
      'This list holds at most 3 items.',
    ],
    ['an empty title', 'keyAreas', () => [{ title: ' ', description: 'Text' }], 'items.0.title', 'Title is required'],
    ['an object for text', 'additionalObjectives', () => [{ text: { $ne: '' } }], 'items.0.text', 'Text must be text.'],
    [
      'a text too long',
      'additionalObjectives',
      () => [{ text: 'x'.repeat(1001) }],
      'items.0.text',
      'Text must be at most 1000 characters.',
    ],
    ['a field the item does not have', 'keyAreas', () => [{ title: 'A', image: 7 }], 'items.0.image', 'This field cannot be changed here.'],
    ['items that are not a list', 'keyAreas', () => 'Area', 'items', 'Send the items as a list.'],
  ])('%s is a 400 naming the field, and nothing changes', async (_, list, items, field, message) => {
    const before = await call('GET', '/api/page-texts/objectives', { token: manager });
    const { status, body } = await putList('objectives', list, 'en', items(), { token: manager });
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: expect.any(String) });
    expect(body.errors[field]).toEqual([message]);
    expect((await call('GET', '/api/page-texts/objectives', { token: manager })).body.lists).toEqual(before.body.lists);
  });

  it('a history card year must be a whole number', async () => {
    const { status, body } = await putList('organization', 'historyCards', 'en', [{ title: 'Founded', yearBs: 'soon', text: '' }], {
      token: manager,
    });
    expect(status).toBe(400);
    expect(body.errors['items.0.yearBs']).toEqual(['Year (B.S.) must be a whole number.']);
  });
});

describe('attacks on /api/page-texts/{page}/lists', () => {
  it('Staff get 403, callers without a token 401, and nothing changes', async () => {
    const before = await publicObjectives('en');
    const write = await putList('objectives', 'coreObjectives', 'en', [{ title: 'Hacked' }], { token: staff });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ message: expect.any(String) });
    const anonymous = await putList('objectives', 'coreObjectives', 'en', [{ title: 'Hacked' }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: expect.any(String) });
    expect(await publicObjectives('en')).toEqual(before);
  });

  it('a list the page does not have is a 404; an unknown locale is a 400', async () => {
    expect((await putList('objectives', 'heroSlides', 'en', [], { token: manager })).status).toBe(404);
    expect((await putList('objectives', 'editedByName', 'en', [], { token: manager })).status).toBe(404);
    expect((await putList('objectives', 'keyAreas', 'fr', [], { token: manager })).status).toBe(400);
  });
});
