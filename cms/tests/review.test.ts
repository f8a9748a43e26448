import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, decodeJwt, form, jpegBytes, json, login, send } from './helpers/api';
import { addAccount } from './helpers/accounts';

// Staff write posts and submit them for review; only a Manager publishes. Visitors never see a
// post that is submitted, and every change of status is on record for Managers.

const post = (fields: Record<string, string> = {}) => ({
  title: 'Dashain at the home',
  content: 'We flew kites.',
  author: 'home@example.org',
  ...fields,
});

/** What anyone without a token can see of a post: its page, the list, and GraphQL's list. */
async function publicSightings(cms: TestCms, id: number) {
  const detail = (await fetch(`${cms.url}/api/blog/${id}`)).status;
  const listed = (await json(await fetch(`${cms.url}/api/blog?pageSize=100`))).results.some((entry: { id: number }) => entry.id === id);
  const gql = await json(
    await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ blogs(locale: "en") { numericId } }' }),
    }),
  );
  const inGraphql = gql.data.blogs.some((entry: { numericId: number }) => entry.numericId === id);
  return { detail, listed, inGraphql };
}
const HIDDEN = { detail: 404, listed: false, inGraphql: false };
const SHOWN = { detail: 200, listed: true, inGraphql: true };

const history = async (cms: TestCms, id: number, token?: string) => {
  const response = await fetch(`${cms.url}/api/audit/blog/${id}`, { headers: token ? bearer(token) : {} });
  return { status: response.status, body: await json(response) };
};

const storedStatus = async (cms: TestCms, id: number) =>
  (await cms.query<{ publication: string }>(`SELECT publication FROM blogs WHERE id = ${Number(id)}`))[0]?.publication;

describe('Staff submit, a Manager publishes', () => {
  let cms: TestCms;
  let manager: string;
  let staff: { id: number; token: string };

  beforeAll(async () => {
    cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
    manager = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    staff = await addAccount(cms, manager, 'Sita Gurung', 'staff');
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
  });

  it('tells each person whether their own posts go public when saved', async () => {
    const me = async (token: string, id: number) => json(await fetch(`${cms.url}/api/users/${id}`, { headers: bearer(token) }));
    expect(await me(staff.token, staff.id)).toMatchObject({ role: 'staff', publishesOwnWork: false });
    expect(await me(manager, Number(decodeJwt(manager).sub))).toMatchObject({ role: 'manager', publishesOwnWork: true });
  });

  it('keeps a Staff post from visitors until a Manager publishes it, and records who did what', async () => {
    // A Staff save that names no status is submitted; one that asks to publish is refused and stores nothing.
    const refused = await send(cms.url, 'POST', '/api/blog', form(post({ status: 'published' })), staff.token);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message: 'Only a Manager can publish. Submit it for review instead.',
      errors: { status: ['Only a Manager can publish. Submit it for review instead.'] },
    });
    expect(await cms.countRows('blogs')).toBe(0);

    const created = await send(cms.url, 'POST', '/api/blog', form(post()), staff.token);
    expect(created.status).toBe(201);
    const submitted = await json(created);
    expect(submitted).toMatchObject({ status: 'submitted', title: 'Dashain at the home' });
    expect(await publicSightings(cms, submitted.id)).toEqual(HIDDEN);

    // Staff cannot publish it afterwards either; it stays as it was.
    const again = await send(
      cms.url,
      'PUT',
      `/api/blog/${submitted.id}`,
      form(post({ title: 'Changed', status: 'published' })),
      staff.token,
    );
    expect(again.status).toBe(403);
    expect(await storedStatus(cms, submitted.id)).toBe('submitted');
    expect((await json(await send(cms.url, 'GET', `/api/blog/${submitted.id}`, undefined, manager))).title).toBe('Dashain at the home');

    // Managers find it among the posts waiting; visitors asking for them get none.
    const waiting = await json(await send(cms.url, 'GET', '/api/blog?status=submitted', undefined, manager));
    expect(waiting.results.map((entry: { id: number }) => entry.id)).toEqual([submitted.id]);
    const anonymousWaiting = await json(await fetch(`${cms.url}/api/blog?status=submitted`));
    expect(anonymousWaiting).toEqual({ count: 0, results: [] });
    expect((await fetch(`${cms.url}/api/blog?status=secret`)).status).toBe(400);

    // The Manager approves it: now everyone sees it.
    const approved = await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ status: 'published' })), manager);
    expect(approved.status).toBe(200);
    expect(await json(approved)).toMatchObject({ status: 'published' });
    expect(await publicSightings(cms, submitted.id)).toEqual(SHOWN);

    // A Staff edit of a published post goes back to review, in English or in Nepali.
    const edited = await send(
      cms.url,
      'PUT',
      `/api/blog/${submitted.id}`,
      form(post({ title: 'Dashain 2083', status: 'submitted' })),
      staff.token,
    );
    expect(await json(edited)).toMatchObject({ status: 'submitted', title: 'Dashain 2083' });
    expect(await publicSightings(cms, submitted.id)).toEqual(HIDDEN);
    await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ title: 'Dashain 2083' })), manager);
    expect(await publicSightings(cms, submitted.id)).toEqual(SHOWN);
    const nepali = await send(
      cms.url,
      'PUT',
      `/api/blog/${submitted.id}?locale=ne`,
      form({ title: 'दशैं', content: 'चङ्गा।' }),
      staff.token,
    );
    expect(nepali.status).toBe(200);
    expect(await json(nepali)).toMatchObject({ status: 'submitted', locale: 'ne' });
    expect(await publicSightings(cms, submitted.id)).toEqual(HIDDEN);
    expect((await fetch(`${cms.url}/api/blog/${submitted.id}?locale=ne`)).status).toBe(404);

    // Staff may still take a post down (a draft): the safe direction needs nobody's approval.
    const down = await send(
      cms.url,
      'PUT',
      `/api/blog/${submitted.id}`,
      form(post({ title: 'Dashain 2083', status: 'draft' })),
      staff.token,
    );
    expect(await json(down)).toMatchObject({ status: 'draft' });
    await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ title: 'Dashain 2083', status: 'published' })), manager);
    await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ title: 'Dashain 2083', status: 'draft' })), manager);

    // The record, newest first, for Managers only.
    const record = await history(cms, submitted.id, manager);
    expect(record.status).toBe(200);
    expect(record.body.results.map((event: { action: string; by: string }) => `${event.action} by ${event.by}`)).toEqual([
      'unpublished by ' + ADMIN_EMAIL,
      'published by ' + ADMIN_EMAIL,
      'returned by Sita Gurung',
      'submitted by Sita Gurung',
      'approved by ' + ADMIN_EMAIL,
      'submitted by Sita Gurung',
      'approved by ' + ADMIN_EMAIL,
      'submitted by Sita Gurung',
    ]);
    for (const event of record.body.results) expect(Date.parse(event.at)).not.toBeNaN();
    expect((await history(cms, submitted.id, staff.token)).status).toBe(403);
    expect((await history(cms, submitted.id)).status).toBe(403);
    // Only kinds that go through review have a record.
    expect((await fetch(`${cms.url}/api/audit/donation-method/${submitted.id}`, { headers: bearer(manager) })).status).toBe(404);
    expect((await fetch(`${cms.url}/api/audit/blog/0x1`, { headers: bearer(manager) })).status).toBe(400);
    // Nothing of the record is in any public answer.
    expect(JSON.stringify(await json(await fetch(`${cms.url}/api/blogs?populate=*`)))).not.toContain('Sita Gurung');
  });

  it('keeps a Staff gallery image, video and team member from visitors until a Manager publishes them', async () => {
    const kinds = [
      {
        path: 'image-gallery',
        fields: { title: 'Football', description: 'The match.' },
        file: 'image',
        gql: 'imageGalleries',
        rest: 'image-galleries',
      },
      {
        path: 'team-member',
        fields: { name: 'Asha Rai', role: 'Cook', bio: 'Cooks for the home.' },
        file: 'photo',
        gql: 'teamMembers',
        rest: 'team-members',
      },
    ] as const;
    for (const kind of kinds) {
      const files = { [kind.file]: { bytes: await jpegBytes(320, 240), name: 'photo.jpg', type: 'image/jpeg' } };
      // Staff cannot publish; their save is submitted.
      const refused = await send(cms.url, 'POST', `/api/${kind.path}`, form({ ...kind.fields, status: 'published' }, files), staff.token);
      expect(refused.status, kind.path).toBe(403);
      const created = await send(cms.url, 'POST', `/api/${kind.path}`, form(kind.fields, files), staff.token);
      expect(created.status, await created.clone().text()).toBe(201);
      const entry = await json(created);
      expect(entry.status).toBe('submitted');

      const sightings = async () => {
        const gql = await json(
          await fetch(`${cms.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: `{ ${kind.gql}(locale: "en", pagination: { limit: 100 }) { numericId documentId } }` }),
          }),
        );
        const rest = await json(await fetch(`${cms.url}/api/${kind.rest}?pagination[pageSize]=100`));
        const sitemap = await json(await fetch(`${cms.url}/api/sitemap-entries`));
        return {
          detail: (await fetch(`${cms.url}/api/${kind.path}/${entry.id}`)).status,
          listed: (await json(await fetch(`${cms.url}/api/${kind.path}?pageSize=100`))).results.some(
            (e: { id: number }) => e.id === entry.id,
          ),
          inGraphql: gql.data[kind.gql].some((e: { numericId: number }) => e.numericId === entry.id),
          inRest: rest.data.some((e: { id: number }) => e.id === entry.id),
          counted: kind.path === 'image-gallery' ? sitemap.images : sitemap.members,
        };
      };
      const hidden = await sightings();
      expect(hidden).toMatchObject({ detail: 404, listed: false, inGraphql: false, inRest: false });
      // Staff see it with its status; a Manager approves it as it is.
      expect((await json(await fetch(`${cms.url}/api/${kind.path}/${entry.id}`, { headers: bearer(staff.token) }))).status).toBe(
        'submitted',
      );
      const approved = await send(cms.url, 'PUT', `/api/${kind.path}/${entry.id}`, form({ ...kind.fields, status: 'published' }), manager);
      expect(approved.status, await approved.clone().text()).toBe(200);
      const shown = await sightings();
      expect(shown).toMatchObject({ detail: 200, listed: true, inGraphql: true, inRest: true, counted: hidden.counted + 1 });
      const recordOf = await json(await fetch(`${cms.url}/api/audit/${kind.path}/${entry.id}`, { headers: bearer(manager) }));
      expect(recordOf.results.map((event: { action: string }) => event.action)).toEqual(['approved', 'submitted']);
    }
  });

  it('publishes a Manager save that names no status, as before', async () => {
    const created = await json(await send(cms.url, 'POST', '/api/blog', form(post({ title: 'Tihar' })), manager));
    expect(created.status).toBe('published');
    expect(await publicSightings(cms, created.id)).toEqual(SHOWN);
    expect((await history(cms, created.id, manager)).body.results.map((event: { action: string }) => event.action)).toEqual(['published']);
  });
});

describe('with a second approval required', () => {
  let cms: TestCms;
  let first: string;
  let second: { id: number; token: string };

  beforeAll(async () => {
    cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000', REQUIRE_SECOND_APPROVAL: 'true' } });
    first = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    second = await addAccount(cms, first, 'Hari Karki', 'manager');
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
  });

  it('a Manager publishes only what another person submitted, never their own post alone', async () => {
    const me = await json(await fetch(`${cms.url}/api/users/${second.id}`, { headers: bearer(second.token) }));
    expect(me).toMatchObject({ role: 'manager', publishesOwnWork: false });

    const alone = await send(cms.url, 'POST', '/api/blog', form(post()), first);
    expect(alone.status).toBe(403);
    expect((await json(alone)).message).toBe('Another Manager must approve this post: submit it for review.');
    expect(await cms.countRows('blogs')).toBe(0);

    const submitted = await json(await send(cms.url, 'POST', '/api/blog', form(post({ status: 'submitted' })), first));
    expect(submitted.status).toBe('submitted');
    expect((await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ status: 'published' })), first)).status).toBe(403);
    expect(await publicSightings(cms, submitted.id)).toEqual(HIDDEN);

    // The second Manager approves it as it was submitted: a change of their own goes to review first.
    const rewritten = await send(
      cms.url,
      'PUT',
      `/api/blog/${submitted.id}`,
      form(post({ title: 'Rewritten', status: 'published' })),
      second.token,
    );
    expect(rewritten.status).toBe(403);
    expect(await storedStatus(cms, submitted.id)).toBe('submitted');
    const approved = await send(cms.url, 'PUT', `/api/blog/${submitted.id}`, form(post({ status: 'published' })), second.token);
    expect(approved.status).toBe(200);
    expect(await publicSightings(cms, submitted.id)).toEqual(SHOWN);

    // A post whose last change has no recorded person (a console edit, a removed account) has no second person to show.
    const unknown = await json(await send(cms.url, 'POST', '/api/blog', form(post({ title: 'Unknown', status: 'submitted' })), first));
    await cms.stopOnly();
    await cms.query(`UPDATE blogs SET edited_by_id = NULL WHERE id = ${Number(unknown.id)}`, { write: true });
    await cms.bootOnly();
    expect(
      (await send(cms.url, 'PUT', `/api/blog/${unknown.id}`, form(post({ title: 'Unknown', status: 'published' })), second.token)).status,
    ).toBe(403);

    // A Manager's own change to the Nepali text of a published post goes to review too.
    await send(cms.url, 'PUT', `/api/blog/${submitted.id}?locale=ne`, form({ title: 'दशैं', content: 'चङ्गा।' }), second.token);
    expect(await storedStatus(cms, submitted.id)).toBe('submitted');
    expect(await publicSightings(cms, submitted.id)).toEqual(HIDDEN);
  }, 180_000);

  it('asks for a second person for gallery images and team members too', async () => {
    const kinds = [
      { path: 'image-gallery', fields: { title: 'Football', description: 'The match.' }, file: 'image' },
      { path: 'team-member', fields: { name: 'Asha Rai', role: 'Cook', bio: 'Cooks for the home.' }, file: 'photo' },
    ];
    for (const kind of kinds) {
      const files = { [kind.file]: { bytes: await jpegBytes(320, 240), name: 'photo.jpg', type: 'image/jpeg' } };
      const alone = await send(cms.url, 'POST', `/api/${kind.path}`, form({ ...kind.fields, status: 'published' }, files), first);
      expect(alone.status, kind.path).toBe(403);
      const submitted = await json(
        await send(cms.url, 'POST', `/api/${kind.path}`, form({ ...kind.fields, status: 'submitted' }, files), first),
      );
      expect(submitted.status, kind.path).toBe('submitted');
      const publish = (token: string) =>
        send(cms.url, 'PUT', `/api/${kind.path}/${submitted.id}`, form({ ...kind.fields, status: 'published' }), token);
      expect((await publish(first)).status, kind.path).toBe(403);
      expect((await fetch(`${cms.url}/api/${kind.path}/${submitted.id}`)).status).toBe(404);
      expect((await publish(second.token)).status, kind.path).toBe(200);
      expect((await fetch(`${cms.url}/api/${kind.path}/${submitted.id}`)).status).toBe(200);
    }
  });
});
