import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { form, json, login, send } from './helpers/api';
import { freePort, startTestWeb, type TestWeb } from './helpers/web-server';
// @ts-expect-error plain ESM script shared with the benchmark
import { markdownPattern } from '../../scripts/lib/markdown-patterns.mjs';

// One blog post could take the website down: the web server parsed Markdown on its only thread,
// and some inputs took time growing with the square of their length (5 KB of "[a](" took 6.8 s),
// so a post page answered 503 after 9-21 s while every other page and /_health waited, and
// `?x=N` made it start again. Now posts render on worker threads, in linear time, within
// MARKDOWN_RENDER_TIMEOUT_MS (past it: the post as escaped text), once per version of their text
// (docs/decisions/017-bounded-markdown.md). Posts here are 100,000 characters, the field's maximum.
const MAX = 100_000;
const HOSTILE = '<script>alert(1)</script>\n\n';
/** The finding's pattern, markdown-it's slowest (a table whose rows multiply), and nested emphasis. */
const POSTS = [
  { family: 'link_paren_open', rendered: '[a]([a](' },
  { family: 'table_amplify', rendered: '<table>' },
  { family: 'nested_strong_emph', rendered: '<em>' },
] as const;

let cms: TestCms;
let web: TestWeb;
/** A web server whose time limit (50 ms) the table post is sure to exceed. */
let strict: TestWeb;
let token: string;
const created: { id: number; family: string; rendered: string; content: string }[] = [];

beforeAll(async () => {
  const [webPort, strictPort] = [await freePort(), await freePort()];
  const revalidate = [webPort, strictPort].map((port) => `http://127.0.0.1:${port}/_internal/revalidate`).join(',');
  cms = await startTestCms({ seed: true, env: { WEB_REVALIDATE_URL: revalidate } });
  token = (await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.token;
  // Started before the posts exist: their first renderings happen during the test, not the warm-up.
  // After the posts are added, /blogs and the feed wait for their new copies (not the old ones at
  // once, as visitors would after 250 ms): their requests last as long as the renderings.
  web = await startTestWeb(cms, { WEB_CACHE_CHANGE_WAIT_MS: '30000' }, webPort);
  strict = await startTestWeb(cms, { MARKDOWN_RENDER_TIMEOUT_MS: '50' }, strictPort);
}, 300_000);

afterAll(async () => {
  await strict?.stop();
  await web?.stop();
  await cms?.stop();
});

/** At most MAX characters as the CMS counts them: a form sends every line break as CRLF. */
const fitted = (content: string) => {
  const length = (text: string) => text.replace(/\r?\n/g, '\r\n').length;
  while (length(content) > MAX) content = content.slice(0, content.length - Math.ceil((length(content) - MAX) / 2));
  expect(length(content)).toBeGreaterThan(MAX - 100);
  return content;
};

/** The post's body as the page shows it. */
const articleOf = (html: string) => {
  const start = html.indexOf('data-testid="blog-content"');
  return start === -1 ? '' : html.slice(start, html.indexOf('</article>', start));
};
const escapedFallback = (content: string) =>
  `<p>${content.split('\n\n')[1]!.slice(0, 40).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`;

describe('a pathological blog post (100,000 characters)', () => {
  it('is stored through the contract', async () => {
    for (const { family, rendered } of POSTS) {
      const content = fitted(HOSTILE + markdownPattern(family, MAX - HOSTILE.length));
      const response = await send(
        cms.url,
        'POST',
        '/api/blog',
        form({ title: `Pathological ${family}`, content, author: 'staff@example.org' }),
        token,
      );
      expect(response.status, await response.clone().text()).toBe(201);
      created.push({ id: (await json(response)).id, family, rendered, content });
    }
  });

  it('does not hold up other requests while its page, the list and the feed render it', async () => {
    expect(created).toHaveLength(POSTS.length);
    // /_health, again and again, for as long as the pages take: each answer within a second.
    const health: number[] = [];
    let rendering = true;
    const probe = (async () => {
      while (rendering) {
        const started = performance.now();
        const response = await fetch(`${web.url}/_health`, { signal: AbortSignal.timeout(10_000) });
        expect(response.status).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const get = (path: string) => fetch(`${web.url}${path}`, { signal: AbortSignal.timeout(30_000) });
    const [list, feed, ...pages] = await Promise.all([
      get('/blogs'),
      get('/blogs/rss.xml'),
      ...created.map((post) => get(`/blogs/details/${post.id}`)),
    ]);
    rendering = false;
    await probe;

    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(1000);
    expect(list.status).toBe(200);
    expect(feed.status).toBe(200);
    const [listHtml, feedXml] = [await list.text(), await feed.text()];
    for (const [index, post] of created.entries()) {
      expect(listHtml).toContain(`Pathological ${post.family}`);
      expect(feedXml).toContain(`Pathological ${post.family}`);
      const page = pages[index]!;
      expect(page.status, post.family).toBe(200);
      // Its rendering, or (past the time limit) its text escaped: never the script.
      const article = articleOf(await page.text());
      expect(article.includes(post.rendered) || article.includes(escapedFallback(post.content)), post.family).toBe(true);
      expect(article).not.toContain('<script>');
    }
  }, 120_000);

  it('is not rendered again for URLs with other query strings', async () => {
    const [post] = created;
    // The copy is made (or found) first: a content-change call from the posts' creation that
    // arrives late may have made the earlier one out of date.
    expect((await fetch(`${web.url}/blogs/details/${post!.id}`)).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, n) => fetch(`${web.url}/blogs/details/${post!.id}?x=${n}`)));
    // All from that copy: a hit, or (on a machine so busy that the post was shown as a stand-in
    // while its rendering waited) that copy kept until it is made again; never rendered now.
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(['hit', 'fallback']).toContain(response.headers.get('x-cache'));
    }
  });

  it('past the time limit, shows as escaped text, with one line in the log however often it is read', async () => {
    const table = created.find((post) => post.family === 'table_amplify')!;
    for (const path of [
      `/blogs/details/${table.id}`,
      `/blogs/details/${table.id}?x=1`,
      `/ne/blogs/details/${table.id}`,
      '/blogs',
      '/blogs/rss.xml',
    ]) {
      const response = await fetch(`${strict.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      if (path.includes('/details/')) {
        const article = articleOf(html);
        expect(article).toContain(`<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>`);
        expect(article).toContain(escapedFallback(table.content));
        expect(article).not.toContain('<table>');
      }
    }
    const lines = (await strict.logs()).split('\n').filter((line) => line.includes(`[markdown] blog ${table.id} (en)`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\(sha256 [\w-]{16}\) took longer than 50 ms to render: shown as plain text$/);
    // The site goes on: another page renders as usual.
    expect((await fetch(`${strict.url}/blogs/details/${created[2]!.id}`)).status).toBe(200);
  });
});
