import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, mp4Bytes, pngBytes, send } from './helpers/api';

/** An answer without who edited it last and when (a write in any language is an edit of the entry). */
const content = ({ updated_at: _at, updated_by: _by, ...rest }: Record<string, any>) => rest;

// Locales en (default) and ne. One seeded CMS; each test makes its own entries when it writes.
let cms: TestCms;
let token: string;
let receiver: Server;
const calls: { uid: string; action: string; locale?: string }[] = [];

beforeAll(async () => {
  // Stands in for the web app's revalidation endpoint: Nepali writes must be announced too.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  cms = await startTestCms({ seed: true, env: { WEB_REVALIDATE_URL: `http://127.0.0.1:${port}/revalidate`, LOGIN_MAX_FAILURES: '1000' } });
  const result = await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(result.status).toBe(200);
  token = result.body.token;
}, 240_000);

afterAll(async () => {
  await cms?.stop();
  receiver?.close();
});

const get = async (path: string) => {
  const response = await fetch(`${cms.url}${path}`);
  return { status: response.status, body: await json(response) };
};

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  json(
    await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );

const DEVANAGARI = /[\u0900-\u097F]/;

/** Rows of a table for one entry (every language version), straight from the database. */
const rowsOf = async (table: string, documentId: string) =>
  cms.query<{ id: number; locale: string | null }>(`SELECT id, locale FROM ${table} WHERE document_id = '${documentId}' ORDER BY id`);

const documentIdOf = async (table: string, id: number) =>
  (await cms.query<{ document_id: string }>(`SELECT document_id FROM ${table} WHERE id = ${Number(id)}`))[0]?.document_id as string;

const newBlog = async (title = 'Library day') => {
  const response = await send(
    cms.url,
    'POST',
    '/api/blog',
    form({ title, content: 'We opened the new shelves.', author: 'staff@example.org' }),
    token,
  );
  expect(response.status).toBe(201);
  return json(response);
};

describe('reading in a locale (REST contract)', () => {
  it('lists the same entries, order, count and ids in Nepali, each saying its language', async () => {
    for (const kind of ['blog', 'team-member', 'image-gallery', 'video-gallery']) {
      const english = await get(`/api/${kind}`);
      const nepali = await get(`/api/${kind}?locale=ne`);
      expect(english.status).toBe(200);
      expect(nepali.status).toBe(200);
      expect(nepali.body.count).toBe(english.body.count);
      expect(nepali.body.results.map((entry: { id: number }) => entry.id)).toEqual(
        english.body.results.map((entry: { id: number }) => entry.id),
      );
      for (const entry of english.body.results) expect(entry.locale).toBe('en');
      // The seed gave every demo entry a Nepali version.
      for (const entry of nepali.body.results) expect(entry.locale, kind).toBe('ne');
    }
    const [english] = (await get('/api/blog')).body.results;
    const [nepali] = (await get('/api/blog?locale=ne')).body.results;
    expect(nepali.title).toMatch(DEVANAGARI);
    expect(nepali.content).toMatch(DEVANAGARI);
    // Shared fields stay the English entry's.
    expect(nepali).toMatchObject({ id: english.id, author: english.author, mediaUrl: english.mediaUrl, created_at: english.created_at });

    const [member] = (await get('/api/team-member?locale=ne')).body.results;
    const englishMember = (await get(`/api/team-member/${member.id}`)).body;
    expect(member.name).toBe(englishMember.name);
    expect(member.role).toMatch(DEVANAGARI);
    expect(member.photoUrl).toBe(englishMember.photoUrl);
    expect(member.joined_at).toBe(englishMember.joined_at);
  });

  it('answers one entry in Nepali, or in English (locale en) when it has no Nepali version', async () => {
    const [first] = (await get('/api/blog')).body.results;
    const one = await get(`/api/blog/${first.id}?locale=ne`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, locale: 'ne' });
    expect(one.body.title).toMatch(DEVANAGARI);

    const post = await newBlog('Only in English');
    expect(post.locale).toBe('en');
    const fallback = await get(`/api/blog/${post.id}?locale=ne`);
    expect(fallback.status).toBe(200);
    expect(fallback.body).toEqual(post);
    const list = await get('/api/blog?locale=ne');
    expect(list.body.results.find((entry: { id: number }) => entry.id === post.id)).toEqual(post);
    expect(list.body.count).toBe((await get('/api/blog')).body.count);

    expect((await get(`/api/blog/999999?locale=ne`)).status).toBe(404);
    expect((await get(`/api/blog/${post.id}?locale=en`)).body).toEqual(post);
  });

  it('refuses a language the site does not have with 400', async () => {
    for (const path of ['/api/blog?locale=fr', '/api/team-member/1?locale=de', '/api/image-gallery?locale=*']) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message).toMatch(/locale/i);
      expect(response.body.errors.locale).toHaveLength(1);
    }
    const put = await send(cms.url, 'PUT', '/api/blog/1?locale=xx', form({ title: 'x', content: 'y' }), token);
    expect(put.status).toBe(400);
  });
});

describe('searching a list (?q)', () => {
  const ids = (body: { results: { id: number }[] }) => body.results.map((entry) => entry.id);

  it('finds entries by the English title or the Nepali version, ignoring case, in one count', async () => {
    const post = await newBlog('Zebra Crossing Lesson');
    const put = await send(
      cms.url,
      'PUT',
      `/api/blog/${post.id}?locale=ne`,
      form({ title: 'जेब्रा क्रसिङ पाठ', content: 'सडक पार गर्ने पाठ।' }),
      token,
    );
    expect(put.status).toBe(200);
    const other = await newBlog('Kite flying');

    for (const q of ['zebra crossing', 'ZEBRA', 'जेब्रा', '  crossing  ']) {
      const found = await get(`/api/blog?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(found.body.count, q).toBe(1);
      expect(ids(found.body), q).toEqual([post.id]);
      expect(found.body.results[0].locale).toBe('en');
    }
    // In Nepali the same entries, in their Nepali version.
    const nepali = await get(`/api/blog?locale=ne&q=${encodeURIComponent('zebra')}`);
    expect(nepali.body).toMatchObject({ count: 1, results: [{ id: post.id, locale: 'ne', title: 'जेब्रा क्रसिङ पाठ' }] });
    // `%` and `_` are letters, not wildcards; an empty search is no search.
    expect((await get(`/api/blog?q=${encodeURIComponent('%')}`)).body.count).toBe(0);
    expect((await get(`/api/blog?q=${encodeURIComponent('_')}`)).body.count).toBe(0);
    const all = await get('/api/blog');
    expect((await get('/api/blog?q=')).body.count).toBe(all.body.count);
    expect(ids((await get('/api/blog?q=kite')).body)).toContain(other.id);
    // Paging applies to the matches.
    const paged = await get('/api/blog?q=zebra&page=2&pageSize=1');
    expect(paged.body).toEqual({ count: 1, results: [] });
  });

  it("finds entries by the words of a post's text, a description or a bio, in English or Nepali", async () => {
    const response = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title: 'Sports day', content: 'The children ran a **quokka** relay round the yard.', author: 'staff@example.org' }),
      token,
    );
    const post = await json(response);
    const nepali = await send(
      cms.url,
      'PUT',
      `/api/blog/${post.id}?locale=ne`,
      form({ title: 'खेलकुद दिवस', content: 'बच्चाहरूले गैँडा दौड गरे।' }),
      token,
    );
    expect(nepali.status).toBe(200);
    for (const q of ['RELAY round', 'QUOKKA', 'गैँडा']) {
      const found = await get(`/api/blog?q=${encodeURIComponent(q)}`);
      expect(found.body, q).toMatchObject({ count: 1, results: [{ id: post.id }] });
    }

    const photo = { bytes: await pngBytes(), name: 'yard.png', type: 'image/png' };
    const image = await json(
      await send(
        cms.url,
        'POST',
        '/api/image-gallery',
        form({ title: 'The yard', description: 'A wombat-shaped cloud' }, { image: photo }),
        token,
      ),
    );
    expect(ids((await get('/api/image-gallery?q=wombat')).body)).toEqual([image.id]);

    const member = await json(
      await send(
        cms.url,
        'POST',
        '/api/team-member',
        form({ name: 'Bina Rai', role: 'Cook', bio: 'Bakes the best sel roti in Palpa, with a pangolin apron.' }, { photo }),
        token,
      ),
    );
    const memberNepali = await send(
      cms.url,
      'PUT',
      `/api/team-member/${member.id}?locale=ne`,
      form({ role: 'भान्से', bio: 'पाल्पाकी उत्कृष्ट सेल रोटी पकाउने, सालक एप्रन।' }),
      token,
    );
    expect(memberNepali.status).toBe(200);
    for (const q of ['pangolin', 'सालक'])
      expect(ids((await get(`/api/team-member?q=${encodeURIComponent(q)}`)).body), q).toEqual([member.id]);
  });

  it('searches a team member by name', async () => {
    const [member] = (await get('/api/team-member')).body.results;
    const found = await get(`/api/team-member?q=${encodeURIComponent(member.name.slice(1, 5).toUpperCase())}`);
    expect(ids(found.body)).toContain(member.id);
  });

  it('refuses a search that is too long or not one text with 400 {message, errors.q}', async () => {
    for (const query of [`q=${'a'.repeat(201)}`, 'q=a&q=b', 'q[$ne]=x']) {
      const response = await get(`/api/blog?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.errors), query).toEqual(['q']);
      expect(response.body.message, query).toMatch(/^q \(the search\) must be/);
    }
    expect((await get(`/api/blog?q=${'a'.repeat(200)}`)).status).toBe(200);
  });
});

describe('writing a Nepali version', () => {
  it('creates it with PUT ?locale=ne, updates it, and leaves the English version and files alone', async () => {
    const photo = { bytes: await pngBytes(), name: 'ram.png', type: 'image/png' };
    const created = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Ram Thapa', role: 'Cook', bio: 'Cooks five meals a day.' }, { photo }),
      token,
    );
    const english = await json(created);
    const documentId = await documentIdOf('team_members', english.id);
    const filesBefore = await cms.countRows('files');
    const uploadsBefore = await cms.uploadedFiles();
    calls.length = 0;

    // Name and a new photo in the request are ignored: they belong to the English entry.
    const other = { bytes: await pngBytes(32, 32, { r: 10, g: 10, b: 200 }), name: 'other.png', type: 'image/png' };
    const put = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}?locale=ne`,
      form({ name: 'राम', role: 'भान्से', bio: 'दिनको पाँच पटक खाना पकाउनुहुन्छ।' }, { photo: other }),
      token,
    );
    expect(put.status).toBe(200);
    const nepali = await json(put);
    expect(content(nepali)).toEqual(
      content({ ...english, local_name: null, role: 'भान्से', bio: 'दिनको पाँच पटक खाना पकाउनुहुन्छ।', locale: 'ne' }),
    );
    // Writing the Nepali version is an edit of the entry: it is its latest.
    expect(Date.parse(nepali.updated_at)).toBeGreaterThanOrEqual(Date.parse(english.updated_at));
    expect(content((await get(`/api/team-member/${english.id}`)).body)).toEqual(content(english));
    expect((await get(`/api/team-member/${english.id}?locale=ne`)).body).toEqual(nepali);
    expect(await cms.countRows('files')).toBe(filesBefore);
    expect(await cms.uploadedFiles()).toEqual(uploadsBefore);
    expect(await cms.tempFiles()).toEqual([]);
    const rows = await rowsOf('team_members', documentId);
    expect(rows.map((row) => row.locale)).toEqual(['en', 'ne']);
    expect(rows[0]!.id).toBe(english.id);

    const again = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}?locale=ne`,
      form({ role: 'मुख्य भान्से', bio: 'नयाँ परिचय।' }),
      token,
    );
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ id: english.id, role: 'मुख्य भान्से', bio: 'नयाँ परिचय।', locale: 'ne' });
    expect(await rowsOf('team_members', documentId)).toEqual(rows); // updated in place, no new row

    // Shared fields changed in English reach the Nepali version.
    const renamed = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}`,
      form({ name: 'Ram B. Thapa', role: 'Cook', bio: 'Cooks five meals a day.' }),
      token,
    );
    expect(renamed.status).toBe(200);
    expect((await get(`/api/team-member/${english.id}?locale=ne`)).body).toMatchObject({
      name: 'Ram B. Thapa',
      role: 'मुख्य भान्से',
      locale: 'ne',
    });

    // The web app is told about Nepali writes too.
    for (let i = 0; i < 100 && calls.filter((call) => call.locale === 'ne').length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.uid === 'api::team-member.team-member' && call.locale === 'ne')).toHaveLength(2);
  });

  it('requires the localised fields with the spec messages, and only those', async () => {
    const post = await newBlog('Needs a translation');
    const empty = await send(cms.url, 'PUT', `/api/blog/${post.id}?locale=ne`, form({ author: 'not an email' }), token);
    expect(empty.status).toBe(400);
    expect(await json(empty)).toEqual({
      message: 'Title is required',
      errors: { title: ['Title is required'], content: ['Content is required'] },
    });

    const image = await json(
      await send(
        cms.url,
        'POST',
        '/api/image-gallery',
        form(
          { title: 'Garden', description: 'Beans and maize.' },
          { image: { bytes: await pngBytes(), name: 'g.png', type: 'image/png' } },
        ),
        token,
      ),
    );
    const noDescription = await send(cms.url, 'PUT', `/api/image-gallery/${image.id}?locale=ne`, form({ title: 'बारी' }), token);
    expect(noDescription.status).toBe(400);
    expect(await json(noDescription)).toEqual({ message: 'Description is required', errors: { description: ['Description is required'] } });

    const video = await json(
      await send(
        cms.url,
        'POST',
        '/api/video-gallery',
        form({ title: 'Swing', description: 'Dashain swing.' }, { video: { bytes: mp4Bytes(), name: 'v.mp4', type: 'video/mp4' } }),
        token,
      ),
    );
    const noTitle = await send(cms.url, 'PUT', `/api/video-gallery/${video.id}?locale=ne`, form({ description: 'पिङ' }), token);
    expect(await json(noTitle)).toEqual({ message: 'Title is required', errors: { title: ['Title is required'] } });
    // Without a file: the English video is shared.
    const ok = await send(
      cms.url,
      'PUT',
      `/api/video-gallery/${video.id}?locale=ne`,
      form({ title: 'पिङ', description: 'दसैँको पिङ।' }),
      token,
    );
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ id: video.id, title: 'पिङ', mediaUrl: video.mediaUrl, locale: 'ne' });

    const team = await json(
      await send(
        cms.url,
        'POST',
        '/api/team-member',
        form(
          { name: 'Gita', role: 'Teacher', bio: 'Teaches.' },
          { photo: { bytes: await pngBytes(), name: 'gita.png', type: 'image/png' } },
        ),
        token,
      ),
    );
    const noRole = await send(cms.url, 'PUT', `/api/team-member/${team.id}?locale=ne`, form({ name: 'गीता' }), token);
    expect(await json(noRole)).toEqual({ message: 'Role is required', errors: { role: ['Role is required'], bio: ['Bio is required'] } });

    // Nothing was stored by the refused requests.
    expect((await rowsOf('blogs', await documentIdOf('blogs', post.id))).map((row) => row.locale)).toEqual(['en']);
    expect((await send(cms.url, 'PUT', '/api/blog/999999?locale=ne', form({ title: 'x', content: 'y' }), token)).status).toBe(404);
  });

  it("keeps a team member's name in Nepali on the Nepali version: optional, validated like the name, never in English answers", async () => {
    const photo = { bytes: await pngBytes(), name: 'sita.png', type: 'image/png' };
    // An English request cannot set it: the English version has no such field.
    const created = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Sita Sharma', local_name: 'सीता', role: 'Chairperson', bio: 'Chairs the committee.' }, { photo }),
      token,
    );
    expect(created.status).toBe(201);
    const english = await json(created);
    expect(Object.keys(english)).not.toContain('local_name');
    const documentId = await documentIdOf('team_members', english.id);
    const stored = async () =>
      (
        await cms.query<{ locale: string; local_name: string | null }>(
          `SELECT locale, local_name FROM team_members WHERE document_id = '${documentId}' ORDER BY id`,
        )
      ).map((row) => [row.locale, row.local_name]);
    expect(await stored()).toEqual([['en', null]]);

    const texts = { role: 'अध्यक्ष', bio: 'समितिको अध्यक्षता गर्नुहुन्छ।' };
    const put = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}?locale=ne`,
      form({ ...texts, local_name: '  सीता शर्मा ' }),
      token,
    );
    expect(put.status).toBe(200);
    expect(content(await json(put))).toEqual(content({ ...english, ...texts, local_name: 'सीता शर्मा', locale: 'ne' }));
    expect(await stored()).toEqual([
      ['en', null],
      ['ne', 'सीता शर्मा'],
    ]);
    expect((await get(`/api/team-member/${english.id}?locale=ne`)).body).toMatchObject({ name: 'Sita Sharma', local_name: 'सीता शर्मा' });
    const list = (await get('/api/team-member?locale=ne')).body.results;
    expect(list.find((member: { id: number }) => member.id === english.id)).toMatchObject({
      name: 'Sita Sharma',
      local_name: 'सीता शर्मा',
    });
    // English clients see exactly what they saw before: the shared name, no local_name.
    expect(content((await get(`/api/team-member/${english.id}`)).body)).toEqual(content(english));

    // Left out of a request (a client that knows only role and bio), it stays as it is.
    const kept = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}?locale=ne`,
      form({ role: 'अध्यक्ष', bio: 'नयाँ परिचय।' }),
      token,
    );
    expect(await json(kept)).toMatchObject({ local_name: 'सीता शर्मा', bio: 'नयाँ परिचय।' });
    expect(await stored()).toEqual([
      ['en', null],
      ['ne', 'सीता शर्मा'],
    ]);

    // Too long is refused with the name's rule, and nothing changes.
    const tooLong = await send(
      cms.url,
      'PUT',
      `/api/team-member/${english.id}?locale=ne`,
      form({ ...texts, local_name: 'स'.repeat(121) }),
      token,
    );
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toEqual({
      message: 'Name must be at most 120 characters.',
      errors: { local_name: ['Name must be at most 120 characters.'] },
    });
    expect(await stored()).toEqual([
      ['en', null],
      ['ne', 'सीता शर्मा'],
    ]);

    // Left empty (or blank), the Nepali version has none: the site shows the shared name.
    const cleared = await send(cms.url, 'PUT', `/api/team-member/${english.id}?locale=ne`, form({ ...texts, local_name: '   ' }), token);
    expect(cleared.status).toBe(200);
    expect(await json(cleared)).toMatchObject({ name: 'Sita Sharma', local_name: null, locale: 'ne' });
    expect(await stored()).toEqual([
      ['en', null],
      ['ne', null],
    ]);

    // GraphQL reads it from the Nepali version beside the English entry, as the committee page does.
    await send(cms.url, 'PUT', `/api/team-member/${english.id}?locale=ne`, form({ ...texts, local_name: 'सीता शर्मा' }), token);
    const { data, errors } = await graphql(
      `
        query ($documentId: ID!) {
          teamMembers(locale: "en", filters: { documentId: { eq: $documentId } }) {
            name
            local_name
            ne: localizations(filters: { locale: { eq: "ne" } }) {
              local_name
            }
          }
        }
      `,
      { documentId },
    );
    expect(errors).toBeUndefined();
    expect(data.teamMembers).toEqual([{ name: 'Sita Sharma', local_name: null, ne: [{ local_name: 'सीता शर्मा' }] }]);
  });

  it('refuses to create an entry in Nepali first (POST ?locale=ne)', async () => {
    const before = await cms.countRows('blogs');
    const response = await send(
      cms.url,
      'POST',
      '/api/blog?locale=ne',
      form({ title: 'शीर्षक', content: 'सामग्री', author: 'staff@example.org' }),
      token,
    );
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toMatch(/English version first/);
    expect(body.errors.locale).toEqual([body.message]);
    expect(await cms.countRows('blogs')).toBe(before);
  });

  it('refuses Nepali writes without a token with 401, as English ones', async () => {
    const first = (await get('/api/blog?locale=ne')).body.results.find((post: { locale: string }) => post.locale === 'ne');
    for (const [method, path] of [
      ['PUT', `/api/blog/${first.id}?locale=ne`],
      ['DELETE', `/api/blog/${first.id}?locale=ne`],
      ['POST', '/api/blog?locale=ne'],
    ]) {
      const response = await send(cms.url, method!, path!, method === 'DELETE' ? undefined : form({ title: 'x', content: 'y' }));
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await json(response)).toEqual({ message: 'You need to sign in to do this.' });
    }
    expect((await get(`/api/blog/${first.id}?locale=ne`)).body.locale).toBe('ne');
  });
});

describe('deleting', () => {
  it('DELETE ?locale=ne removes only the Nepali version; without a locale the entry goes in every language with its file', async () => {
    const media = { bytes: await pngBytes(), name: 'cover.png', type: 'image/png' };
    const post = await json(
      await send(
        cms.url,
        'POST',
        '/api/blog',
        form({ title: 'Two languages', content: 'Text.', author: 'staff@example.org' }, { media }),
        token,
      ),
    );
    const documentId = await documentIdOf('blogs', post.id);
    expect((await send(cms.url, 'PUT', `/api/blog/${post.id}?locale=ne`, form({ title: 'दुई भाषा', content: 'पाठ।' }), token)).status).toBe(
      200,
    );
    expect((await rowsOf('blogs', documentId)).map((row) => row.locale)).toEqual(['en', 'ne']);
    const file = post.mediaUrl.split('/uploads/')[1];

    const removeNepali = await send(cms.url, 'DELETE', `/api/blog/${post.id}?locale=ne`, undefined, token);
    expect(removeNepali.status).toBe(204);
    expect((await rowsOf('blogs', documentId)).map((row) => row.locale)).toEqual(['en']);
    expect(content((await get(`/api/blog/${post.id}?locale=ne`)).body)).toEqual(content(post)); // back to the English fallback
    expect(await cms.uploadedFiles()).toContain(file);
    const again = await send(cms.url, 'DELETE', `/api/blog/${post.id}?locale=ne`, undefined, token);
    expect(again.status).toBe(404);
    expect((await json(again)).message).toMatch(/no Nepali version/);

    expect((await send(cms.url, 'PUT', `/api/blog/${post.id}?locale=ne`, form({ title: 'दुई भाषा', content: 'पाठ।' }), token)).status).toBe(
      200,
    );
    const fileRows = await cms.countRows('files');
    const removeAll = await send(cms.url, 'DELETE', `/api/blog/${post.id}`, undefined, token);
    expect(removeAll.status).toBe(204);
    expect(await rowsOf('blogs', documentId)).toEqual([]);
    const links = await cms.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM files_related_mph WHERE related_type = 'api::blog.blog' AND related_id NOT IN (SELECT id FROM blogs)`,
    );
    expect(Number(links[0]!.n)).toBe(0);
    expect(await cms.countRows('files')).toBe(fileRows - 1);
    expect(await cms.uploadedFiles()).not.toContain(file);
    expect((await get(`/api/blog/${post.id}?locale=ne`)).status).toBe(404);
    expect((await send(cms.url, 'DELETE', `/api/blog/${post.id}?locale=ne`, undefined, token)).status).toBe(404);
  });
});

describe('GraphQL in a locale', () => {
  it('lists Nepali blogs whose numericId is the English id, and finds one by it in either language', async () => {
    const english = await graphql('{ blogs(sort: "createdAt:desc") { numericId title locale } }');
    const nepali = await graphql('{ blogs(locale: "ne", sort: "createdAt:desc") { numericId title locale } }');
    expect(english.errors).toBeUndefined();
    expect(nepali.errors).toBeUndefined();
    const seeded = english.data.blogs.filter((post: { numericId: number }) =>
      nepali.data.blogs.some((ne: { numericId: number }) => ne.numericId === post.numericId),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    // Same entries in the same order (a version carries its entry's date), same numbers.
    expect(nepali.data.blogs.map((post: { numericId: number }) => post.numericId)).toEqual(
      seeded.map((post: { numericId: number }) => post.numericId),
    );
    for (const post of nepali.data.blogs) {
      expect(post.locale).toBe('ne');
      expect(post.title).toMatch(DEVANAGARI);
    }
    // The numbers are the REST contract's ids.
    const rest = (await get('/api/blog')).body.results.map((post: { id: number }) => post.id);
    for (const post of nepali.data.blogs) expect(rest).toContain(post.numericId);

    const id = nepali.data.blogs[0].numericId;
    const query = 'query($id: Int!, $locale: I18NLocaleCode) { blogByNumericId(id: $id, locale: $locale) { numericId title locale } }';
    const inNepali = await graphql(query, { id, locale: 'ne' });
    expect(inNepali.data.blogByNumericId).toEqual(nepali.data.blogs[0]);
    const inEnglish = await graphql(query, { id });
    expect(inEnglish.data.blogByNumericId).toEqual(english.data.blogs.find((post: { numericId: number }) => post.numericId === id));

    // An entry without a Nepali version: null in ne, found in en. An unknown id: null.
    const post = await newBlog('GraphQL only English');
    expect((await graphql(query, { id: post.id, locale: 'ne' })).data.blogByNumericId).toBeNull();
    expect((await graphql(query, { id: post.id, locale: 'en' })).data.blogByNumericId).toMatchObject({ numericId: post.id, locale: 'en' });
    expect((await graphql(query, { id: 999999, locale: 'ne' })).data.blogByNumericId).toBeNull();
    // The Nepali row's own id is not an entry's number.
    const nepaliRowId = (await rowsOf('blogs', await documentIdOf('blogs', id))).find((row) => row.locale === 'ne')!.id;
    expect((await graphql(query, { id: nepaliRowId, locale: 'ne' })).data.blogByNumericId).toBeNull();
  });

  it('gives every collection the same numericId in both languages', async () => {
    for (const field of ['teamMembers', 'imageGalleries', 'videoGalleries']) {
      const pick = (data: Record<string, { numericId: number; documentId: string }[]>) =>
        Object.fromEntries(data[field]!.map((entry) => [entry.documentId, entry.numericId]));
      const english = await graphql(`{ ${field}(pagination: { limit: 100 }) { documentId numericId } }`);
      const nepali = await graphql(`{ ${field}(locale: "ne", pagination: { limit: 100 }) { documentId numericId } }`);
      expect(nepali.errors, field).toBeUndefined();
      const englishIds = pick(english.data);
      const nepaliIds = pick(nepali.data);
      expect(Object.keys(nepaliIds).length, field).toBeGreaterThan(0);
      for (const [documentId, numericId] of Object.entries(nepaliIds)) expect(numericId, field).toBe(englishIds[documentId]);
    }
  });

  it('serves the seeded Nepali single types, with the English shared fields and images', async () => {
    const { data, errors } = await graphql(`
      {
        en: home {
          welcomeHeading
          heroSlides {
            heading
            image {
              url
            }
          }
          participationImage {
            url
          }
        }
        ne: home(locale: "ne") {
          locale
          welcomeHeading
          heroSlides {
            heading
            image {
              url
            }
          }
          benefits {
            title
          }
          participationImage {
            url
          }
        }
        siteEn: siteSetting {
          phone
          email
          name
        }
        siteNe: siteSetting(locale: "ne") {
          phone
          email
          name
          locale
        }
        objectives: objectivePage(locale: "ne") {
          bannerTitle
        }
        organization: organizationPage(locale: "ne") {
          bannerTitle
          historyCards {
            yearBs
          }
        }
        i18NLocales {
          code
        }
      }
    `);
    expect(errors).toBeUndefined();
    expect(data.ne.locale).toBe('ne');
    expect(data.ne.welcomeHeading).toMatch(DEVANAGARI);
    expect(data.ne.welcomeHeading).not.toBe(data.en.welcomeHeading);
    expect(data.ne.heroSlides).toHaveLength(3);
    expect(data.ne.heroSlides[0].heading).toMatch(DEVANAGARI);
    expect(data.ne.heroSlides.map((slide: { image: { url: string } }) => slide.image.url)).toEqual(
      data.en.heroSlides.map((slide: { image: { url: string } }) => slide.image.url),
    );
    expect(data.ne.participationImage.url).toBe(data.en.participationImage.url);
    expect(data.ne.benefits).toHaveLength(9);
    expect(data.siteNe).toMatchObject({ phone: data.siteEn.phone, email: data.siteEn.email, locale: 'ne' });
    expect(data.siteNe.name).toMatch(DEVANAGARI);
    expect(data.objectives.bannerTitle).toMatch(DEVANAGARI);
    expect(data.organization.historyCards.map((card: { yearBs: number }) => card.yearBs)).toEqual([2068, 2074]);
    expect(data.i18NLocales.map((locale: { code: string }) => locale.code).sort()).toEqual(['en', 'ne']);
  });

  it('adds no private fields to the types', async () => {
    // Asked field by field: the schema is not introspectable outside `npm run dev`.
    const { data, errors } = await graphql('{ blogs(pagination: { limit: 1 }) { numericId locale title } }');
    expect(errors).toBeUndefined();
    expect(Object.keys(data.blogs[0]).sort()).toEqual(['locale', 'numericId', 'title']);
    for (const hidden of ['createdBy { id }', 'updatedBy { id }', 'password']) {
      const refused = await graphql(`{ blogs { ${hidden} } }`);
      expect(refused.errors?.[0]?.message, hidden).toMatch(/^Cannot query field "\w+" on type "Blog"\./);
    }
  });
});

describe('a database from before the Nepali version', () => {
  it('keeps every English entry and id, and is given no demo content again (not even Nepali versions) at the next boot', async () => {
    const tables = [
      'blogs',
      'team_members',
      'image_galleries',
      'video_galleries',
      'homes',
      'site_settings',
      'objective_pages',
      'organization_pages',
    ];
    const englishIds = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await cms.query<{ id: number }>(`SELECT id FROM ${table} WHERE locale = 'en' ORDER BY id`)).map((row) => Number(row.id)),
          ]),
        ),
      );
    const before = await englishIds();
    const files = await cms.countRows('files');
    const uploads = await cms.uploadedFiles();

    // Make the database look as it did before this change: no Nepali rows or locale, rows without a
    // locale, and a stored schema whose types are not localised (so Strapi's own migration runs).
    await cms.stopOnly();
    for (const table of tables) {
      await cms.query(`DELETE FROM ${table} WHERE locale = 'ne'`, { write: true });
      await cms.query(`UPDATE ${table} SET locale = NULL`, { write: true });
    }
    await cms.query(`DELETE FROM i18n_locale WHERE code = 'ne'`, { write: true });
    // As two processes booting together on a new database could leave it: a second English locale.
    await cms.query(`INSERT INTO i18n_locale (document_id, name, code) VALUES ('duplicate-en', 'English (en)', 'en')`, { write: true });
    const [stored] = await cms.query<{ value: string }>(
      `SELECT value FROM strapi_core_store_settings WHERE key = 'strapi_content_types_schema'`,
    );
    const schema = JSON.parse(stored!.value) as Record<
      string,
      { pluginOptions?: Record<string, unknown>; attributes: Record<string, { pluginOptions?: Record<string, unknown> }> }
    >;
    for (const [uid, type] of Object.entries(schema)) {
      if (!uid.startsWith('api::')) continue;
      type.pluginOptions = {};
      for (const attribute of Object.values(type.attributes)) delete attribute.pluginOptions;
    }
    const literal = JSON.stringify(schema).replace(/'/g, "''");
    await cms.query(`UPDATE strapi_core_store_settings SET value = '${literal}' WHERE key = 'strapi_content_types_schema'`, {
      write: true,
    });
    expect(Number((await cms.query<{ n: number }>(`SELECT count(*) AS n FROM blogs WHERE locale IS NULL`))[0]!.n)).toBe(
      before.blogs.length,
    );

    await cms.bootOnly();
    expect(await englishIds()).toEqual(before);
    const locales = await cms.query<{ code: string }>(`SELECT code FROM i18n_locale ORDER BY code`);
    expect(locales.map((locale) => locale.code)).toEqual(['en', 'ne']);
    for (const table of tables) {
      const [row] = await cms.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE locale IS NULL OR locale NOT IN ('en', 'ne')`);
      expect(Number(row!.n), table).toBe(0);
    }
    // Demo content comes once, into a brand-new database: nothing is seeded into this one, so the
    // Nepali versions deleted above stay deleted and no file is added.
    for (const table of tables) {
      const [row] = await cms.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE locale = 'ne'`);
      expect(Number(row!.n), table).toBe(0);
    }
    expect(await cms.countRows('files')).toBe(files);
    expect(await cms.uploadedFiles()).toEqual(uploads);
    const home = await graphql('{ home(locale: "ne") { welcomeHeading } }');
    expect(home.data.home).toBeNull();
    const list = await get('/api/blog');
    expect(list.body.results.map((post: { id: number }) => post.id).sort()).toEqual([...before.blogs].sort());
  });
});
