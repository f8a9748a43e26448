import type { HeadersFunction } from "react-router";

/**
 * Caching of public pages by browsers and CDNs (docs/decisions/006-public-pages-without-react.md).
 * - Browsers: max-age=0, so a returning visitor always revalidates (ETag -> 304 on slow links).
 * - CDNs and proxies: s-maxage=60 bounds how stale a shared copy gets after a staff edit (the web
 *   server's own cache is emptied within a second by the CMS; a CDN would need a purge for that),
 *   and stale-while-revalidate lets them answer at once while they fetch the new page.
 * Each page carries the CSP nonce it was rendered with, in its header and in its own inline
 * scripts alike; a cached copy is consistent, so the nonce still does its job.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/**
 * Uploaded files and their resized copies (/uploads, /img): their names carry a hash and change when
 * a file is replaced, so a browser keeps one a day (a phone on slow data does not fetch it again);
 * a CDN or proxy asks again within a minute, as for pages, so a photo whose consent is withdrawn
 * (then 404 here) leaves shared caches as soon as the pages that showed it.
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400, s-maxage=60";

/** For documents that say nothing, and every error page: nobody keeps a copy. */
export const NO_STORE = "no-store";

/** Headers of an answer nobody may keep (every admin screen and action). */
export const NO_STORE_HEADERS = { "Cache-Control": NO_STORE } as const;

/** `export const headers = publicPageHeaders;` in a public page's route module. */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

/**
 * The Cache-Control a document response finally gets: only a 200 may be shared (a CDN must
 * never keep a 503 from a CMS hiccup, nor a 404 of a post about to be published), and a
 * document whose route says nothing is not stored (admin screens set no-store themselves).
 */
export function documentCacheControl(status: number, routeValue: string | null): string {
  if (!routeValue) return NO_STORE;
  if (status !== 200 && /\bpublic\b/i.test(routeValue)) return NO_STORE;
  return routeValue;
}
