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

/** The id of the newest blog post, read from the list page. */
export async function firstBlogPath(page: Page): Promise<string> {
  await page.goto("/blogs");
  const href = await page.getByTestId("blog-list").locator("a[href^='/blogs/details/']").first().getAttribute("href");
  expect(href).toMatch(/^\/blogs\/details\/\d+$/);
  return href!;
}

export const test = base;
export { expect };
