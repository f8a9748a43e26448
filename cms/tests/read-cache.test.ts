import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { bearer, form, jpegBytes, json, login, send } from './helpers/api';

// The micro-cache of anonymous reads (src/read-cache.ts) on a real CMS: what it shares, what it
// never shares, and that a write is seen by the very next read.
let cms: TestCms;
let token: string;

const POSTS_QUERY = '{ blogs(sort: "createdAt:desc", pagination: { limit: 3 }) { title } }';
const graphql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
const read = async (response: Promise<Response>) => {
  const answer = await response;
  return { status: answer.status, state: answer.headers.get('x-read-cache'), body: await answer.text() };
};

beforeAll(async () => {
  // Copies live a minute here, so a slow step on a busy machine cannot let one expire between two reads.
  cms = await startTestCms({ seed: true, env: { CMS_READ_CACHE_TTL_MS: '60000' } });
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
}, 240_000);

afterAll(async () => {
  await cms?.stop();
});

describe('anonymous reads', () => {
  it('are answered once and shared, over REST and GraphQL, with the same bytes', async () => {
    for (const ask of [() => fetch(`${cms.url}/api/blog?pageSize=3`), () => graphql(POSTS_QUERY)]) {
      const first = await read(ask());
      const second = await read(ask());
      expect(first.status).toBe(200);
      expect(second).toEqual({ ...first, state: 'hit' });
    }
  });

  it('arriving together all get the answer', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(graphql('{ teamMembers { name } }'))));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200 && JSON.parse(answer.body).data.teamMembers.length > 0)).toBe(true);
  });

  it('see a write at once: the next read after a staff change is the changed content', async () => {
    const title = `Cache check ${Date.now()}`;
    await read(fetch(`${cms.url}/api/blog?pageSize=3`));
    await read(graphql(POSTS_QUERY));
    const created = await json(
      await send(cms.url, 'POST', '/api/blog', form({ title, content: 'Text', author: 'staff@example.org' }), token),
    );
    const rest = await read(fetch(`${cms.url}/api/blog?pageSize=3`));
    expect(rest.state).toBe('miss');
    expect(JSON.parse(rest.body).results[0].title).toBe(title);
    expect(JSON.parse((await read(graphql(POSTS_QUERY))).body).data.blogs[0].title).toBe(title);

    await send(
      cms.url,
      'PUT',
      `/api/blog/${created.id}`,
      form({ title: `${title} (edited)`, content: 'Text', author: 'staff@example.org' }),
      token,
    );
    expect((await json(await fetch(`${cms.url}/api/blog/${created.id}`))).title).toBe(`${title} (edited)`);
    await send(cms.url, 'DELETE', `/api/blog/${created.id}`, undefined, token);
    expect((await fetch(`${cms.url}/api/blog/${created.id}`)).status).toBe(404);
    expect(JSON.parse((await read(graphql(POSTS_QUERY))).body).data.blogs.map((blog: { title: string }) => blog.title)).not.toContain(
      `${title} (edited)`,
    );
  });
});

/**
 * Reads `ask` until its answer is shared (a miss, then a hit), runs `write`, and says what the next
 * `ask` got. The seeded site's own background work (its demo videos made ready, for one) writes at
 * moments of its own: a round whose copy is gone before `write`, or (with `until`) whose answer
 * after it is not `until`, is tried again, up to three times. A write that always forgot the
 * answer would miss in every round.
 */
async function afterSharing(ask: () => ReturnType<typeof read>, write: () => Promise<unknown>, until?: string) {
  let after: Awaited<ReturnType<typeof read>> | undefined;
  for (let round = 0; round < 3; round++) {
    await ask();
    if ((await ask()).state !== 'hit') continue;
    await write();
    after = await ask();
    if (until === undefined || after.state === until) break;
  }
  if (!after) throw new Error('the answer was never shared');
  return after;
}

describe('a write forgets only the answers it could have changed', () => {
  const post = (title: string, files = {}) =>
    send(cms.url, 'POST', '/api/blog', form({ title, content: 'Text', author: 'staff@example.org' }, files), token);

  it('a new post leaves the committee shared, over REST and GraphQL, and the posts are read again', async () => {
    const title = `Kind check ${Date.now()}`;
    const committee = await afterSharing(
      () => read(fetch(`${cms.url}/api/team-member`)),
      () => post(title),
      'hit',
    );
    expect(committee.state).toBe('hit');
    const byGraphql = await afterSharing(
      () => read(graphql('{ teamMembers { name } }')),
      () => post(`${title} 2`),
      'hit',
    );
    expect(byGraphql.state).toBe('hit');
    const posts = await afterSharing(
      () => read(fetch(`${cms.url}/api/blog?pageSize=3`)),
      () => post(`${title} 3`),
    );
    expect(posts.state).toBe('miss');
    expect(JSON.parse(posts.body).results[0].title).toBe(`${title} 3`);
  });

  it('a change of the committee is read at once, by both ways of asking', async () => {
    const [member] = (await json(await fetch(`${cms.url}/api/team-member`))).results;
    const role = `Kind check ${Date.now()}`;
    const rename = async () => {
      const fields = { name: member.name, role, bio: member.bio };
      const renamed = await send(cms.url, 'PUT', `/api/team-member/${member.id}`, form(fields), token);
      expect(renamed.status, await renamed.text()).toBe(200);
    };
    // Both answers shared before the change: the GraphQL one around the change, the REST one around that.
    const rest = await afterSharing(
      () => read(fetch(`${cms.url}/api/team-member`)),
      async () => {
        const byGraphql = await afterSharing(() => read(graphql('{ teamMembers { role } }')), rename);
        expect(byGraphql.state).toBe('miss');
        expect(byGraphql.body).toContain(role);
      },
    );
    expect(rest.state).toBe('miss');
    expect(rest.body).toContain(role);
  });

  it('a stored file may show anywhere: a post with a photo forgets the committee too', async () => {
    const media = { bytes: await jpegBytes(), name: 'photo.jpg', type: 'image/jpeg' };
    const committee = await afterSharing(
      () => read(fetch(`${cms.url}/api/team-member`)),
      () => post(`Kind check photo ${Date.now()}`, { media }),
    );
    expect(committee.state).toBe('miss');
  });

  it('a query that names no kind of its own is forgotten by any write', async () => {
    const unnamed = await afterSharing(
      () => read(graphql('{ __typename teamMembers { name } }')),
      () => post(`Kind check unnamed ${Date.now()}`),
    );
    expect(unnamed.state).toBe('miss');
  });
});

describe('refused requests', () => {
  it('leave what is shared as it is: a failed login, an anonymous mutation, a write with a bad token', async () => {
    const ask = () => read(fetch(`${cms.url}/api/blog?pageSize=3`));
    const refused = [
      async () => {
        const failedLogin = await fetch(`${cms.url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: 'not the password' }),
        });
        expect(failedLogin.status).toBeGreaterThanOrEqual(400);
        expect(failedLogin.status).toBeLessThan(500);
      },
      async () => expect((await read(graphql('mutation { deleteBlog(documentId: "none") { documentId } }'))).body).toContain('Forbidden'),
      async () => {
        const badToken = await send(
          cms.url,
          'POST',
          '/api/blog',
          form({ title: 'x', content: 'x', author: 'x@example.org' }),
          'not-a-token',
        );
        expect(badToken.status).toBe(401);
      },
    ];
    // Each refused request between two reads of the same shared copy.
    for (const request of refused) expect((await afterSharing(ask, request, 'hit')).state).toBe('hit');
  });
});

describe('never shared', () => {
  it('a staff member’s reads, errors and not-found answers', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await read(fetch(`${cms.url}/api/blog?pageSize=3`, { headers: bearer(token) }))).state).toBeNull();
      expect((await read(fetch(`${cms.url}/api/blog/999999`))).state).toBeNull();
      const refused = await read(graphql('{ usersPermissionsUsers { email } }'));
      expect(refused.state).toBeNull();
      expect(refused.body).toContain('errors');
    }
  });

  it('a GraphQL mutation, which always runs (and is refused for an anonymous caller)', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await read(graphql('mutation { deleteBlog(documentId: "none") { documentId } }'));
      expect(answer.state).toBeNull();
      expect(answer.body).toContain('Forbidden');
    }
  });

  it('anything outside the content API', async () => {
    const health = await fetch(`${cms.url}/_health`);
    expect(health.headers.get('x-read-cache')).toBeNull();
    const locales = await fetch(`${cms.url}/api/i18n/locales`);
    await locales.arrayBuffer();
    expect((await fetch(`${cms.url}/api/i18n/locales`)).headers.get('x-read-cache')).toBeNull();
  });
});

describe('CMS_READ_CACHE=off', () => {
  it('answers every read itself', async () => {
    await cms.restart({ CMS_READ_CACHE: 'off' });
    for (let i = 0; i < 2; i++) expect((await read(fetch(`${cms.url}/api/blog?pageSize=3`))).state).toBeNull();
    await cms.restart({ CMS_READ_CACHE: 'on' });
  }, 120_000);
});
