import type { Route } from "./+types/sitemap";
import { CmsError } from "~/lib/cms.server";
import { CMS_DOWN, fileCountOf, sitemapFile, sitemapIndex, sitemapPages, XML_HEADERS } from "~/lib/sitemap.server";

/** /sitemap.xml: the sitemap itself, or past SITEMAP_MAX_URLS the index of its numbered files. */
export async function loader({ request }: Route.LoaderArgs) {
  let pages;
  try {
    pages = await sitemapPages({ signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    // CMS down: tell crawlers to come back rather than serving a sitemap without posts.
    return CMS_DOWN();
  }
  const files = fileCountOf(pages);
  return new Response(files === 1 ? sitemapFile(pages, 1) : sitemapIndex(files), { headers: XML_HEADERS });
}
