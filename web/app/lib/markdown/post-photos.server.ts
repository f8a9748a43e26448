import { cmsRestRead } from "../cms.server";
import { photoUrlsIn, type PostPhoto, withPostPhotos } from "./post-photos";

/** The CMS answers for at most this many photos at once (its post-photo-sizes route). */
const MAX_PHOTOS = 100;

/** The sizes show no content kind, only uploads, whose changes the CMS announces as changes of anything. */
const UPLOADS_ONLY: ReadonlySet<string> = new Set();

/**
 * Rendered post HTML with its photos served through /img (post-photos.ts), their sizes asked of the
 * CMS through the read cache (an upload's size never changes). A CMS that cannot answer costs the
 * photos their width and height, not the page.
 */
export async function servePostPhotos(html: string): Promise<string> {
  const urls = photoUrlsIn(html).slice(0, MAX_PHOTOS);
  if (urls.length === 0) return html;
  const query = new URLSearchParams(urls.map((url) => ["url", url]));
  const photos = await cmsRestRead<Record<string, PostPhoto>>(`/api/post-photo-sizes?${query}`, {}, UPLOADS_ONLY).catch(() => ({}));
  return withPostPhotos(html, photos);
}
