import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const PUBLIC_PAGES = [
  { path: "/", heading: null },
  { path: "/objectives", heading: "OUR OBJECTIVES" },
  { path: "/current-committee", heading: "OUR COMMITTEE MEMBERS" },
  { path: "/organization", heading: "ORGANIZATION" },
  { path: "/blogs", heading: "Blogs" },
  { path: "/gallery", heading: "Gallery" },
  { path: "/gallery?tab=videos", heading: "Gallery" },
  { path: "/contact", heading: "Contact Us" },
] as const;

/** Waits until the page is interactive: React hydrated it (admin, login) or, on public
 * pages, the enhancement script has set it up (app/enhance/main.ts). Both set data-hydrated. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** axe-core's serious and critical findings on the page as it is (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Scrolls through the page so every scroll-revealed card shows, and waits until those reveals
 * have finished (colours are checked on what the visitor ends up seeing, not mid-fade).
 */
export async function revealAll(page: Page) {
  await hydrated(page);
  await page.evaluate(async () => {
    const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await nextFrames();
    }
    window.scrollTo(0, 0);
    await nextFrames();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** revealAll, then seriousViolations: what a public page's accessibility tests check. */
export async function scanPage(page: Page): Promise<string[]> {
  await revealAll(page);
  return seriousViolations(page);
}

/**
 * A title other tests are making (and deleting) at the same time on the shared CMS: it ends in a
 * `unique()` token such as "mwseqf5l7q4k".
 */
export const TEST_ENTRY = /\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{11,13}\b/;

/** The newest post of the seeded site on the list page: none another test may delete meanwhile. */
const seededPostLink = (page: Page) =>
  page.getByTestId("blog-list").locator("li").filter({ hasNotText: TEST_ENTRY }).locator("a[href^='/blogs/details/']").first();

/** The path of the newest seeded blog post, read from the list page. */
export async function firstBlogPath(page: Page): Promise<string> {
  await page.goto("/blogs");
  const href = await seededPostLink(page).getAttribute("href");
  expect(href).toMatch(/^\/blogs\/details\/\d+$/);
  return href!;
}

export const test = base;
export { expect };
