import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

/** The id in a blog list row's Edit link. */
async function postId(page: Page, title: string): Promise<string> {
  const edit = page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  return /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;
}

/** Every public place a post could show, as an anonymous visitor (no cookie) gets it. */
async function publicText(request: APIRequestContext, id: string) {
  const text = async (path: string) => (await request.get(path)).text();
  // One sitemap, or past its size limit an index of numbered files.
  const sitemap = await text("/sitemap.xml");
  const files = [...sitemap.matchAll(/<loc>[^<]*(\/sitemaps\/\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
  return {
    lists: (await text("/blogs")) + (await text("/ne/blogs")),
    feed: await text("/blogs/rss.xml"),
    sitemap: files.length > 0 ? (await Promise.all(files.map(text))).join("") : sitemap,
    details: (await request.get(`/blogs/details/${id}`)).status(),
  };
}

test("a draft is for staff only: previewed as visitors will see it in both languages, then published to the site within 2 s", async ({
  page,
  request,
}) => {
  test.slow();
  const title = unique("Tihar draft");
  const nepaliTitle = `तिहारको मस्यौदा ${title.slice(-8)}`;
  await login(page, "/blogs/new");
  await hydrated(page);
  await page.getByLabel("Title").fill(title);
  // Touching the form brings the editor in place of the textarea.
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await page.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("We lit the lamps together.");
  await page.getByRole("button", { name: "Keep as draft" }).click();
  await page.waitForURL("/bloglist");
  await expect(page.getByText("Draft saved. Visitors do not see it until it is published.")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByTestId("item-status")).toHaveText("Draft");
  const id = await postId(page, title);

  // Its Nepali version, written as the Nepali tab writes it.
  const token = await managerToken();
  const nepali = new FormData();
  nepali.set("title", nepaliTitle);
  nepali.set("content", "हामीले सँगै दियो बाल्यौँ।");
  const saved = await fetch(`${CMS_URL}/api/blog/${id}?locale=ne`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: nepali,
  });
  expect(saved.status).toBe(200);

  // Not on the site: lists in both languages, its page, the feed, the sitemap.
  const hidden = await publicText(request, id);
  expect(hidden.lists).not.toContain(title);
  expect(hidden.lists).not.toContain(nepaliTitle);
  expect(hidden.feed).not.toContain(title);
  expect(hidden.sitemap).not.toContain(`/blogs/details/${id}<`);
  expect(hidden.sitemap).toContain("/blogs/details/");
  expect(hidden.details).toBe(404);
  // The preview is for signed-in staff only.
  const anonymous = await request.get(`/blogs/preview/${id}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(anonymous.status()).toBeLessThan(400);
  expect(anonymous.headers()["location"]).toMatch(/^\/login/);

  // The preview: the public page's own markup, in each language, never cached, never indexed.
  await page.goto(`/blogs/${id}`);
  await expect(page.getByTestId("item-status")).toHaveText("Draft");
  const english = page.waitForResponse((response) => response.url().endsWith(`/blogs/preview/${id}`));
  await page.getByRole("link", { name: "Preview as visitors will see it" }).click();
  const response = await english;
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByTestId("preview-banner")).toHaveText("Preview for staff: this draft is not on the website.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("blog-content")).toHaveText("We lit the lamps together.");
  await page.goto(`/ne/blogs/preview/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nepaliTitle);
  await expect(page.getByTestId("blog-content")).toHaveText("हामीले सँगै दियो बाल्यौँ।");
  await expect(page.getByTestId("preview-banner")).toHaveText("कर्मचारीका लागि पूर्वावलोकन: यो मस्यौदा वेबसाइटमा छैन।");

  // Published: on the site within 2 s, in both languages.
  await page.goto(`/blogs/edit/${id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await page.waitForURL("/bloglist");
  await expect(page.getByRole("row", { name: new RegExp(title) }).getByTestId("item-status")).toHaveText("Published");
  // Both languages' lists, each refreshed on its own when the CMS announces the change.
  const listed = async (path: string) => (await request.get(path)).text();
  const onSite = async () => `${await listed("/blogs")}\n${await listed("/ne/blogs")}`;
  await expect
    .poll(
      async () => {
        const lists = await onSite();
        return lists.includes(title) && lists.includes(nepaliTitle);
      },
      { timeout: 2000, intervals: [50] },
    )
    .toBe(true);
  const shown = await publicText(request, id);
  expect(shown.lists).toContain(nepaliTitle);
  expect(shown.feed).toContain(title);
  expect(shown.sitemap).toContain(`/blogs/details/${id}<`);
  expect(shown.details).toBe(200);

  // Unpublished: off the site again.
  await page.goto(`/blogs/edit/${id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await page.waitForURL("/bloglist");
  await expect.poll(async () => (await onSite()).includes(title), { timeout: 2000, intervals: [50] }).toBe(false);
  expect((await request.get(`/blogs/details/${id}`)).status()).toBe(404);

  expect((await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
});
