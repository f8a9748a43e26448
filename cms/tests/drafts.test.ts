import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, json, login, send } from './helpers/api';

// A blog post saved as a draft is for staff only: no anonymous read of any kind shows it until it is
// published; a save without a status publishes, as every save did before drafts.

let cms: TestCms;
let token: string;

beforeAll(async () => {
  cms = await startTestCms({ env: { LOGIN_MAX_FAILURES: '1000' } });
  const result = await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(result.status).toBe(200);
  token = result.body.token;
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

const post = (fields: Record<string, string>) => ({ title: 'Dashain', content: 'We celebrated.', author: 'staff@example.org', ...fields });

const graphql = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const response = await fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await json(response) };
};

/** Every anonymous read that could show a post: the contract's list, search and detail, Strapi's REST, GraphQL, the sitemap. */
async function anonymousSightings(id: number, title: string) {
  const stored = (await cms.query<{ document_id: string }>(`SELECT document_id FROM blogs WHERE id = ${id}`))[0]!;
  const list = await json(await fetch(`${cms.url}/api/blog`));
  const search = await json(await fetch(`${cms.url}/api/blog?q=${encodeURIComponent(title)}`));
  const nepaliList = await json(await fetch(`${cms.url}/api/blog?locale=ne`));
  const detail = await fetch(`${cms.url}/api/blog/${id}`);
  const nepaliDetail = await fetch(`${cms.url}/api/blog/${id}?locale=ne`);
  const strapiList = await json(await fetch(`${cms.url}/api/blogs`));
  const strapiOne = await fetch(`${cms.url}/api/blogs/${stored.document_id}`);
  const gql = await graphql(
    `
      query ($id: Int!, $documentId: ID!) {
        blogs(locale: "en") {
          numericId
        }
        blogs_connection(locale: "en") {
          nodes {
            numericId
          }
          pageInfo {
            total
          }
        }
        blogByNumericId(id: $id) {
          numericId
        }
        ne: blogByNumericId(id: $id, locale: "ne") {
          numericId
        }
        blog(documentId: $documentId) {
          numericId
        }
      }
    `,
    { id, documentId: stored.document_id },
  );
  const sitemap = await json(await fetch(`${cms.url}/api/sitemap-entries`));
  return {
    list: list.results.some((entry: { id: number }) => entry.id === id),
    search: search.count,
    nepaliList: nepaliList.results.some((entry: { id: number }) => entry.id === id),
    detail: detail.status,
    nepaliDetail: nepaliDetail.status,
    strapiList: strapiList.data.some((entry: { title: string }) => entry.title === title),
    strapiOne: strapiOne.status,
    graphqlList: gql.body.data.blogs.some((entry: { numericId: number }) => entry.numericId === id),
    graphqlConnection: gql.body.data.blogs_connection.nodes.some((entry: { numericId: number }) => entry.numericId === id),
    graphqlTotal: gql.body.data.blogs_connection.pageInfo.total,
    graphqlOne: gql.body.data.blogByNumericId,
    graphqlNepali: gql.body.data.ne,
    graphqlByDocumentId: gql.body.data.blog,
    sitemap: sitemap.posts.some(([postId]: [number]) => postId === id),
  };
}

const hidden = {
  list: false,
  search: 0,
  nepaliList: false,
  detail: 404,
  nepaliDetail: 404,
  strapiList: false,
  strapiOne: 404,
  graphqlList: false,
  graphqlConnection: false,
  graphqlTotal: 0,
  graphqlOne: null,
  graphqlNepali: null,
  graphqlByDocumentId: null,
  sitemap: false,
};

describe('blog drafts', () => {
  it('keeps a draft, and its Nepali version, from every anonymous read, shows it to staff, and shows it everywhere once published', async () => {
    const created = await send(cms.url, 'POST', '/api/blog', form(post({ title: 'Tihar draft', status: 'draft' })), token);
    expect(created.status).toBe(201);
    const draft = await json(created);
    expect(draft).toMatchObject({ title: 'Tihar draft', status: 'draft' });
    expect((await cms.query(`SELECT publication FROM blogs WHERE id = ${draft.id}`))[0]).toEqual({ publication: 'draft' });
    const nepali = await send(cms.url, 'PUT', `/api/blog/${draft.id}?locale=ne`, form({ title: 'तिहार', content: 'बत्ती।' }), token);
    expect(nepali.status).toBe(200);
    // The Nepali save leaves the post a draft.
    expect(await json(nepali)).toMatchObject({ status: 'draft', locale: 'ne' });

    expect(await anonymousSightings(draft.id, 'Tihar draft')).toEqual(hidden);

    // Staff see it, in both languages, in the list and by its id; the preview query gives it to them only.
    const staffList = await json(await fetch(`${cms.url}/api/blog`, { headers: bearer(token) }));
    expect(staffList.results.map((entry: { id: number; status: string }) => [entry.id, entry.status])).toEqual([[draft.id, 'draft']]);
    const staffOne = await fetch(`${cms.url}/api/blog/${draft.id}?locale=ne`, { headers: bearer(token) });
    expect(staffOne.status).toBe(200);
    expect(await json(staffOne)).toMatchObject({ id: draft.id, title: 'तिहार', status: 'draft' });
    const preview = `query ($id: Int!) { blogPreviewByNumericId(id: $id, locale: "ne") { numericId title } }`;
    expect((await graphql(preview, { id: draft.id }, bearer(token))).body.data).toEqual({
      blogPreviewByNumericId: { numericId: draft.id, title: 'तिहार' },
    });
    const refused = await graphql(preview, { id: draft.id });
    expect(refused.body.data?.blogPreviewByNumericId ?? null).toBeNull();
    expect(refused.body.errors[0].message).toBe('Forbidden access');

    // Published: every read shows it.
    const published = await send(cms.url, 'PUT', `/api/blog/${draft.id}`, form(post({ title: 'Tihar draft', status: 'published' })), token);
    expect(published.status).toBe(200);
    expect(await json(published)).toMatchObject({ status: 'published' });
    expect(await anonymousSightings(draft.id, 'Tihar draft')).toEqual({
      list: true,
      search: 1,
      nepaliList: true,
      detail: 200,
      nepaliDetail: 200,
      strapiList: true,
      strapiOne: 200,
      graphqlList: true,
      graphqlConnection: true,
      graphqlTotal: 1,
      graphqlOne: { numericId: draft.id },
      graphqlNepali: { numericId: draft.id },
      graphqlByDocumentId: { numericId: draft.id },
      sitemap: true,
    });
    expect(await json(await fetch(`${cms.url}/api/blog/${draft.id}?locale=ne`))).toMatchObject({ title: 'तिहार', status: 'published' });

    // Unpublished: gone again, with the same id.
    const unpublished = await send(cms.url, 'PUT', `/api/blog/${draft.id}`, form(post({ title: 'Tihar draft', status: 'draft' })), token);
    expect(await json(unpublished)).toMatchObject({ id: draft.id, status: 'draft' });
    expect(await anonymousSightings(draft.id, 'Tihar draft')).toEqual(hidden);

    expect((await send(cms.url, 'DELETE', `/api/blog/${draft.id}`, undefined, token)).status).toBe(204);
  });

  it('publishes a save that names no status, as before drafts: a new post, and an edit of a draft', async () => {
    const created = await json(await send(cms.url, 'POST', '/api/blog', form(post({ title: 'Plain save' })), token));
    expect(created.status).toBe('published');
    expect((await fetch(`${cms.url}/api/blog/${created.id}`)).status).toBe(200);
    await send(cms.url, 'PUT', `/api/blog/${created.id}`, form(post({ title: 'Plain save', status: 'draft' })), token);
    expect((await fetch(`${cms.url}/api/blog/${created.id}`)).status).toBe(404);
    const edited = await send(cms.url, 'PUT', `/api/blog/${created.id}`, form(post({ title: 'Plain save' })), token);
    expect(await json(edited)).toMatchObject({ status: 'published' });
    expect((await fetch(`${cms.url}/api/blog/${created.id}`)).status).toBe(200);
    expect((await send(cms.url, 'DELETE', `/api/blog/${created.id}`, undefined, token)).status).toBe(204);
  });

  it('refuses a status that is none of draft, submitted or published, and stores nothing', async () => {
    const refused = await send(cms.url, 'POST', '/api/blog', form(post({ status: 'public' })), token);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      message: 'Status must be draft, submitted or published',
      errors: { status: ['Status must be draft, submitted or published'] },
    });
    expect(await cms.countRows('blogs')).toBe(0);
  });

  it('shows a post stored before drafts (no publication) to visitors, as it was', async () => {
    const created = await json(await send(cms.url, 'POST', '/api/blog', form(post({ title: 'Older post' })), token));
    await cms.stopOnly();
    await cms.query(`UPDATE blogs SET publication = NULL WHERE id = ${created.id}`, { write: true });
    await cms.bootOnly();
    const read = await fetch(`${cms.url}/api/blog/${created.id}`);
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ title: 'Older post', status: 'published' });
    const gql = await graphql(`
      {
        blogs(locale: "en") {
          title
        }
      }
    `);
    expect(gql.body.data.blogs).toEqual([{ title: 'Older post' }]);
  });
});
