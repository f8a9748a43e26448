import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, jpegBytes, json, login, send } from './helpers/api';
import { addAccount } from './helpers/accounts';
import { consoleEditor } from './helpers/console';

// Photos of children: a post showing one goes public only with a valid consent on record and a
// Manager's approval; a withdrawn consent takes the photo off every public answer and /uploads at
// once; nothing of a consent record is ever in a public answer.

const MISSING = 'A photo being published shows children and has no valid consent on record. Record the consent before publishing.';
// Written into the record: no public answer may carry it.
const MARKER = 'Signed by Kamala Thapa, aunt';

const photo = async (name: string) => ({ bytes: await jpegBytes(640, 480), name, type: 'image/jpeg' });
const nameOf = (url: string) => new URL(url, 'http://x').pathname.replace('/uploads/', '');
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const VALID = {
  showsChildren: true,
  givenBy: 'guardian',
  givenOn: day(-3),
  website: true,
  socialMedia: false,
  reviewOn: day(360),
  note: MARKER,
};

describe('consent for photos of children', () => {
  let cms: TestCms;
  let manager: string;
  let staff: { id: number; token: string };

  const consent = (name: string, body: object, token = staff.token) =>
    fetch(`${cms.url}/api/consent/photos/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify(body),
    });
  const withdraw = (name: string, token = manager) =>
    fetch(`${cms.url}/api/consent/photos/${name}/withdraw`, { method: 'POST', headers: bearer(token) });
  type Post = { id: number; cover: string; title: string; content: string };
  /** A save of the post as submitted (or with `fields` changed) that asks to publish it. */
  const publish = (post: Post, token = manager, fields: Record<string, string> = {}) =>
    send(
      cms.url,
      'PUT',
      `/api/blog/${post.id}`,
      form({ title: post.title, content: post.content, author: 'home@example.org', status: 'published', ...fields }),
      token,
    );
  const storedStatus = async (id: number) =>
    (await cms.query<{ publication: string }>(`SELECT publication FROM blogs WHERE id = ${Number(id)}`))[0]?.publication;

  /** A Staff post with a cover photo, submitted for review: its id and the cover's stored name. */
  async function submittedPost(title: string, content = 'Kites over the hill.'): Promise<Post> {
    const response = await send(
      cms.url,
      'POST',
      '/api/blog',
      form({ title, content, author: 'home@example.org' }, { media: await photo(`${title}.jpg`) }),
      staff.token,
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const body = await json(response);
    expect(body.status).toBe('submitted');
    return { id: body.id as number, cover: nameOf(body.mediaUrl), title, content };
  }

  beforeAll(async () => {
    cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
    manager = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
    staff = await addAccount(cms, manager, 'Sita Gurung', 'staff');
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
  });

  it('lets nobody publish a post whose photo shows children without a valid consent, and a Manager publishes it once there is one', async () => {
    const post = await submittedPost('Dashain kites');
    const marked = await consent(post.cover, { showsChildren: true });
    expect(marked.status, await marked.clone().text()).toBe(400);
    expect((await json(marked)).errors).toMatchObject({
      givenBy: ['Say who gave the consent.'],
      givenOn: ['Enter the date the consent was given (YYYY-MM-DD).'],
      website: ['The consent must cover the website to show the photo here.'],
    });
    // Nothing was stored by the refused record: the photo is still unmarked.
    const unmarked = await json(await fetch(`${cms.url}/api/consent/photos/${post.cover}`, { headers: bearer(staff.token) }));
    expect(unmarked).toMatchObject({ name: post.cover, state: 'unmarked', record: null });
    expect(unmarked.usedBy).toEqual([{ kind: 'blog', id: post.id, title: 'Dashain kites' }]);
    // A resized copy's name (as a post's text may show it) is the same photo.
    const [file] = await cms.query<{ formats: string | Record<string, { url: string }> }>(
      `SELECT formats FROM files WHERE url = '/uploads/${post.cover}'`,
    );
    const formats = typeof file.formats === 'string' ? JSON.parse(file.formats) : file.formats;
    const copy = nameOf(Object.values(formats as Record<string, { url: string }>)[0].url);
    expect(copy).not.toBe(post.cover);
    expect(await json(await fetch(`${cms.url}/api/consent/photos/${copy}`, { headers: bearer(staff.token) }))).toMatchObject({
      name: copy,
      url: `/uploads/${post.cover}`,
      state: 'unmarked',
    });

    // Marked as showing children, with a consent that does not cover the website: not publishable.
    const partial = await consent(post.cover, { ...VALID, website: false });
    expect(partial.status).toBe(400);
    const noWebsite = await consent(post.cover, {
      showsChildren: true,
      givenBy: 'guardian',
      givenOn: day(-1),
      website: true,
      reviewOn: day(-2),
    });
    expect((await json(noWebsite)).errors).toEqual({ reviewOn: ['The review date must come after the consent date.'] });

    // Recorded as an expired consent: the photo shows children and its review has passed.
    const expired = await consent(post.cover, { ...VALID, givenOn: day(-400), reviewOn: day(-1) });
    expect(expired.status).toBe(200);
    expect(await json(expired)).toMatchObject({ state: 'expired', record: { showsChildren: true, recordedBy: 'Sita Gurung' } });

    for (const token of [manager, staff.token]) {
      const refused = await publish(post, token);
      expect(refused.status).toBe(token === manager ? 409 : 403);
    }
    const refused = await publish(post);
    expect(await json(refused)).toEqual({ message: MISSING, errors: { status: [MISSING] }, photos: [post.cover] });
    expect(await storedStatus(post.id)).toBe('submitted');
    expect((await fetch(`${cms.url}/api/blog/${post.id}`)).status).toBe(404);

    // With a valid consent the Manager's approval publishes it, and visitors see it with its photo.
    const recorded = await consent(post.cover, VALID);
    expect(await json(recorded)).toMatchObject({
      state: 'valid',
      record: { givenBy: 'guardian', givenOn: VALID.givenOn, website: true, reviewOn: VALID.reviewOn },
    });
    expect((await publish(post)).status).toBe(200);
    const shown = await fetch(`${cms.url}/api/blog/${post.id}`);
    expect(shown.status).toBe(200);
    expect(nameOf((await json(shown)).mediaUrl)).toBe(post.cover);
  });

  it('checks a save in the Strapi console as the contract checks it: refused and undone while a photo lacks consent', async () => {
    const post = await submittedPost('Tihar lamps');
    // Its photo shows children, and the consent's review date has passed.
    expect((await consent(post.cover, { ...VALID, givenOn: day(-400), reviewOn: day(-1) })).status).toBe(200);
    const [{ document_id: documentId }] = await cms.query<{ document_id: string }>(`SELECT document_id FROM blogs WHERE id = ${post.id}`);
    const editor = await consoleEditor(cms);
    const publishInConsole = () =>
      editor.call('PUT', 'api::blog.blog', `/${documentId}?locale=en`, { title: 'Tihar lamps (console)', publication: 'published' });

    const refused = await publishInConsole();
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toMatchObject({ message: MISSING, details: { photos: [post.cover] } });
    // Nothing of the save stayed: not the status, not the title.
    expect(await cms.query(`SELECT publication, title FROM blogs WHERE id = ${post.id}`)).toEqual([
      { publication: 'submitted', title: 'Tihar lamps' },
    ]);
    expect((await fetch(`${cms.url}/api/blog/${post.id}`)).status).toBe(404);
    // A console save that leaves it unpublished is not held up.
    const draft = await editor.call('PUT', 'api::blog.blog', `/${documentId}?locale=en`, { publication: 'draft' });
    expect(draft.status, await draft.clone().text()).toBe(200);

    expect((await consent(post.cover, VALID)).status).toBe(200);
    const published = await publishInConsole();
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await storedStatus(post.id)).toBe('published');
    expect((await fetch(`${cms.url}/api/blog/${post.id}`)).status).toBe(200);
  });

  it('refuses a gallery image and a team member whose photo shows children without a valid consent', async () => {
    const kinds = [
      { path: 'image-gallery', table: 'image_galleries', fields: { title: 'Swings', description: 'The new swings.' }, file: 'image' },
      { path: 'team-member', table: 'team_members', fields: { name: 'Maya Tamang', role: 'Teacher', bio: 'Teaches.' }, file: 'photo' },
    ];
    for (const kind of kinds) {
      const created = await send(
        cms.url,
        'POST',
        `/api/${kind.path}`,
        form(kind.fields, { [kind.file]: await photo(`${kind.path}.jpg`) }),
        staff.token,
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const entry = await json(created);
      const name = nameOf(entry.mediaUrl ?? entry.photoUrl);
      // Its consent's review date has passed.
      expect((await consent(name, { ...VALID, givenOn: day(-400), reviewOn: day(-1) })).status).toBe(200);
      const publish = () => send(cms.url, 'PUT', `/api/${kind.path}/${entry.id}`, form({ ...kind.fields, status: 'published' }), manager);
      const refused = await publish();
      expect(refused.status, kind.path).toBe(409);
      expect((await json(refused)).message).toBe(MISSING);
      expect(await cms.query(`SELECT publication FROM ${kind.table} WHERE id = ${Number(entry.id)}`)).toEqual([
        { publication: 'submitted' },
      ]);
      expect((await fetch(`${cms.url}/api/${kind.path}/${entry.id}`)).status).toBe(404);
      expect((await consent(name, VALID)).status).toBe(200);
      expect((await publish()).status, kind.path).toBe(200);
      expect((await fetch(`${cms.url}/api/${kind.path}/${entry.id}`)).status).toBe(200);
    }
  });

  it('checks the photos inside a post and in each language, not only the cover', async () => {
    const source = await submittedPost('Tihar lights');
    expect((await consent(source.cover, { showsChildren: true })).status).toBe(400);
    expect((await consent(source.cover, { ...VALID, website: true, givenOn: day(-10), reviewOn: day(-2) })).status).toBe(200);
    // The photo (expired consent) inside another post's English text, then inside its Nepali text only.
    const inText = await submittedPost('Bhai tika', `We put tika.\n\n![Children with tika](/uploads/${source.cover})`);
    const refused = await publish(inText);
    expect(refused.status).toBe(409);
    expect((await json(refused)).photos).toEqual([source.cover]);

    expect((await publish(inText, manager, { content: 'We put tika.' })).status).toBe(200);
    const nepali = await send(
      cms.url,
      'PUT',
      `/api/blog/${inText.id}?locale=ne`,
      form({ title: 'भाइ टीका', content: `टीका लगायौं।\n\n![टीका](/uploads/${source.cover})` }),
      manager,
    );
    expect(nepali.status).toBe(409);
    expect(
      await cms.query(`SELECT id FROM blogs WHERE document_id = (SELECT document_id FROM blogs WHERE id = ${inText.id}) AND locale = 'ne'`),
    ).toEqual([]);
  });

  it('takes a withdrawn photo off every public answer and /uploads within 2 s, unpublishes its posts and gallery items and keeps the record', async () => {
    const post = await submittedPost('School day');
    expect((await consent(post.cover, VALID)).status).toBe(200);
    expect((await publish(post)).status).toBe(200);
    // The same photo... and a gallery image of its own, with consent.
    const gallery = await send(
      cms.url,
      'POST',
      '/api/image-gallery',
      form({ title: 'Football', description: 'The match.' }, { image: await photo('football.jpg') }),
      manager,
    );
    expect(gallery.status).toBe(201);
    const galleryItem = await json(gallery);
    const galleryPhoto = nameOf(galleryItem.mediaUrl);
    expect((await consent(galleryPhoto, VALID)).status).toBe(200);
    // ...and a team member shown with the post's photo (a Manager picked it in the console).
    const member = await send(
      cms.url,
      'POST',
      '/api/team-member',
      form({ name: 'Gita Rai', role: 'Cook', bio: 'Cooks.' }, { photo: await photo('gita.jpg') }),
      manager,
    );
    expect(member.status).toBe(201);
    const memberId = (await json(member)).id as number;
    const nepali = await send(
      cms.url,
      'PUT',
      `/api/team-member/${memberId}?locale=ne`,
      form({ role: 'भान्से', bio: 'खाना पकाउनुहुन्छ।' }),
      manager,
    );
    expect(nepali.status).toBe(200);
    const [file] = await cms.query<{ id: number }>(`SELECT id FROM files WHERE url = '/uploads/${post.cover}'`);
    const memberRow = await cms.query<{ document_id: string }>(`SELECT document_id FROM team_members WHERE id = ${Number(memberId)}`);
    const linked = await (
      await consoleEditor(cms)
    ).call('PUT', 'api::team-member.team-member', `/${memberRow[0]!.document_id}?locale=en`, {
      photo: file!.id,
    });
    expect(linked.status, await linked.clone().text()).toBe(200);
    for (const name of [post.cover, galleryPhoto]) expect((await fetch(`${cms.url}/uploads/${name}`)).status).toBe(200);

    // Staff cannot withdraw; a Manager can.
    expect((await withdraw(post.cover, staff.token)).status).toBe(403);
    const withdrawn = await withdraw(post.cover);
    expect(withdrawn.status).toBe(200);
    expect(await json(withdrawn)).toMatchObject({
      state: 'withdrawn',
      record: { withdrawnBy: ADMIN_EMAIL, note: MARKER },
      unpublished: [{ kind: 'blog', id: post.id, title: 'School day' }],
    });
    const galleryWithdrawn = await withdraw(galleryPhoto);
    expect(galleryWithdrawn.status).toBe(200);
    expect((await json(galleryWithdrawn)).unpublished).toEqual([{ kind: 'image-gallery', id: galleryItem.id, title: 'Football' }]);

    const publicSightings = async () => {
      const graphql = await json(
        await fetch(`${cms.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ blogs(locale: "en") { numericId } imageGalleries(locale: "en") { numericId image { url } } }' }),
        }),
      );
      if (!graphql.data) throw new Error(JSON.stringify(graphql.errors));
      return {
        post: (await fetch(`${cms.url}/api/blog/${post.id}`)).status,
        galleryItem: (await fetch(`${cms.url}/api/image-gallery/${galleryItem.id}`)).status,
        galleryList: (await json(await fetch(`${cms.url}/api/image-gallery?pageSize=100`))).results.some(
          (entry: { id: number }) => entry.id === galleryItem.id,
        ),
        postInGraphql: graphql.data.blogs.some((entry: { numericId: number }) => entry.numericId === post.id),
        photoInGraphql: graphql.data.imageGalleries.some((entry: { image: { url: string } | null }) =>
          entry.image?.url.includes(galleryPhoto),
        ),
        uploads: [
          (await fetch(`${cms.url}/uploads/${post.cover}`)).status,
          (await fetch(`${cms.url}/uploads/${galleryPhoto}`, { method: 'HEAD' })).status,
        ],
      };
    };
    await expect
      .poll(publicSightings, { timeout: 2000, interval: 100 })
      .toEqual({ post: 404, galleryItem: 404, galleryList: false, postInGraphql: false, photoInGraphql: false, uploads: [404, 404] });

    // The post and the gallery item are drafts again, with the withdrawal on their records; the photo and its consent stay.
    expect(await storedStatus(post.id)).toBe('draft');
    expect(await cms.query(`SELECT publication FROM image_galleries WHERE id = ${Number(galleryItem.id)}`)).toEqual([
      { publication: 'draft' },
    ]);
    const galleryAudit = await json(await fetch(`${cms.url}/api/audit/image-gallery/${galleryItem.id}`, { headers: bearer(manager) }));
    expect(galleryAudit.results[0]).toMatchObject({ action: 'unpublished', by: ADMIN_EMAIL });
    const audit = await json(await fetch(`${cms.url}/api/audit/blog/${post.id}`, { headers: bearer(manager) }));
    expect(audit.results.slice(0, 2)).toMatchObject([
      { action: 'unpublished', by: ADMIN_EMAIL },
      { action: 'withdrawn', by: ADMIN_EMAIL, photo: post.cover },
    ]);
    // The team member stays on the team without the photo; its record says why.
    const memberAudit = await json(await fetch(`${cms.url}/api/audit/team-member/${memberId}`, { headers: bearer(manager) }));
    expect(memberAudit.results[0]).toMatchObject({ action: 'withdrawn', by: ADMIN_EMAIL, photo: post.cover });
    expect(await json(await fetch(`${cms.url}/api/team-member/${memberId}`))).toMatchObject({ id: memberId, photoUrl: null });
    const strapiRest = (path: string) => fetch(`${cms.url}/api/team-members${path}`).then(json);
    const documentId = memberRow[0]!.document_id;
    expect((await strapiRest(`/${documentId}?populate=photo`)).data).toMatchObject({ documentId, photo: null });
    expect((await strapiRest(`?populate=photo&filters[documentId]=${documentId}`)).data).toMatchObject([{ documentId, photo: null }]);
    // ...nor through its other language versions.
    const viaNepali = await strapiRest(`/${documentId}?populate[localizations][populate][photo]=true`);
    expect(viaNepali.data.localizations).toMatchObject([{ locale: 'ne', photo: null }]);
    expect(JSON.stringify(viaNepali)).not.toContain(post.cover.replace(/\.\w+$/, ''));
    expect(await cms.query(`SELECT action FROM publication_events WHERE kind = 'photo' AND action = 'withdrawn'`)).toHaveLength(2);
    const kept = await json(await fetch(`${cms.url}/api/consent/photos/${post.cover}`, { headers: bearer(staff.token) }));
    expect(kept).toMatchObject({ state: 'withdrawn', record: { givenBy: 'guardian', note: MARKER } });
    expect(kept.history).toBeUndefined();
    // Managers read the photo's history: each consent as it was given, and the withdrawal.
    const history = await json(await fetch(`${cms.url}/api/consent/photos/${post.cover}`, { headers: bearer(manager) }));
    expect(history.history).toMatchObject([
      { action: 'withdrawn', by: ADMIN_EMAIL, photo: post.cover },
      {
        action: 'consented',
        by: 'Sita Gurung',
        details: { showsChildren: true, givenBy: 'guardian', givenOn: VALID.givenOn, website: true },
      },
    ]);
    // A withdrawal cut short (here: the post found published again) is finished by asking again, with no second record.
    await cms.stopOnly();
    await cms.query(`UPDATE blogs SET publication = 'published' WHERE id = ${Number(post.id)}`, { write: true });
    await cms.bootOnly();
    const finished = await withdraw(post.cover);
    expect(finished.status).toBe(200);
    expect((await json(finished)).unpublished).toEqual([{ kind: 'blog', id: post.id, title: 'School day' }]);
    expect(await storedStatus(post.id)).toBe('draft');
    expect(await cms.query(`SELECT action FROM publication_events WHERE kind = 'photo' AND action = 'withdrawn'`)).toHaveLength(2);
    expect((await json(await withdraw(post.cover))).unpublished).toEqual([]);
    // A withdrawn consent is final: it cannot be recorded again, and a post showing the photo cannot go back up.
    const again = await consent(post.cover, VALID);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ message: 'Consent for this photo was withdrawn. Use another photo.' });
    expect((await publish(post)).status).toBe(409);
    // Staff still see the entries (to replace the photo), without a link to it.
    const staffView = await json(await fetch(`${cms.url}/api/image-gallery/${galleryItem.id}`, { headers: bearer(staff.token) }));
    expect(staffView).toMatchObject({ id: galleryItem.id, mediaUrl: null });
    // Deleting the entries that showed it keeps the photo with its record (and still serves it to no one).
    for (const path of [`/api/blog/${post.id}`, `/api/team-member/${memberId}`]) {
      expect((await fetch(`${cms.url}${path}`, { method: 'DELETE', headers: bearer(manager) })).status).toBeLessThan(300);
    }
    expect(await cms.query(`SELECT id FROM files WHERE id = ${Number(file!.id)}`)).toHaveLength(1);
    expect((await fetch(`${cms.url}/uploads/${post.cover}`)).status).toBe(404);

    // The dashboard's list: a consent whose review is near is listed, a withdrawn one is not.
    const soon = await submittedPost('Picnic');
    expect((await consent(soon.cover, { ...VALID, reviewOn: day(10) })).status).toBe(200);
    const due = await json(await fetch(`${cms.url}/api/consent/review`, { headers: bearer(manager) }));
    expect(due.photos.map((entry: { name: string }) => entry.name)).toContain(soon.cover);
    expect(due.photos.map((entry: { name: string }) => entry.name)).not.toContain(post.cover);
    expect(due.photos.find((entry: { name: string }) => entry.name === soon.cover)).toMatchObject({ state: 'due' });
  });

  it('shows nothing of a consent record to anyone but staff', async () => {
    const post = await submittedPost('Garden');
    expect((await consent(post.cover, VALID)).status).toBe(200);
    expect((await publish(post)).status).toBe(200);

    for (const path of [
      `/api/consent/photos/${post.cover}`,
      `/api/consent/photos?names=${post.cover}`,
      '/api/consent/review',
      '/api/photo-consents',
    ]) {
      expect([401, 403, 404]).toContain((await fetch(`${cms.url}${path}`)).status);
    }
    expect([401, 403]).toContain(
      (
        await fetch(`${cms.url}/api/consent/photos/${post.cover}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    );
    const graphqlConsent = await json(
      await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ photoConsents { documentId } }' }),
      }),
    );
    expect(graphqlConsent.data?.photoConsents ?? null).toBeNull();

    // Every public answer that shows the post or its photo, read whole.
    const answers = await Promise.all(
      [
        `/api/blog/${post.id}`,
        '/api/blog?pageSize=100',
        `/api/blogs?populate=*`,
        `/api/upload/files`,
        `/api/post-photo-sizes?url=/uploads/${post.cover}`,
      ].map(async (path) => (await fetch(`${cms.url}${path}`)).text()),
    );
    const graphql = await (
      await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ blogs(locale: "en") { title media { url alternativeText caption name } } }' }),
      })
    ).text();
    for (const answer of [...answers, graphql]) {
      expect(answer).not.toContain(MARKER);
      expect(answer).not.toMatch(/showsChildren|givenBy|reviewOn|withdrawn/);
    }
    expect(graphql).toContain('Garden');
  });

  it("keeps the children's full names for staff: Managers write the list, Staff read it, nobody else sees it", async () => {
    const put = (body: unknown, token?: string) =>
      fetch(`${cms.url}/api/child-names`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        body: JSON.stringify(body),
      });
    expect((await put({ names: ['Sita Gurung'] }, staff.token)).status).toBe(403);
    expect([401, 403]).toContain((await put({ names: ['Sita Gurung'] })).status);
    const oneWord = await put({ names: ['Sita'] }, manager);
    expect(oneWord.status).toBe(400);
    expect(await json(oneWord)).toEqual({
      message: 'Write each full name, first name and family name: a first name alone would warn about every story.',
      errors: { names: ['Write each full name, first name and family name: a first name alone would warn about every story.'] },
    });
    const saved = await put({ names: ['  Sita   Gurung ', '', 'sita gurung', 'सीता गुरुङ'] }, manager);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({ names: ['Sita Gurung', 'सीता गुरुङ'] });
    expect(await json(await fetch(`${cms.url}/api/child-names`, { headers: bearer(staff.token) }))).toEqual({
      names: ['Sita Gurung', 'सीता गुरुङ'],
    });
    expect([401, 403]).toContain((await fetch(`${cms.url}/api/child-names`)).status);
    const graphql = await (
      await fetch(`${cms.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ childNameList { documentId } }' }),
      })
    ).text();
    expect(graphql).not.toContain('Gurung');
  });
});
