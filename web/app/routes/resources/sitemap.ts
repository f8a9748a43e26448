import type { Route } from "./+types/sitemap";
import { CmsError } from "~/lib/cms.server";
import { getBlogFeed } from "~/lib/content/collections.server";
import { env } from "~/lib/env.server";
import { LOCALES, localizePath } from "~/lib/i18n/paths";
import { xmlEscape } from "~/lib/xml";

const STATIC_PATHS = ["/", "/objectives", "/current-committee", "/organization", "/blogs", "/gallery", "/gallery?tab=videos", "/contact"];

/**
 * Every public page in both languages (ADR 005): English at the spec's paths, Nepali under
 * /ne. Each <url> names all its language versions (xhtml:link hreflang, x-default English), as
 * search engines ask of sitemaps with alternates. Every post has a Nepali page: without a Nepali
 * version it shows the English text with a notice.
 */
export async function loader({ request }: Route.LoaderArgs) {
  let blogs: { id: number; updatedAt: string }[] = [];
  try {
    blogs = await getBlogFeed({ signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    // CMS down: tell crawlers to come back rather than serving a sitemap without posts.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "120" } });
  }
  const pages = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null as string | null })),
    ...blogs.map((b) => ({ path: `/blogs/details/${b.id}`, lastmod: b.updatedAt })),
  ];
  const url = (path: string) => xmlEscape(`${env.PUBLIC_SITE_URL}${path}`);
  const alternates = (path: string) =>
    [
      ...LOCALES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${url(localizePath(path, lang))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
    ].join("");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap((page) =>
      LOCALES.map(
        (lang) =>
          `  <url><loc>${url(localizePath(page.path, lang))}</loc>${page.lastmod ? `<lastmod>${xmlEscape(page.lastmod)}</lastmod>` : ""}${alternates(page.path)}</url>`,
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
