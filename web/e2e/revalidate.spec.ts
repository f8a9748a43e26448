import { expect, test } from "./support/fixtures";

const CMS = `http://127.0.0.1:${process.env.E2E_CMS_PORT ?? 1437}`;
const STAFF = {
  email: process.env.ADMIN_EMAIL || "admin@example.org",
  password: process.env.ADMIN_PASSWORD || "Namaste-2026",
};

interface ContractBlog {
  id: number;
  title: string;
  content: string;
  author: string;
}

/**
 * public pages come from the web server's cache, and the CMS's signed "content
 * changed" call empties it, so a staff edit shows within a second, without a restart.
 */
test("a staff edit through the CMS contract shows on the public page within 1 s", async ({ request }) => {
  const login = await request.post(`${CMS}/api/users/login`, { data: STAFF });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };

  // The oldest post: other tests read the newest ones, and the English fallback test the second-oldest.
  const list = (await (await request.get(`${CMS}/api/blog`)).json()) as { results: ContractBlog[] };
  const blog = [...list.results].sort((a, b) => a.id - b.id)[0]!;
  const page = `/blogs/details/${blog.id}`;

  // Warm: the second request is answered from the cache.
  await request.get(page);
  const warm = await request.get(page);
  expect(warm.headers()["x-cache"]).toBe("hit");
  expect(await warm.text()).toContain(blog.title);

  const edited = `${blog.title} (edited ${Date.now().toString(36)})`;
  const save = (title: string) =>
    request.put(`${CMS}/api/blog/${blog.id}`, {
      headers: auth,
      multipart: { title, content: blog.content, author: blog.author },
    });
  try {
    expect((await save(edited)).status()).toBe(200);
    const saved = Date.now();
    // Poll the public page (each answer is a real request to the web server) for at most 1 s.
    await expect.poll(async () => (await (await request.get(page)).text()).includes(edited), { timeout: 1000, intervals: [25] }).toBe(true);
    expect(Date.now() - saved).toBeLessThan(1000);
    // The list of posts was dropped too: the oldest post is on its last page (other tests add
    // posts), reached by the page links.
    let list = await (await request.get("/blogs")).text();
    for (let page = 1; !list.includes(edited) && page < 100; page++) {
      const next = /<a rel="next"[^>]*href="([^"]+)"/.exec(list)?.[1];
      if (!next) break;
      list = await (await request.get(next.replace(/&amp;/g, "&"))).text();
    }
    expect(list).toContain(edited);
  } finally {
    expect((await save(blog.title)).status()).toBe(200);
  }
});

test("public pages are cacheable by a CDN, admin pages never; assets are immutable and compressed", async ({ request }) => {
  for (const path of ["/", "/blogs", "/gallery", "/current-committee", "/contact"]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  }
  // Errors are never kept by anyone.
  expect((await request.get("/no-such-page")).headers()["cache-control"]).toBe("no-store");
  for (const path of ["/login", "/dashboard", "/bloglist"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }

  const html = await (await request.get("/")).text();
  const script = /<script type="module" src="(\/assets\/enhance-[\w-]+\.js)"/.exec(html)?.[1];
  const css = /<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  for (const asset of [script!, css!]) {
    for (const encoding of ["br", "gzip"]) {
      const response = await request.get(asset, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["content-encoding"], `${asset} ${encoding}`).toBe(encoding);
    }
  }
  for (const encoding of ["br", "gzip"]) {
    const page = await request.get("/", { headers: { "Accept-Encoding": encoding } });
    expect(page.headers()["content-encoding"]).toBe(encoding);
    expect(page.headers()["vary"]).toContain("Accept-Encoding");
  }
});

test("public pages load no React: one small script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  for (const path of ["/", "/blogs", "/gallery", "/current-committee", "/contact"]) {
    scripts.length = 0;
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    expect(await page.locator("link[rel=modulepreload]").count(), path).toBe(0);
  }
});
