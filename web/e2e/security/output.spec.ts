import { expect, test } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { STAFF } from "../admin/support";

// Output: markup a member of staff (or an attacker holding a staff token) puts into a
// blog post must be inert in the server-rendered page.
const cms = `http://127.0.0.1:${E2E.cmsPort}`;
const HOSTILE_MARKDOWN = [
  "# Inert heading",
  "",
  "A normal paragraph survives.",
  "",
  "<script>window.__pwned = 'script'</script>",
  '<img src="/nothing.png" onerror="window.__pwned = \'onerror\'" alt="x">',
  "[a harmless-looking link](javascript:window.__pwned='link')",
  "<a href=\"JaVaScRiPt:window.__pwned='mixed-case'\">mixed case</a>",
  '<svg onload="window.__pwned = \'svg\'"><circle r="5"></circle></svg>',
  '<a href="https://example.org" style="position:fixed;inset:0;background:red">overlay</a>',
  "<style>body { display: none !important }</style>",
  '<iframe src="https://attacker.example/"></iframe>',
  '<form action="https://attacker.example/"><input name="password"></form>',
].join("\n");

let postId: number;
let token: string;

test.beforeAll(async ({ request }) => {
  const login = await request.post(`${cms}/api/users/login`, { data: { email: STAFF.email, password: STAFF.password } });
  expect(login.status()).toBe(200);
  token = (await login.json()).token;
  const created = await request.post(`${cms}/api/blog`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title: "Security check post", content: HOSTILE_MARKDOWN, author: "security@example.org" },
  });
  expect(created.status()).toBe(201);
  postId = (await created.json()).id;
});

test.afterAll(async ({ request }) => {
  if (postId) await request.delete(`${cms}/api/blog/${postId}`, { headers: { authorization: `Bearer ${token}` } });
});

test("hostile blog markup is inert in the server-rendered HTML", async ({ request }) => {
  const response = await request.get(`/blogs/details/${postId}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The rendered post body (the same text also travels, as an escaped JSON string, in the
  // hydration data and the meta description; neither is markup).
  const start = html.indexOf('data-testid="blog-content"');
  expect(start).toBeGreaterThan(0);
  const article = html.slice(start, html.indexOf("</article>", start));
  expect(article).toContain("A normal paragraph survives.");
  expect(article).not.toMatch(/<script[^>]*>[^<]*__pwned/i);
  expect(article).not.toMatch(/\son[a-z]+\s*=/i);
  expect(article).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
  expect(article).not.toMatch(/<svg[^>]*onload/i);
  expect(article).not.toMatch(/<style[^>]*>[^<]*display:\s*none/i);
  expect(article).not.toMatch(/style\s*=\s*["'][^"']*position:\s*fixed/i);
  expect(article).not.toMatch(/<iframe[^>]*attacker/i);
  expect(article).not.toMatch(/<form[^>]*attacker/i);
});

test("nothing of it runs in the browser, and the page stays visible", async ({ page }) => {
  await page.goto(`/blogs/details/${postId}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Security check post" })).toBeVisible();
  await expect(page.getByText("A normal paragraph survives.")).toBeVisible();
  const content = page.getByTestId("blog-content");
  const dangerous = await content.evaluate((root) => ({
    scripts: root.querySelectorAll("script, iframe, form, style, svg").length,
    handlers: [...root.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length,
    scriptLinks: [...root.querySelectorAll("[href], [src]")].filter((el) =>
      /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
    ).length,
    styled: root.querySelectorAll("[style]").length,
  }));
  expect(dangerous).toEqual({ scripts: 0, handlers: 0, scriptLinks: 0, styled: 0 });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await expect(page.locator("body")).toBeVisible();
});

test("the pages carry the security headers", async ({ request }) => {
  for (const path of ["/", `/blogs/details/${postId}`, "/login"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toMatch(/script-src[^;]*'nonce-/);
    expect(headers["content-security-policy"], path).toMatch(/frame-ancestors 'none'/);
    expect(headers["content-security-policy"], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  // Uploaded files come through the web server with a safe type and nosniff.
  const post = await (await request.get(`${cms}/api/blog?pageSize=50`)).json();
  const withMedia = post.results.find((item: { mediaUrl: string | null }) => item.mediaUrl);
  const upload = await request.get(new URL(withMedia.mediaUrl).pathname);
  expect(upload.status()).toBe(200);
  expect(upload.headers()["content-type"]).toMatch(/^image\/(jpeg|png|gif|webp)$/);
  expect(upload.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the RSS feed's summaries are plain text: no markup once a reader has read the XML", async ({ request }) => {
  // Markup a post shows as text (escaped, or in a code span) is text in the post's summary; the
  // feed carried it as `&lt;img ...&gt;`, which readers decode into a live tag.
  const created = await request.post(`${cms}/api/blog`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: "Feed check post",
      content: "&lt;img src=x onerror=alert(1)&gt; and `<script>alert(2)</script>` written as text.",
      author: "security@example.org",
    },
  });
  expect(created.status()).toBe(201);
  const feedPost = (await created.json()).id as number;
  try {
    // The web app hears of the new post from the CMS; the feed shows it once that has happened.
    let item = "";
    await expect(async () => {
      const feed = await (await request.get("/blogs/rss.xml")).text();
      item = new RegExp(`<item>(?:(?!</item>)[\\s\\S])*?/blogs/details/${feedPost}</link>[\\s\\S]*?</item>`).exec(feed)?.[0] ?? "";
      expect(item).not.toBe("");
    }).toPass({ timeout: 15_000 });
    const description = /<description>([\s\S]*?)<\/description>/.exec(item)![1]!;
    const read = description.replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!,
    );
    expect(read).not.toMatch(/[<>]/);
    expect(read).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(read).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  } finally {
    await request.delete(`${cms}/api/blog/${feedPost}`, { headers: { authorization: `Bearer ${token}` } });
  }
});
