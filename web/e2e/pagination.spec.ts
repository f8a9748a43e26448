import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startOwnStack } from "./support/own-stack";
import { fixture, hydrated, STAFF } from "./admin/support";

// Years of content: 130 posts (every other one with a Nepali version), 110 images and 50 committee
// members, on a stack of its own (exact counts; the shared stack's content changes under the other specs).
const POSTS = 130;
const IMAGES = 110;
const MEMBERS = 50;
/** Posts whose title has this word: 26 of them, one more than an admin page holds. */
const MARKED = "Dashain";
const SITEMAP_MAX_URLS = 100;

test.describe("years of content", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Awaited<ReturnType<typeof startOwnStack>>;
  let token: string;
  /** Ids in creation order (oldest first). */
  const posts: { id: number; title: string; nepali: string | null }[] = [];
  const images: number[] = [];
  /** Member names in the order they were added (the committee page's order). */
  const members: string[] = [];

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.cmsUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
    return response.status === 204 ? null : response.json();
  };
  const form = (fields: Record<string, string>, file?: { field: string; name: string; bytes: Buffer }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
    return body;
  };

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    stack = await startOwnStack("pagination", { webEnv: { SITEMAP_MAX_URLS: String(SITEMAP_MAX_URLS) } });
    const login = await fetch(`${stack.cmsUrl}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STAFF),
    });
    token = (await login.json()).token;
    await api("/api/demo-content", { method: "DELETE" });
    for (let n = 1; n <= POSTS; n++) {
      const title = `${n % 5 === 0 ? `${MARKED} ` : ""}Weekly news ${String(n).padStart(3, "0")}`;
      const post = await api("/api/blog", {
        method: "POST",
        body: form({ title, content: `Post number ${n}.`, author: "staff@example.org" }),
      });
      const nepali = n % 2 === 0 ? `साप्ताहिक समाचार ${String(n).padStart(3, "0")}` : null;
      if (nepali) await api(`/api/blog/${post.id}?locale=ne`, { method: "PUT", body: form({ title: nepali, content: `समाचार ${n}।` }) });
      posts.push({ id: post.id, title, nepali });
    }
    const png = readFileSync(fixture("hills.png"));
    for (let n = 1; n <= IMAGES; n++) {
      const image = await api("/api/image-gallery", {
        method: "POST",
        body: form({ title: `Picture ${n}`, description: `Picture number ${n}.` }, { field: "image", name: "hills.png", bytes: png }),
      });
      images.push(image.id);
    }
    for (let n = 1; n <= MEMBERS; n++) {
      const name = `Member ${String(n).padStart(3, "0")}`;
      await api("/api/team-member", {
        method: "POST",
        body: form({ name, role: "Volunteer", bio: `Member number ${n}.` }, { field: "photo", name: "hills.png", bytes: png }),
      });
      members.push(name);
    }
    // Each change empties the web's caches, but a page whose new copy takes longer than
    // WEB_CACHE_CHANGE_WAIT_MS (a busy machine) is served from its previous copy meanwhile:
    // wait until the lists' first pages show the newest entries.
    const shows = async (path: string, needle: string) => (await (await fetch(`${stack.webUrl}${path}`)).text()).includes(needle);
    for (const prefix of ["", "/ne"]) {
      await expect.poll(() => shows(`${prefix}/blogs`, `/blogs/details/${posts.at(-1)!.id}"`), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => shows(`${prefix}/gallery`, `data-gallery-open="${images.at(-1)}"`), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => shows(`${prefix}/current-committee`, "Member "), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => shows(`${prefix}/current-committee?page=2`, members.at(-1)!), { timeout: 60_000 }).toBe(true);
    }
  });
  test.afterAll(async () => stack?.stop());

  /** Follows every page link from `start` (no JavaScript: links only); the pages' item ids and titles. */
  async function crawl<Id>(browser: Browser, start: string, itemIds: (page: Page) => Promise<Id[]>) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const seen = new Set<string>();
    const queue = [start];
    const ids = new Set<Id>();
    const titles: string[] = [];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const response = await page.goto(`${stack.webUrl}${url}`);
      expect(response?.status(), url).toBe(200);
      for (const id of await itemIds(page)) ids.add(id);
      titles.push(await page.title());
      for (const href of await page.locator("nav[data-pager] a").evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
        if (!seen.has(href)) queue.push(href);
      }
    }
    await context.close();
    return { ids, pages: seen, titles };
  }

  const postIdsOn = (page: Page) =>
    page
      .getByTestId("blog-list")
      .locator('a[href*="/blogs/details/"]')
      .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")!.split("/").pop())));
  const imageIdsOn = (page: Page) =>
    page
      .getByTestId("image-grid")
      .locator("a[data-gallery-open]")
      .evaluateAll((links) => links.map((a) => Number(a.getAttribute("data-gallery-open"))));

  const memberNamesOn = (page: Page) => page.getByTestId("committee-list").getByRole("heading", { level: 2 }).allTextContents();

  test("every post, image and committee member is reachable by links from page 1, in English and Nepali", async ({ browser }) => {
    test.setTimeout(180_000);
    for (const prefix of ["", "/ne"]) {
      const blogs = await crawl(browser, `${prefix}/blogs`, postIdsOn);
      expect([...blogs.ids].sort((a, b) => a - b)).toEqual(posts.map((post) => post.id).sort((a, b) => a - b));
      expect(blogs.pages.size).toBe(Math.ceil(POSTS / 12));
      const gallery = await crawl(browser, `${prefix}/gallery`, imageIdsOn);
      expect([...gallery.ids].sort((a, b) => a - b)).toEqual([...images].sort((a, b) => a - b));
      expect(gallery.pages.size).toBe(Math.ceil(IMAGES / 24));
      const committee = await crawl(browser, `${prefix}/current-committee`, memberNamesOn);
      expect([...committee.ids]).toEqual(members);
      expect(committee.pages.size).toBe(Math.ceil(MEMBERS / 48));
    }
  });

  test("each page has its own title, canonical URL and rel links; Nepali pages show the Nepali versions in Devanagari digits", async ({
    page,
  }) => {
    await page.goto(`${stack.webUrl}/blogs?page=2`);
    await expect(page).toHaveTitle(/^Blogs – page 2 \|/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${stack.webUrl}/blogs?page=2`);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager.locator('a[rel="prev"]')).toHaveAttribute("href", "/blogs");
    await expect(pager.locator('a[rel="next"]')).toHaveAttribute("href", "/blogs?page=3");
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    // Newest first: page 2 starts with the 13th newest post.
    const newest = [...posts].reverse();
    await expect(page.getByTestId("blog-list").getByRole("heading").first()).toHaveText(newest[12]!.title);

    await page.goto(`${stack.webUrl}/ne/blogs?page=2`);
    await expect(page).toHaveTitle(/– पृष्ठ २ \|/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${stack.webUrl}/ne/blogs?page=2`);
    const nepaliPager = page.getByRole("navigation", { name: "पृष्ठहरू" });
    await expect(nepaliPager.locator('[aria-current="page"]')).toHaveText("२");
    await expect(nepaliPager.locator('a[rel="next"]')).toHaveAttribute("href", "/ne/blogs?page=3");
    // The rows of the page, each in Nepali where it has a Nepali version, else in English.
    const headings = await page.getByTestId("blog-list").getByRole("heading").allTextContents();
    expect(headings).toEqual(newest.slice(12, 24).map((post) => post.nepali ?? post.title));
  });

  test("the page links fit every width from 360 px, in both languages", async ({ browser }, testInfo) => {
    // Sixteen pages of a large site, each loaded and photographed.
    test.setTimeout(120_000);
    for (const width of [360, 390, 1024, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const path of ["/blogs?page=5", "/ne/blogs?page=5", "/gallery?page=3", "/ne/gallery?page=3"]) {
        await page.goto(`${stack.webUrl}${path}`);
        const pager = page.locator("nav[data-pager]");
        await pager.scrollIntoViewIfNeeded();
        // Nothing sticks out sideways, every link is a comfortable target.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width);
        for (const box of await pager
          .locator("a, [aria-current]")
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()))) {
          expect(box.right, `${path} at ${width}`).toBeLessThanOrEqual(width);
          expect(box.height).toBeGreaterThanOrEqual(44);
        }
        await pager.screenshot({ path: testInfo.outputPath(`pager-${width}-${path.replace(/[/?=]+/g, "_")}.png`) });
      }
      await context.close();
    }
  });

  test("a page that does not exist is the site's 404 page", async ({ page }) => {
    for (const path of [
      "/blogs?page=12",
      "/blogs?page=0",
      "/blogs?page=abc",
      "/blogs?page=02",
      "/ne/blogs?page=999",
      "/gallery?page=6",
      "/gallery?tab=videos&page=2",
      "/blogs?page=1&page=2",
      "/current-committee?page=3",
      "/ne/current-committee?page=0",
    ]) {
      const response = await page.goto(`${stack.webUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(path.startsWith("/ne") ? /पृष्ठ/ : "Oops! Page not found");
    }
    expect((await page.goto(`${stack.webUrl}/blogs?page=11`))?.status()).toBe(200);
    expect((await page.goto(`${stack.webUrl}/current-committee?page=2`))?.status()).toBe(200);
  });

  test("an image opened on page 3 keeps its page, with and without JavaScript", async ({ browser }) => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${stack.webUrl}/gallery?page=3`);
      const link = page.getByTestId("image-grid").getByRole("link").first();
      const label = (await link.getAttribute("aria-label"))!.replace(/^Open image: /, "");
      await link.click();
      await expect(page).toHaveURL(/\/gallery\?page=3&image=\d+$/);
      const dialog = page.getByRole("dialog", { name: label });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`${stack.webUrl}/gallery?page=3`);
      await context.close();
    }
  });

  test("the sitemap lists every post and list page in both languages, split under an index", async () => {
    const index = await (await fetch(`${stack.webUrl}/sitemap.xml`)).text();
    expect(index).toContain("<sitemapindex");
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const locs: string[] = [];
    for (const file of files) {
      const response = await fetch(file);
      expect(response.status, file).toBe(200);
      const urls = [...(await response.text()).matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      locs.push(...urls);
    }
    expect((await fetch(`${stack.webUrl}/sitemaps/${files.length + 1}.xml`)).status).toBe(404);
    for (const post of posts) {
      expect(locs).toContain(`${stack.webUrl}/blogs/details/${post.id}`);
      expect(locs).toContain(`${stack.webUrl}/ne/blogs/details/${post.id}`);
    }
    expect(locs).toContain(`${stack.webUrl}/blogs?page=11`);
    expect(locs).toContain(`${stack.webUrl}/ne/gallery?page=5`);
    expect(locs).toContain(`${stack.webUrl}/current-committee?page=2`);
    expect(locs).toContain(`${stack.webUrl}/ne/current-committee?page=2`);
    expect(locs).not.toContain(`${stack.webUrl}/current-committee?page=3`);
    expect(new Set(locs).size).toBe(locs.length);
    // The feed: the newest posts, newest first.
    const rss = await (await fetch(`${stack.webUrl}/blogs/rss.xml`)).text();
    const titles = [...rss.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((match) => match[1]);
    expect(titles.slice(0, 3)).toEqual(
      [...posts]
        .reverse()
        .slice(0, 3)
        .map((post) => post.title),
    );
  });

  async function signIn(page: Page, path: string) {
    await page.goto(`${stack.webUrl}/login?redirectTo=${encodeURIComponent(path)}`);
    await hydrated(page);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${stack.webUrl}${path}`);
  }

  test("staff page through 25 at a time, find an old post by its Nepali title and edit it, and come back to the same place", async ({
    page,
  }) => {
    await signIn(page, "/bloglist");
    await expect(page.getByRole("status").filter({ hasText: "of 130" })).toHaveText("1–25 of 130");
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(25);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 6" }).click();
    await expect(page).toHaveURL(`${stack.webUrl}/bloglist?page=6`);
    await expect(page.getByRole("status").filter({ hasText: "of 130" })).toHaveText("126–130 of 130");

    // The second-oldest post, found by its Nepali title (a GET form: the search is in the URL).
    const old = posts[1]!;
    await page.getByLabel("Search by title or name (English or Nepali)").fill(old.nepali!);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(`${stack.webUrl}/bloglist?q=${encodeURIComponent(old.nepali!).replace(/%20/g, "+")}`);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(old.title);
    await rows.getByRole("link", { name: `Edit ${old.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/edit/${old.id}\\?back=`));
    await hydrated(page);
    await page.getByLabel("Title").fill(`${old.title} (corrected)`);
    await page.getByRole("button", { name: "Save" }).click();
    // Back on the same search, the post changed there and at the CMS.
    await expect(page).toHaveURL(`${stack.webUrl}/bloglist?q=${encodeURIComponent(old.nepali!).replace(/%20/g, "+")}`);
    await expect(page.getByRole("table").locator("tbody tr")).toContainText(`${old.title} (corrected)`);
    expect((await api(`/api/blog/${old.id}`)).title).toBe(`${old.title} (corrected)`);
  });

  test("deleting the last item on a page lands on the page before, with the search kept", async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      if (javaScriptEnabled) await signIn(page, "/bloglist");
      else {
        await page.goto(`${stack.webUrl}/login`);
        await page.getByLabel("Email").fill(STAFF.email);
        await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
        await page.getByRole("button", { name: "Login" }).click();
        await page.waitForURL(`${stack.webUrl}/dashboard`);
      }
      const marked = (await api(`/api/blog?q=${MARKED}&pageSize=100`)).count as number;
      expect(marked).toBe(26 - (javaScriptEnabled ? 0 : 1));
      // 26 matches: page 2 holds the 26th alone. Without JavaScript one fewer: page 2 needs one more.
      if (!javaScriptEnabled)
        await api("/api/blog", { method: "POST", body: form({ title: `${MARKED} extra`, content: "x", author: "staff@example.org" }) });
      await page.goto(`${stack.webUrl}/bloglist?q=${MARKED}&page=2`);
      const rows = page.getByRole("table").locator("tbody tr");
      await expect(rows).toHaveCount(1);
      const last = (await api(`/api/blog?q=${MARKED}&page=2&pageSize=25`)).results[0];
      await rows.getByRole("link", { name: `Delete ${last.title}` }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page).toHaveURL(`${stack.webUrl}/bloglist?q=${MARKED}`);
      await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(25);
      expect((await api(`/api/blog?q=${MARKED}`)).count).toBe(25);
      await expect(page.getByText("of 25")).toBeVisible();
      await context.close();
    }
  });
});
