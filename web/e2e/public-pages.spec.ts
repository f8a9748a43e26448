import { expect, PUBLIC_PAGES, test } from "./support/fixtures";

test.describe("public pages", () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} renders with its title, header, footer and SEO tags`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Himalayan Children's Home/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\//);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Home", "Our Objectives", "Committee", "Organization", "Gallery", "Blogs", "Contact Us"]) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
      }
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("heading", { name: "About Us" })).toBeVisible();
      await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
      await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
      await expect(footer.getByRole("link", { name: "Back to top" })).toBeVisible();
    });
  }

  test("home has the slider, welcome cards, 9 benefit cards, participation and admission lists", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-slide]")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Residential Capacity" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Child Protection Policies" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Crisis Management Fund" })).toBeVisible();
    const benefits = page.locator("section", { has: page.getByRole("heading", { name: "Benefits for Children" }) });
    await expect(benefits.locator("[data-reveal]")).toHaveCount(9);
    const participation = page.locator("section", { has: page.getByRole("heading", { name: "Child Participation" }) });
    await expect(participation.locator("li")).toHaveCount(5);
    const admission = page.locator("section", {
      has: page.getByRole("heading", { name: "Required Documents for Child Admission" }),
    });
    const lists = admission.locator("ul");
    await expect(lists).toHaveCount(2);
    await expect(lists.nth(0).locator("li")).toHaveCount(7);
    await expect(lists.nth(1).locator("li")).toHaveCount(7);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("NGO");
  });

  test("hero images: the first eager with high priority, all with size and srcset", async ({ page }) => {
    await page.goto("/");
    const first = page.locator("[data-slide='0'] img");
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    // Resized uploads (server/images.ts): WebP for browsers that take it, the upload's own format otherwise.
    await expect(first).toHaveAttribute("srcset", /\/img\/\d+\/(jpeg|png)\/.+ \d+w/);
    await expect(page.locator("[data-slide='0'] picture source[type='image/webp']")).toHaveAttribute("srcset", /\/img\/\d+\/webp\/.+ \d+w/);
    await expect(first).toHaveAttribute("width", /\d+/);
    await expect(first).toHaveAttribute("height", /\d+/);
    const benefit = page.locator("[data-reveal] img").first();
    await expect(benefit).toHaveAttribute("loading", "lazy");
    await expect(benefit).toHaveAttribute("alt", /\S/);
    // Uploads come through the web server (same origin) from the CMS.
    const src = await first.getAttribute("src");
    const image = await page.request.get(src!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
  });

  test("committee shows round photos (or the placeholder), names and roles", async ({ page }) => {
    await page.goto("/current-committee");
    const members = page.getByTestId("committee-list").locator("li");
    expect(await members.count()).toBeGreaterThan(0);
    for (const member of await members.all()) {
      await expect(member.locator("img")).toHaveClass(/rounded-full/);
      await expect(member.getByRole("heading", { level: 2 })).not.toBeEmpty();
    }
  });

  test("objectives and organization show their sections", async ({ page }) => {
    await page.goto("/objectives");
    await expect(page.locator("#core-heading + ul > li")).toHaveCount(4);
    await expect(page.locator("#additional-heading + ol > li")).toHaveCount(5);
    await expect(page.locator("#areas-heading + ul > li")).toHaveCount(3);
    await page.goto("/organization");
    await expect(page.locator("#standards-heading + ul > li")).toHaveCount(5);
    await expect(page.locator("#history-heading + ul > li")).toHaveCount(2);
    await expect(page.locator("#programmes-heading + ul > li")).toHaveCount(4);
    await expect(page.locator("#challenges-heading + ul > li")).toHaveCount(4);
  });

  test("blogs link to their details, which show cover, title, author, date and content", async ({ page }) => {
    // A post with a cover (staff tests running alongside may add newer posts without one).
    await page.goto("/blogs");
    const path = await page.getByTestId("blog-list").locator("article:has(img) a[href^='/blogs/details/']").first().getAttribute("href");
    expect(path).toMatch(/^\/blogs\/details\/\d+$/);
    const title = await page.getByTestId("blog-list").locator(`a[href='${path}']`).first().textContent();
    await page.getByTestId("blog-list").locator(`a[href='${path}']`).first().click();
    await expect(page).toHaveURL(path!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!.trim());
    await expect(page.locator("article header time")).toHaveAttribute("datetime", /^\d{4}-/);
    // The writer's name, never an e-mail address.
    await expect(page.locator("article header dd").first()).toHaveText(/\p{L}/u);
    await expect(page.locator("article header dd").first()).not.toContainText("@");
    await expect(page.getByTestId("blog-content")).not.toBeEmpty();
    await expect(page.locator("article > div img").first()).toBeVisible();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  });

  test("contact has address, tel:, mailto:, social link and the map", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.locator('a[href^="tel:+977"]')).toBeVisible();
    await expect(main.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(main.locator('a[href^="https://"][target="_blank"]').first()).toBeVisible();
    await expect(main.locator("iframe[title^='Map']")).toHaveAttribute("src", /openstreetmap\.org/);
  });

  test("unknown paths answer 404 with the spec's page and a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page/really");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL("/");
    expect((await page.goto("/blogs/details/999999"))?.status()).toBe(404);
    await expect(page.getByText("No blog found.")).toBeVisible();
    expect((await page.goto("/blogs/details/abc"))?.status()).toBe(404);
  });
});

test.describe("resources and headers", () => {
  test("sitemap, robots and RSS", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>http://127.0.0.1:");
    expect(xml).toMatch(/\/blogs\/details\/\d+<\/loc>/);
    // Compressed once per content change, sent as the client takes it; never compressed afresh per request.
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["deflate", undefined],
    ] as const) {
      const response = await request.get("/sitemap.xml", { headers: { "accept-encoding": accept } });
      expect(response.headers()["content-encoding"], accept).toBe(encoding);
      expect(await response.text(), accept).toBe(xml);
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://127.0.0.1:");
    const rss = await request.get("/blogs/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    expect(await rss.text()).toMatch(/<item>[\s\S]*<link>http:\/\/127\.0\.0\.1:\d+\/blogs\/details\/\d+<\/link>/);
  });

  test("security headers and a nonce-based CSP", async ({ request, page }) => {
    const response = await request.get("/");
    const headers = response.headers();
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["permissions-policy"]).toContain("camera=()");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    // Every inline script carries this response's nonce.
    for (const tag of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    // And the page runs without CSP violations.
    const violations: string[] = [];
    page.on("console", (m) => m.type() === "error" && violations.push(m.text()));
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(violations.filter((v) => /Content Security Policy/i.test(v))).toEqual([]);
  });

  test("fingerprinted assets are cached for a year", async ({ page, request }) => {
    await page.goto("/");
    const css = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    const response = await request.get(css!);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("the files of public/ are served for an hour, and other paths are pages", async ({ request }) => {
    for (const [file, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/site.webmanifest", "application/manifest+json"],
      ["/apple-touch-icon.png", "image/png"],
    ] as const) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"], file).toContain(type);
      expect(response.headers()["cache-control"], file).toBe("public, max-age=3600");
    }
    const missing = await request.get("/favicon.ico");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).toContain("text/html");
  });
});
