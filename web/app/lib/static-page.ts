import { type ClientLoaderFunctionArgs, useMatches } from "react-router";

/**
 * Public pages are served without React in the browser (docs/decisions/006-public-pages-
 * without-react.md): the server's HTML is complete, and one small script (app/enhance/) adds
 * the slider, dialogs, menu and toggles. A page opts in with three exports:
 *
 *   export const handle = STATIC_PAGE;          // root.tsx leaves out React Router's scripts (LIST_PAGE: reads ?page)
 *   export const headers = publicPageHeaders;   // CDN-cacheable (app/lib/http-cache.ts)
 *   export const clientLoader = reloadDocument; // reached from a hydrated page (login): load it whole
 */
export interface PageHandle {
  /** false: the page is not hydrated; it gets the enhancement script instead. */
  hydrate?: boolean;
  /**
   * Every query parameter the page reads (loader, meta, component). The page cache keeps one copy per
   * path and combination of these, and renders the page without any other parameter
   * (server/page-handler.ts `pageKey`): `?utm_source=` or `?x=1` get the same copy. A public page
   * must declare them (`web/app/routes/public/handles.test.ts` checks).
   */
  query?: readonly string[];
}

/** A public page that reads no query parameter. */
export const STATIC_PAGE: PageHandle = { hydrate: false, query: [] };

/** A public list: `?page=N` (app/lib/list-page.server.ts). */
export const LIST_PAGE: PageHandle = { hydrate: false, query: ["page"] };

/** Whether the page being rendered is a static (non-hydrated) one: its deepest route says so. */
export function useIsStaticPage(): boolean {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return (leaf?.handle as PageHandle | undefined)?.hydrate === false;
}

/**
 * A hydrated page (the staff login) navigating client-side to a static page would render it
 * with React but without its enhancement script: load it as a document instead.
 */
export async function reloadDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
