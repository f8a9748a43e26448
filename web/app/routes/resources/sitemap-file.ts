import type { Route } from "./+types/sitemap-file";
import { CmsError } from "~/lib/cms.server";
import { compressedResponse } from "~/lib/compressed.server";
import { CMS_DOWN, currentSitemap, XML_HEADERS } from "~/lib/sitemap.server";

/** /sitemaps/{n}.xml: file n of a sitemap split under an index (404 past the last one). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const index = /^[1-9]\d{0,5}\.xml$/.test(params.file) ? Number.parseInt(params.file, 10) : 0;
  if (!index) return NOT_FOUND();
  let sitemap;
  try {
    sitemap = await currentSitemap({ signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    return CMS_DOWN();
  }
  const body = sitemap.fileCount > 1 ? sitemap.file(index) : null;
  return body === null ? NOT_FOUND() : compressedResponse(request, body, XML_HEADERS);
}

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
