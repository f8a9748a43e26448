import type { Route } from "./+types/sitemap";
import { CmsError } from "~/lib/cms.server";
import { compressedResponse } from "~/lib/compressed.server";
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
  if (sitemap.fileCount > 1) return new Response(sitemapIndex(sitemap.fileCount), { headers: XML_HEADERS });
  return compressedResponse(request, sitemap.file(1)!, XML_HEADERS);
}
