import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, json } from './helpers/api';

// The texts of the home, objectives and organization pages (/api/page-texts/{page}): Managers
// change them in both languages, hero slides included (their photos stay); Staff get 403,
// callers without a token 401; bad input is a 400 naming the field and changes nothing; a save
// from an old copy is a 409; visitors read the same single types as before, without who edited them.
const PROXY_SECRET = 'page-texts-test-proxy-secret';
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
  cms = await startTestCms({ seed: true, env: { WEB_PROXY_SECRET: PROXY_SECRET } });
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
});

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
