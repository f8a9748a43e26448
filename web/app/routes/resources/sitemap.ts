import type { Route } from "./+types/sitemap";
import { CmsError } from "~/lib/cms.server";
import { CMS_DOWN, currentSitemap, sitemapIndex, XML_HEADERS } from "~/lib/sitemap.server";

/** /sitemap.xml: the sitemap itself, or past SITEMAP_MAX_URLS the index of its numbered files. */
export async function loader({ request }: Route.LoaderArgs) {
  let sitemap;
  try {
    sitemap = await currentSitemap({ signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    // CMS down: tell crawlers to come back rather than serving a sitemap without posts.
    return CMS_DOWN();
  }
  const body = sitemap.fileCount === 1 ? sitemap.file(1) : sitemapIndex(sitemap.fileCount);
  return new Response(body, { headers: XML_HEADERS });
}
