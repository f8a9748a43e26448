import { cmsRestRead, type CmsQueryOptions } from "./cms.server";
import { CompressedBody } from "./compressed.server";
import { PAGE_SIZES } from "./content/collections.server";
import { env } from "./env.server";
import { LOCALES, localizePath } from "./i18n/paths";
import { pageCountOf } from "./pagination";
import { xmlEscape } from "./xml";

/**
 * The sitemap: every public page in both languages (English at the spec's paths, Nepali under
 * /ne), each <url> naming all its language versions (xhtml:link hreflang, x-default English).
 * Every post has a Nepali page (without a Nepali version it shows the English text with a
 * notice), and every page of the paginated lists is listed, so crawlers reach every image and
 * video too. Past SITEMAP_MAX_URLS URLs it is split into numbered files under a sitemap index.
 */

const STATIC_PATHS = [
  "/",
  "/objectives",
  "/current-committee",
  "/organization",
  "/blogs",
  "/gallery",
  "/gallery?tab=videos",
  "/contact",
  "/donate",
];

/** What the CMS's lean read answers: each post's id and last change, and the other lists' counts. */
interface SitemapEntries {
  posts: [id: number, updatedAt: string][];
  images: number;
  videos: number;
  members: number;
}

interface SitemapPage {
  /** The English path; the Nepali one is derived. */
  path: string;
  lastmod: string | null;
}

/**
 * The sitemap's pages and the files made of them, for as long as the CMS read they come from is
 * the cached one: a sitemap of 10,000 posts is megabytes of XML, made and compressed once per
 * read, not per request.
 */
const madeFrom = new WeakMap<SitemapEntries, { pages: SitemapPage[]; files: Map<number, CompressedBody> }>();

/** The sitemap of the CMS's current content: its pages, and file `index` (1-based; null past the last). */
export async function currentSitemap(options?: CmsQueryOptions) {
  const entries = await cmsRestRead<SitemapEntries>("/api/sitemap-entries", options);
  let made = madeFrom.get(entries);
  if (!made) madeFrom.set(entries, (made = { pages: sitemapPages(entries), files: new Map() }));
  const { pages, files } = made;
  return {
    fileCount: fileCountOf(pages),
    file(index: number): CompressedBody | null {
      if (!files.has(index)) {
        const body = sitemapFile(pages, index);
        if (body === null) return null;
        files.set(index, new CompressedBody(body));
      }
      return files.get(index)!;
    },
  };
}

/** One page per path in English order; each becomes one <url> per language. */
function sitemapPages({ posts, images, videos, members }: SitemapEntries): SitemapPage[] {
  const listPages = (path: (page: number) => string, total: number, pageSize: number) =>
    Array.from({ length: pageCountOf(total, pageSize) - 1 }, (_, i) => ({ path: path(i + 2), lastmod: null }));
  return [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null })),
    ...listPages((page) => `/blogs?page=${page}`, posts.length, PAGE_SIZES.blogs),
    ...listPages((page) => `/gallery?page=${page}`, images, PAGE_SIZES.images),
    ...listPages((page) => `/gallery?tab=videos&page=${page}`, videos, PAGE_SIZES.videos),
    ...listPages((page) => `/current-committee?page=${page}`, members, PAGE_SIZES.members),
    ...posts.map(([id, updatedAt]) => ({ path: `/blogs/details/${id}`, lastmod: updatedAt })),
  ];
}

/** Pages per sitemap file: each page is one URL per language. */
const pagesPerFile = () => Math.max(1, Math.floor(env.SITEMAP_MAX_URLS / LOCALES.length));

/** How many sitemap files `pages` need (1: /sitemap.xml is the sitemap itself). */
const fileCountOf = (pages: SitemapPage[]) => Math.max(1, Math.ceil(pages.length / pagesPerFile()));

/** File `index` (1-based) of the sitemap; null past the last one. */
function sitemapFile(pages: SitemapPage[], index: number): string | null {
  if (index < 1 || index > fileCountOf(pages)) return null;
  const size = pagesPerFile();
  return urlset(pages.slice((index - 1) * size, index * size));
}

const absolute = (path: string) => xmlEscape(`${env.PUBLIC_SITE_URL}${path}`);

function urlset(pages: SitemapPage[]): string {
  const alternates = (path: string) =>
    [
      ...LOCALES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(localizePath(path, lang))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(path)}"/>`,
    ].join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap((page) =>
      LOCALES.map(
        (lang) =>
          `  <url><loc>${absolute(localizePath(page.path, lang))}</loc>${page.lastmod ? `<lastmod>${xmlEscape(page.lastmod)}</lastmod>` : ""}${alternates(page.path)}</url>`,
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
}

/** The sitemap index naming files 1..count (`/sitemaps/1.xml`, ...). */
export function sitemapIndex(count: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: count }, (_, i) => `  <sitemap><loc>${absolute(`/sitemaps/${i + 1}.xml`)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

export const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" };
export const CMS_DOWN = () => new Response("Service unavailable", { status: 503, headers: { "Retry-After": "120" } });
