import type { Route } from "./+types/sitemap";
import { CmsError } from "~/lib/cms.server";
import { getBlogFeed } from "~/lib/content/collections.server";
import { env } from "~/lib/env.server";
import { xmlEscape } from "~/lib/xml";

const STATIC_PATHS = ["/", "/objectives", "/current-committee", "/organization", "/blogs", "/gallery", "/gallery?tab=videos", "/contact"];

export async function loader({ request }: Route.LoaderArgs) {
  let blogs: { id: number; updatedAt: string }[] = [];
  try {
    blogs = await getBlogFeed({ signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    // CMS down: tell crawlers to come back rather than serving a sitemap without posts.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "120" } });
  }
  const urls = [
    ...STATIC_PATHS.map((path) => ({ loc: `${env.PUBLIC_SITE_URL}${path}`, lastmod: null as string | null })),
    ...blogs.map((b) => ({ loc: `${env.PUBLIC_SITE_URL}/blogs/details/${b.id}`, lastmod: b.updatedAt })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
