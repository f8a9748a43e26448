import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import sharp from 'sharp';
import { bearer, form, json, pngBytes, send } from './helpers/api';

// The home's own details (/api/settings) and the ways to give (/api/donation-method): Managers
// change them in both languages; Staff get 403, callers without a token 401; bad input is a 400
// naming the field, and changes nothing.
const PROXY_SECRET = 'settings-test-proxy-secret';
let cms: TestCms;
let manager: string;
let staff: string;

let visitor = 0;
async function signIn(email: string, password: string) {
  visitor += 1;
  const response = await fetch(`${cms.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': `10.2.0.${visitor}`, 'x-web-proxy-secret': PROXY_SECRET },
    body: JSON.stringify({ email, password }),
  });
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const call = async (
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cms.url}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, etag: response.headers.get('etag') };
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

const storedEnglish = async () =>
  (
    await cms.query<{ phone: string; children_count: number | null; capacity: number | null; social_url: string | null; name: string }>(
      `SELECT phone, children_count, capacity, social_url, name FROM site_settings WHERE locale = 'en'`,
    )
  )[0];

const englishBody = async () => {
  const { body } = await call('GET', '/api/settings', { token: manager });
  return { ...body.en } as Record<string, unknown>;
};

describe('managers edit the site settings', () => {
  it('reads both languages and who edited them last', async () => {
    const { status, body } = await call('GET', '/api/settings', { token: manager });
    expect(status).toBe(200);
    expect(body.en).toMatchObject({ name: "Himalayan Children's Home", phone: '+977-75-000000', childrenCount: 27, capacity: 30 });
    expect(body.ne).toMatchObject({ name: 'हिमालयन बालगृह' });
    expect(body.ne).not.toHaveProperty('phone');
  });

  it('changes the phone and the children count; the public read shows them; the editor is named', async () => {
    const values = { ...(await englishBody()), phone: '+977-75-520111', childrenCount: 28 };
    const { status, body } = await call('PUT', '/api/settings?locale=en', { token: manager, body: values });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.en).toMatchObject({ phone: '+977-75-520111', childrenCount: 28 });
    expect(body.updated_by).toMatchObject({ name: ADMIN_EMAIL });
    expect(await storedEnglish()).toMatchObject({ phone: '+977-75-520111', children_count: 28 });
    // Shared with the Nepali version, as the public pages in Nepali read it.
    const nepali = await call('GET', '/api/site-setting?locale=ne');
    expect(nepali.body.data).toMatchObject({ phone: '+977-75-520111', childrenCount: 28, name: 'हिमालयन बालगृह' });
  });

  it('changes the Nepali text only with ?locale=ne', async () => {
    const { body: before } = await call('GET', '/api/settings', { token: manager });
    const values = { ...before.ne, aboutText: 'नयाँ परिचय।' };
    const { status, body } = await call('PUT', '/api/settings?locale=ne', { token: manager, body: values });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.ne.aboutText).toBe('नयाँ परिचय।');
    expect(body.en.aboutText).toBe(before.en.aboutText);
  });
});

describe('no lost edits on /api/settings', () => {
  const ifMatch = (version: string) => ({ 'if-match': `"${version}"` });

  it('a save from an old copy is a 409 with who changed what; nothing is stored; saving over it on purpose works', async () => {
    const { body: opened } = await call('GET', '/api/settings', { token: manager });
    expect(opened.versions).toEqual({ en: expect.any(String), ne: expect.any(String) });
    // A colleague saves first, from the same copy.
    const first = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...opened.en, phone: '+977-75-520222' },
      headers: ifMatch(opened.versions.en),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.etag).toBe(`"${first.body.versions.en}"`);
    expect(first.body.versions.en).not.toBe(opened.versions.en);

    const stale = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...opened.en, childrenCount: 29 },
      headers: ifMatch(opened.versions.en),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: expect.stringContaining('Someone else changed this entry'),
      errors: { version: [expect.any(String)] },
      updated_by: { name: ADMIN_EMAIL },
      updated_at: expect.any(String),
      version: first.body.versions.en,
      current: { phone: '+977-75-520222', childrenCount: opened.en.childrenCount },
    });
    expect(await storedEnglish()).toMatchObject({ phone: '+977-75-520222', children_count: opened.en.childrenCount });

    const mine = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...opened.en, childrenCount: 29 },
      headers: ifMatch(stale.body.version),
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(await storedEnglish()).toMatchObject({ phone: opened.en.phone, children_count: 29 });
  });

  it('each language has its own version: a Nepali save does not refuse an English one, and the reverse', async () => {
    const { body: opened } = await call('GET', '/api/settings', { token: manager });
    const nepali = await call('PUT', '/api/settings?locale=ne', {
      token: manager,
      body: { ...opened.ne, tagline: 'सबैका लागि घर' },
      headers: ifMatch(opened.versions.ne),
    });
    expect(nepali.status, JSON.stringify(nepali.body)).toBe(200);
    const english = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...opened.en, tagline: 'A home for all' },
      headers: ifMatch(opened.versions.en),
    });
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    // The shared fields an English save copies to the Nepali row are not the Nepali form's: its version holds.
    expect(english.body.versions.ne).toBe(nepali.body.versions.ne);
    const staleNepali = await call('PUT', '/api/settings?locale=ne', {
      token: manager,
      body: { ...opened.ne, tagline: 'पुरानो' },
      headers: ifMatch(opened.versions.ne),
    });
    expect(staleNepali.status).toBe(409);
    expect(staleNepali.body.current.tagline).toBe('सबैका लागि घर');
  });

  it('a change made outside the admin (the console writes the same row) refuses a save from the copy before it', async () => {
    const { body: opened } = await call('GET', '/api/settings', { token: manager });
    await cms.query(`UPDATE site_settings SET phone = '+977-75-520333'`, { write: true });
    const stale = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...opened.en, email: 'office@example.org' },
      headers: ifMatch(opened.versions.en),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.phone).toBe('+977-75-520333');
    expect(await storedEnglish()).toMatchObject({ phone: '+977-75-520333' });
  });

  it('Staff get 403 before any version is looked at; a save without If-Match keeps last-write-wins', async () => {
    const { body: opened } = await call('GET', '/api/settings', { token: manager });
    const staffWrite = await call('PUT', '/api/settings?locale=en', {
      token: staff,
      body: opened.en,
      headers: ifMatch(opened.versions.en),
    });
    expect(staffWrite.status).toBe(403);
    const plain = await call('PUT', '/api/settings?locale=en', { token: manager, body: { ...opened.en, phone: '+977-75-520444' } });
    expect(plain.status).toBe(200);
    expect(await storedEnglish()).toMatchObject({ phone: '+977-75-520444' });
  });
});

describe('attacks on /api/settings', () => {
  it('Staff get 403 for reads and writes, and nothing changes', async () => {
    const before = await storedEnglish();
    expect((await call('GET', '/api/settings', { token: staff })).status).toBe(403);
    const write = await call('PUT', '/api/settings?locale=en', { token: staff, body: { ...(await englishBody()), phone: '+977-1-1' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ message: expect.any(String) });
    expect(await storedEnglish()).toEqual(before);
  });

  it('callers without a token get 401; Strapi own single-type write stays closed to Managers', async () => {
    expect((await call('GET', '/api/settings')).status).toBe(401);
    expect((await call('PUT', '/api/settings', { body: { phone: '1' } })).status).toBe(401);
    const own = await call('PUT', '/api/site-setting', { token: manager, body: { data: { phone: '+977-1-2' } } });
    expect(own.status).toBe(403);
  });

  it.each([
    ['a javascript: link', { socialUrl: 'javascript:alert(1)' }, 'socialUrl', 'Only https:// links are allowed.'],
    ['a plain http link', { mapEmbedUrl: 'http://example.org/map' }, 'mapEmbedUrl', 'Only https:// links are allowed.'],
    [
      'a word for a count',
      { childrenCount: 'many' },
      'childrenCount',
      'Children living at the home must be a whole number from 0 to 1000.',
    ],
    ['more children than places', { childrenCount: 40, capacity: 30 }, 'childrenCount', 'There cannot be more children than places.'],
    ['an empty phone', { phone: '  ' }, 'phone', 'Phone is required'],
    ['a phone with letters', { phone: 'call me' }, 'phone', 'Phone may contain only digits, spaces, +, -, ( and ).'],
    ['a bad e-mail', { email: 'not-an-address' }, 'email', 'Invalid email address'],
    ['an object for text', { name: { $ne: '' } }, 'name', 'Name is required'],
    ['a field of another kind', { editedByName: 'Someone else' }, 'editedByName', 'This field cannot be changed here.'],
  ])('%s is a 400 naming the field, and nothing changes', async (_, change, field, message) => {
    const before = await storedEnglish();
    const { status, body } = await call('PUT', '/api/settings?locale=en', {
      token: manager,
      body: { ...(await englishBody()), ...change },
    });
    expect(status).toBe(400);
    expect(body.errors[field]).toEqual([message]);
    expect(await storedEnglish()).toEqual(before);
  });

  it('a Nepali write cannot change shared fields; an unknown locale, an array or broken JSON is a 400', async () => {
    const ne = await call('PUT', '/api/settings?locale=ne', { token: manager, body: { phone: '+977-1-3' } });
    expect(ne.status).toBe(400);
    expect(ne.body.errors.phone).toEqual(['This field cannot be changed here.']);
    expect((await call('PUT', '/api/settings?locale=fr', { token: manager, body: {} })).status).toBe(400);
    expect((await call('PUT', '/api/settings', { token: manager, body: [] })).status).toBe(400);
    expect((await call('PUT', '/api/settings', { token: manager, raw: '{"phone":' })).status).toBe(400);
  });
});

describe('ways to give (/api/donation-method)', () => {
  const count = async () => Number((await cms.query<{ n: number | string }>(`SELECT count(*) AS n FROM donation_methods`))[0].n);
  const fields = { name: 'Scan to give', instructions: 'Scan the code with your bank app.', sort_order: '3' };

  it('a Manager adds one with a QR code; the QR code is stored without its metadata; anyone reads it', async () => {
    // A photo with an author and a GPS-like comment in its EXIF: none of it may reach visitors.
    const qr = await sharp(await pngBytes(300, 300, { r: 0, g: 0, b: 0 }))
      .jpeg()
      .withExif({ IFD0: { Artist: 'SECRET-AUTHOR-MARKER', ImageDescription: 'SECRET-PLACE-MARKER' } })
      .toBuffer();
    expect(qr.includes(Buffer.from('SECRET-AUTHOR-MARKER'))).toBe(true);
    const response = await send(
      cms.url,
      'POST',
      '/api/donation-method',
      form(
        { ...fields, qr_alt: 'QR code for Fonepay', swift: 'DEMONPKA' },
        { qr_image: { bytes: qr, name: 'qr.jpg', type: 'image/jpeg' } },
      ),
      manager,
    );
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ name: 'Scan to give', sort_order: 3, qr_alt: 'QR code for Fonepay', swift: 'DEMONPKA' });
    expect(body.updated_by).toMatchObject({ name: ADMIN_EMAIL });
    const stored = Buffer.from(await (await fetch(body.qrImageUrl)).arrayBuffer());
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.includes(Buffer.from('SECRET-AUTHOR-MARKER'))).toBe(false);
    expect(stored.includes(Buffer.from('SECRET-PLACE-MARKER'))).toBe(false);
    const list = await call('GET', '/api/donation-method');
    expect(list.body.results.map((way: { name: string }) => way.name)).toContain('Scan to give');
  });

  it('Staff get 403 for creates, updates and deletes, and nothing changes', async () => {
    const before = await count();
    expect((await send(cms.url, 'POST', '/api/donation-method', form(fields), staff)).status).toBe(403);
    const [{ id }] = await cms.query<{ id: number }>(`SELECT id FROM donation_methods WHERE locale = 'en' LIMIT 1`);
    expect((await send(cms.url, 'PUT', `/api/donation-method/${id}`, form({ name: 'Mine now' }), staff)).status).toBe(403);
    expect((await send(cms.url, 'DELETE', `/api/donation-method/${id}`, undefined, staff)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it.each([
    ['a javascript: link', { link_url: 'javascript:alert(document.cookie)' }, 'link_url', 'Only https:// links are allowed.'],
    ['a data: link', { link_url: 'data:text/html,<script>alert(1)</script>' }, 'link_url', 'Only https:// links are allowed.'],
    ['an http link', { link_url: 'http://pay.example.org' }, 'link_url', 'Only https:// links are allowed.'],
    ['a word for the order', { sort_order: 'first' }, 'sort_order', 'Order must be a whole number from 0 to 999.'],
    ['no instructions', { instructions: ' ' }, 'instructions', 'Instructions are required'],
  ])('%s is a 400 naming the field, and nothing is stored', async (_, change, field, message) => {
    const before = await count();
    const response = await send(cms.url, 'POST', '/api/donation-method', form({ ...fields, ...change }), manager);
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body.errors[field]).toEqual([message]);
    expect(await count()).toBe(before);
  });

  it('a QR code that is not a picture is a 400 with the image message', async () => {
    const before = await count();
    const response = await send(
      cms.url,
      'POST',
      '/api/donation-method',
      form(fields, { qr_image: { bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'qr.png', type: 'image/png' } }),
      manager,
    );
    expect(response.status).toBe(400);
    expect((await json(response)).errors.qr_image).toEqual(['Invalid file type. Only jpg, jpeg, png, gif allowed.']);
    expect(await count()).toBe(before);
  });
});
