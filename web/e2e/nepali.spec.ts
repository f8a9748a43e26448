import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { formatBsAd } from "../app/lib/i18n/bs-date";
import { en } from "../app/lib/i18n/messages.en";
import { ne } from "../app/lib/i18n/messages.ne";
import { expect, hydrated, scanPage as scan, test } from "./support/fixtures";

// (ADR 005) the public site in Nepali under /ne, the switcher, hreflang, the sitemap, the
// Accept-Language suggestion, the English fallback, BS dates, Devanagari digits and font.

const PAGES = [
  { en: "/", ne: "/ne", heading: null },
  { en: "/objectives", ne: "/ne/objectives", heading: "हाम्रा उद्देश्यहरू" },
  { en: "/current-committee", ne: "/ne/current-committee", heading: ne["committee.title"] },
  { en: "/organization", ne: "/ne/organization", heading: "संस्था" },
  { en: "/blogs", ne: "/ne/blogs", heading: ne["blogs.title"] },
  { en: "/gallery", ne: "/ne/gallery", heading: ne["gallery.title"] },
  { en: "/gallery?tab=videos", ne: "/ne/gallery?tab=videos", heading: ne["gallery.title"] },
  { en: "/contact", ne: "/ne/contact", heading: ne["contact.title"] },
] as const;

const CMS = `http://127.0.0.1:${process.env.E2E_CMS_PORT ?? 1437}`;
const STAFF = {
  email: process.env.ADMIN_EMAIL || "admin@example.org",
  password: process.env.ADMIN_PASSWORD || "Namaste-2026",
};
const DEVANAGARI = /[\u0900-\u097F]/;
const KEYS = Object.keys(en);

/** The Nepali details path of the newest post that has a Nepali version (staff tests running
 * alongside add English-only posts, which the list shows as English fallbacks). */
async function firstNepaliBlogPath(page: Page): Promise<string> {
  await page.goto("/ne/blogs");
  const translated = page
    .getByTestId("blog-list")
    .locator("li")
    .filter({ hasNot: page.locator("[data-fallback-badge]") });
  const href = await translated.locator("a[href^='/ne/blogs/details/']").first().getAttribute("href");
  expect(href).toMatch(/^\/ne\/blogs\/details\/\d+$/);
  return href!;
}

/** Text a visitor can read (or hear): body text plus accessible labels. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll("[aria-label],[title],[alt]"))
      .flatMap((el) => ["aria-label", "title", "alt"].map((a) => el.getAttribute(a) ?? ""))
      .join("\n");
    return `${document.body.innerText}\n${labels}\n${document.title}`;
  });
}

/** Catalogue keys or unfilled placeholders showing on the page: a missing translation. */
function untranslated(text: string): string[] {
  const keys = KEYS.filter((key) => text.includes(key));
  const placeholders = [...text.matchAll(/\{[a-z]\w*\}/g)].map((m) => m[0]);
  return [...keys, ...placeholders];
}

test.describe("every public page in both languages", () => {
  for (const { en: enPath, ne: nePath, heading } of PAGES) {
    test(`${nePath} and ${enPath}: 200, lang, hreflang, translated, switcher round trip`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      for (const [path, lang] of [
        [nePath, "ne"],
        [enPath, "en"],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        // hreflang alternates: both languages and x-default (English); canonical is this page.
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}${enPath}`);
        await expect(page.locator('link[rel="alternate"][hreflang="ne"]')).toHaveAttribute("href", `${origin}${nePath}`);
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}${enPath}`);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${path}`);
        expect(untranslated(await readableText(page)), path).toEqual([]);
      }

      // The Nepali page: Nepali UI everywhere, and none of the English UI texts.
      await page.goto(nePath);
      if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(DEVANAGARI);
      const nav = page.getByRole("navigation", { name: ne["nav.label"] });
      for (const key of [
        "nav.home",
        "nav.objectives",
        "nav.committee",
        "nav.organization",
        "nav.gallery",
        "nav.blogs",
        "nav.contact",
      ] as const) {
        await expect(nav.getByRole("link", { name: ne[key], exact: true })).toHaveAttribute("href", /^\/ne(\/|$)/);
      }
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("heading", { name: ne["footer.aboutUs"] })).toBeVisible();
      await expect(footer.getByRole("link", { name: ne["footer.scrollToTop"] })).toBeVisible();
      // Devanagari digits in the UI: the footer's year.
      await expect(footer).toContainText(
        `© ${String(new Date().getFullYear()).replace(/\d/g, (d) => String.fromCharCode(0x966 + Number(d)))}`,
      );
      const chrome = `${await page.getByRole("banner").innerText()}\n${await footer.innerText()}`;
      for (const key of [
        "nav.home",
        "nav.objectives",
        "nav.gallery",
        "nav.contact",
        "footer.aboutUs",
        "footer.scrollToTop",
        "donate.button",
      ] as const) {
        expect(chrome, key).not.toContain(en[key]);
      }

      // Switcher round trip: same page (and query) in English, and back.
      await page
        .getByRole("banner")
        .getByRole("link", { name: `${ne["lang.label"]}: ${ne["lang.switch"]}` })
        .click();
      await expect(page).toHaveURL(enPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const toNepali = page.getByRole("banner").getByRole("link", { name: `${en["lang.label"]}: ${en["lang.switch"]}` });
      await expect(toNepali).toHaveAttribute("hreflang", "ne");
      await toNepali.click();
      await expect(page).toHaveURL(nePath);
      await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    });
  }

  test("blog details in Nepali: 200, lang, hreflang, translated, switcher round trip", async ({ page, baseURL }) => {
    const nePath = await firstNepaliBlogPath(page);
    const enPath = nePath.replace(/^\/ne/, "");
    const origin = new URL(baseURL!).origin;
    expect((await page.goto(nePath))?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}${enPath}`);
    await expect(page.locator('link[rel="alternate"][hreflang="ne"]')).toHaveAttribute("href", `${origin}${nePath}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEVANAGARI);
    await expect(page.getByTestId("blog-content")).toContainText(DEVANAGARI);
    expect(untranslated(await readableText(page))).toEqual([]);
    await page
      .getByRole("banner")
      .getByRole("link", { name: `${ne["lang.label"]}: ${ne["lang.switch"]}` })
      .click();
    await expect(page).toHaveURL(enPath);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(DEVANAGARI);
    await page
      .getByRole("banner")
      .getByRole("link", { name: `${en["lang.label"]}: ${en["lang.switch"]}` })
      .click();
    await expect(page).toHaveURL(nePath);
  });

  test("other /ne/ paths answer a Nepali 404 with a link to the Nepali home", async ({ page }) => {
    const response = await page.goto("/ne/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ne["notFound.title"]);
    await expect(page.getByRole("main")).toContainText("४०४");
    await page.getByRole("main").getByRole("link", { name: ne["common.backHome"] }).click();
    await expect(page).toHaveURL("/ne");
    expect((await page.goto("/ne/blogs/details/999999"))?.status()).toBe(404);
    await expect(page.getByText(ne["blog.notFound"])).toBeVisible();
    // The staff side has no Nepali version.
    expect((await page.goto("/ne/login"))?.status()).toBe(404);
  });
});

test.describe("Bikram Sambat dates", () => {
  test("blog dates show BS then AD: Devanagari on Nepali pages, English on English ones", async ({ page }) => {
    for (const [list, locale] of [
      ["/ne/blogs", "ne"],
      ["/blogs", "en"],
    ] as const) {
      await page.goto(list);
      const times = page.getByTestId("blog-list").locator("time");
      expect(await times.count()).toBeGreaterThan(0);
      for (const time of await times.all()) {
        const iso = (await time.getAttribute("datetime"))!;
        await expect(time).toHaveText(formatBsAd(iso, locale));
      }
    }
    const nePath = await firstNepaliBlogPath(page);
    await page.goto(nePath);
    const time = page.locator("article header time");
    const text = (await time.textContent())!;
    expect(text).toBe(formatBsAd((await time.getAttribute("datetime"))!, "ne"));
    // The Nepali order: BS year, month name, day, then "सन्" and the AD date the same way; no ASCII digits.
    expect(text).toMatch(
      /^[०-९]{4} (वैशाख|जेठ|असार|साउन|भदौ|असोज|कात्तिक|मङ्सिर|पुस|माघ|फागुन|चैत) [०-९]{1,2} \(सन् [०-९]{4} \S+ [०-९]{1,2}\)$/,
    );
    await page.goto(nePath.replace(/^\/ne/, ""));
    await expect(page.locator("article header time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4} BS \(\d{1,2} [A-Z][a-z]+ \d{4}\)$/);
  });

  test("the spec's BS years 2068, 2074 and 2078 are shown with their AD years", async ({ page }) => {
    await page.goto("/ne/organization");
    const history = page.locator("#history-heading + ul");
    await expect(history).toContainText("वि.सं. २०६८ (सन् २०११/१२)");
    await expect(history).toContainText("वि.सं. २०७४ (सन् २०१७/१८)");
    await expect(page.getByRole("main")).toContainText("वि.सं. २०७८ (सन् २०२१/२२)");
    await page.goto("/organization");
    await expect(page.locator("#history-heading + ul")).toContainText("2068 BS (2011/12)");
    await expect(page.locator("#history-heading + ul")).toContainText("2074 BS (2017/18)");
    await expect(page.getByRole("main")).toContainText("2078 BS (2021/22)");
    // In running text elsewhere too (the footer's About Us, from the site settings).
    await expect(page.getByRole("contentinfo")).toContainText("2068 BS (2011/12)");
  });
});

test.describe("Accept-Language suggestion (never a redirect, pages stay cacheable)", () => {
  test.describe("a browser that prefers Nepali", () => {
    test.use({ locale: "ne-NP" });

    test("is offered the Nepali page on English pages, once dismissed it stays away", async ({ page }) => {
      const response = await page.goto("/objectives");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL("/objectives");
      await hydrated(page);
      const banner = page.locator("[data-lang-suggest]");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(ne["lang.suggest.text"]);
      await expect(banner.getByRole("link", { name: ne["lang.suggest.action"] })).toHaveAttribute("href", "/ne/objectives");
      await banner.getByRole("button", { name: en["lang.suggest.dismiss"] }).click();
      await expect(banner).toHaveCount(0);
      await page.goto("/blogs");
      await hydrated(page);
      await expect(page.locator("[data-lang-suggest]")).toHaveCount(0);
    });

    test("following the suggestion opens the same page in Nepali; no banner on Nepali pages", async ({ page }) => {
      await page.goto("/gallery?tab=videos");
      await hydrated(page);
      await page.locator("[data-lang-suggest]").getByRole("link", { name: ne["lang.suggest.action"] }).click();
      await expect(page).toHaveURL("/ne/gallery?tab=videos");
      await hydrated(page);
      await expect(page.locator("[data-lang-suggest]")).toHaveCount(0);
      // Answered: back on English pages, no suggestion again.
      await page.goto("/contact");
      await hydrated(page);
      await expect(page.locator("[data-lang-suggest]")).toHaveCount(0);
    });
  });

  test("English-only browsers see no suggestion", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("[data-lang-suggest]")).toHaveCount(0);
  });

  test("the server's answer does not depend on Accept-Language", async ({ request }) => {
    const nepali = await request.get("/organization", { headers: { "Accept-Language": "ne-NP,ne;q=0.9,en;q=0.5" } });
    const english = await request.get("/organization", { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    expect(nepali.status()).toBe(200);
    expect(nepali.url()).toMatch(/\/organization$/);
    for (const response of [nepali, english]) {
      expect(response.headers()["vary"] ?? "").not.toMatch(/accept-language/i);
      expect(response.headers()["cache-control"]).toContain("public");
    }
    // The same page (the CSP nonce aside): the suggestion waits in a <template> for the browser.
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(strip(await nepali.text())).toBe(strip(await english.text()));
  });
});

test.describe("English fallback", () => {
  test("a post without a Nepali version shows in English inside lang=en, with a Nepali notice", async ({ page, request }) => {
    const login = await request.post(`${CMS}/api/users/login`, { data: STAFF });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    // The second-oldest post (other tests read the newest, and the revalidation test edits the
    // oldest): remove its Nepali version, then put it back.
    const list = (await (await request.get(`${CMS}/api/blog`)).json()) as { results: { id: number; title: string }[] };
    const blog = [...list.results].sort((a, b) => a.id - b.id)[1]!;
    const nepali = (await (await request.get(`${CMS}/api/blog/${blog.id}?locale=ne`, { headers: auth })).json()) as {
      title: string;
      content: string;
    };
    expect(nepali.title).toMatch(DEVANAGARI);
    expect((await request.delete(`${CMS}/api/blog/${blog.id}?locale=ne`, { headers: auth })).status()).toBeLessThan(300);
    try {
      const path = `/ne/blogs/details/${blog.id}`;
      await expect
        .poll(async () => (await request.get(path)).status() === 200 && (await (await request.get(path)).text()).includes(blog.title))
        .toBe(true);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "ne");
      await expect(page.locator("[data-fallback-notice]")).toHaveText(ne["lang.fallbackNotice"]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(blog.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
      await expect(page.getByTestId("blog-content")).toHaveAttribute("lang", "en");
      await expect(page.getByTestId("blog-content")).not.toBeEmpty();
      // The UI around it stays Nepali.
      await expect(page.getByRole("link", { name: ne["blog.back"] })).toBeVisible();
      // In the list: the English card, marked, among the Nepali ones (an old post: on or near the
      // last page, reached by the page links).
      await page.goto("/ne/blogs");
      const card = page.getByTestId("blog-list").locator("li", { has: page.locator(`a[href='${path}']`) });
      while ((await card.count()) === 0) await page.goto((await page.locator('nav[data-pager] a[rel="next"]').getAttribute("href"))!);
      // That page may be served from its copy of before the change while its new one renders.
      await expect(async () => {
        await page.reload();
        await expect(card.locator("[data-fallback-badge]")).toHaveText(ne["lang.fallbackBadge"], { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(card.locator("h2")).toHaveAttribute("lang", "en");
      // The posts that have a Nepali version carry no badge.
      const translated = page
        .getByTestId("blog-list")
        .locator("li")
        .filter({ hasNot: page.locator("[data-fallback-badge]") });
      expect(await translated.count()).toBeGreaterThan(0);
      await expect(translated.locator("h2").first()).toHaveText(DEVANAGARI);
    } finally {
      const restore = await request.put(`${CMS}/api/blog/${blog.id}?locale=ne`, {
        headers: auth,
        multipart: { title: nepali.title, content: nepali.content },
      });
      expect(restore.status()).toBeLessThan(300);
    }
  });
});

test.describe("Devanagari font and page weight", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

  test("Nepali pages preload and use the self-hosted Devanagari subset; English pages load only the switcher's six glyphs", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on("request", (r) => r.resourceType() === "font" && fonts.push(r.url()));
    await page.goto("/", { waitUntil: "networkidle" });
    await hydrated(page);
    // "नेपाली" in the header is drawn by its own six-glyph face (1.3 KB), not left to a system
    // font (this Chromium has none for Devanagari: the label would be empty boxes).
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/\/assets\/nepali-label-[\w-]+\.woff2$/);
    expect((await (await page.request.get(fonts[0]!)).body()).length).toBeLessThan(2_000);
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.family.includes("Nepali Label")).map((f) => f.status)))
      .toEqual(["loaded"]);
    // A page of its own, so no late request of the English page is counted.
    const nepali = await page.context().newPage();
    const neFonts: string[] = [];
    nepali.on("request", (r) => r.resourceType() === "font" && neFonts.push(r.url()));
    await nepali.goto("/ne", { waitUntil: "networkidle" });
    await expect(nepali.locator('link[rel="preload"][as="font"]')).toHaveAttribute(
      "href",
      /\/assets\/noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/,
    );
    expect(neFonts).toHaveLength(1);
    expect(neFonts[0]).toMatch(/noto-sans-devanagari-devanagari-wght-normal/);
    expect(await nepali.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', "क्षेत्र"))).toBe(true);
    // Conjuncts are shaped by the font: क्ष is one cluster, narrower than क + ् + ष drawn apart.
    const widths = await nepali.evaluate(() => {
      const canvas = document.createElement("canvas").getContext("2d")!;
      canvas.font = '40px "Noto Sans Devanagari"';
      return { conjunct: canvas.measureText("क्ष").width, apart: canvas.measureText("क ् ष").width };
    });
    expect(widths.conjunct).toBeLessThan(widths.apart * 0.8);
  });

  test("Nepali first loads stay within the page-weight budgets (the font counted in the total)", async ({ page, browser, baseURL }) => {
    const BUDGET = { html: 60_000, css: 25_000, js: 100_000, total: 600_000 };
    const origin = new URL(baseURL!).origin;
    const rows: string[] = [];
    for (const path of ["/ne", "/ne/blogs", await firstNepaliBlogPath(page), "/ne/organization", "/ne/gallery"]) {
      // A new context per page: nothing cached, as on a first visit.
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const fresh = await context.newPage();
      const sizes: Promise<{ kind: string; bytes: number; sameOrigin: boolean }>[] = [];
      fresh.on("response", (response) => {
        const type = response.request().resourceType();
        const kind = type === "document" ? "html" : type === "stylesheet" ? "css" : type === "script" ? "js" : type;
        if (response.status() >= 300 || response.url().startsWith("data:")) return;
        const sameOrigin = new URL(response.url()).origin === origin;
        sizes.push(
          response
            .body()
            .then((body) => ({
              kind,
              sameOrigin,
              bytes: ["html", "css", "js"].includes(kind) ? gzipSync(body, { level: 6 }).length : body.length,
            }))
            .catch(() => ({ kind, sameOrigin, bytes: 0 })),
        );
      });
      await fresh.goto(path, { waitUntil: "networkidle" });
      await hydrated(fresh);
      const all = await Promise.all(sizes);
      await context.close();
      const by = (kind: string) => all.filter((s) => s.kind === kind).reduce((t, s) => t + s.bytes, 0);
      const total = all.filter((s) => s.sameOrigin).reduce((t, s) => t + s.bytes, 0);
      rows.push(
        `${path.padEnd(24)} html ${(by("html") / 1000).toFixed(1)} css ${(by("css") / 1000).toFixed(1)} js ${(by("js") / 1000).toFixed(1)} font ${(by("font") / 1000).toFixed(1)} images ${(by("image") / 1000).toFixed(1)} total ${(total / 1000).toFixed(1)} KB`,
      );
      expect(by("html"), path).toBeLessThanOrEqual(BUDGET.html);
      expect(by("css"), path).toBeLessThanOrEqual(BUDGET.css);
      expect(by("js"), path).toBeLessThanOrEqual(BUDGET.js);
      // One font file, the Devanagari subset (121 KB).
      expect(by("font"), path).toBeGreaterThan(100_000);
      expect(by("font"), path).toBeLessThanOrEqual(125_000);
      expect(total, path).toBeLessThanOrEqual(BUDGET.total);
    }
    console.log(rows.join("\n"));
  });
});

test("the sitemap lists every page in both languages, with alternates", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  for (const { en: enPath, ne: nePath } of PAGES) {
    const loc = (path: string) =>
      `<loc>http://127.0.0.1:${new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]!).port}${path.replace(/&/g, "&amp;")}</loc>`;
    expect(xml).toContain(loc(enPath));
    expect(xml).toContain(loc(nePath));
  }
  const enBlogs = xml.match(/<loc>[^<]*\/blogs\/details\/\d+<\/loc>/g)!.filter((l) => !l.includes("/ne/"));
  const neBlogs = xml.match(/<loc>[^<]*\/ne\/blogs\/details\/\d+<\/loc>/g)!;
  expect(neBlogs.length).toBe(enBlogs.length);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="ne" href="[^"]+\/ne\/objectives"\/>/);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="x-default" href="[^"]+\/objectives"\/>/);
});

test.describe("accessibility of the Nepali pages (axe-core: no serious or critical violations)", () => {
  // An axe-core scan of a whole page takes seconds of CPU; on a busy two-core machine it has taken over 30 s.
  test.describe.configure({ timeout: 90_000 });

  for (const { ne: path } of PAGES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      expect(await scan(page)).toEqual([]);
    });
  }

  test("/ne blog details", async ({ page }) => {
    await page.goto(await firstNepaliBlogPath(page));
    expect(await scan(page)).toEqual([]);
  });

  test("/ne 404", async ({ page }) => {
    await page.goto("/ne/nothing-here");
    expect(await scan(page)).toEqual([]);
  });

  test.describe("the suggestion banner on an English page", () => {
    test.use({ locale: "ne-NP" });
    test("/objectives with the banner", async ({ page }) => {
      await page.goto("/objectives");
      await hydrated(page);
      await expect(page.locator("[data-lang-suggest]")).toBeVisible();
      expect(await scan(page)).toEqual([]);
    });
  });
});
