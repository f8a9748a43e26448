import { expect, test } from "@playwright/test";

// Query strings a page does not read (?utm_source=, ?x=N) must neither make new copies in the page
// cache (memory, and a render per URL) nor reach the page: it is rendered from its path and the
// parameters it declares (server/page-handler.ts pageKey; 50,000 of them in page-handler.test.ts).
const NOISE = "utm_source=%3Cscript%3Ealert(1)%3C%2Fscript%3E&x=42";

test("a page with parameters it does not read is the same cached copy, and shows none of them", async ({ request }) => {
  // Another test's save may drop the copy of /blogs between the two requests: the pair is tried
  // again, each time with parameters never sent before, so a copy made per URL would never be a hit.
  let attempt = 0;
  await expect(async () => {
    attempt += 1;
    const plain = await request.get("/blogs");
    expect(plain.status()).toBe(200);
    const noisy = await request.get(`/blogs?${NOISE}&attempt=${attempt}`);
    expect(noisy.status()).toBe(200);
    // The copy made for /blogs, with its ETag.
    expect(noisy.headers()["x-cache"]).toBe("hit");
    expect(noisy.headers()["etag"]).toBe(plain.headers()["etag"]);
    const html = await noisy.text();
    expect(html).not.toMatch(/utm_source|x=42|alert\(1\)|attempt=/);
    expect(html).toContain('data-testid="blog-list"');
  }).toPass({ timeout: 15_000 });
});

test("the parameters a page reads still count, in any order, beside others", async ({ page }) => {
  await page.goto(`/gallery?${NOISE}&tab=videos`);
  await expect(page.getByTestId("video-grid")).toBeVisible();
  // The language switch keeps the tab, and only the tab.
  const switcher = page.locator('a[hreflang="ne"]').first();
  await expect(switcher).toHaveAttribute("href", "/ne/gallery?tab=videos");
  expect(await page.content()).not.toMatch(/utm_source|x=42/);
});
