import { MAX_PAGE, pageCountOf, requestedPage } from "~/lib/pagination";
import { KINDS, type KindKey } from "./kinds";

/**
 * Where staff are in an admin list: its page and search, kept in the list's URL
 * (`/bloglist?q=dashain&page=3`) and carried to the view, edit and new screens as `?back=`
 * so that saving, deleting or going back returns to that place. Pure: the screens and the
 * server read it alike.
 */

/** Items per admin list page. */
export const ADMIN_PAGE_SIZE = 25;
/** The longest search the lists take (the contract's own bound: longer than any title). */
export const MAX_SEARCH_LENGTH = 200;

export interface ListPlace {
  page: number;
  /** The search, trimmed ("" for none). */
  q: string;
}

/** The place a list URL's parameters ask for; a page that cannot exist counts as page 1. */
export function listPlaceOf(params: URLSearchParams): ListPlace {
  return {
    page: requestedPage(params) ?? 1,
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

/** The URL of a kind's list at a place (page 1 and an empty search leave their parameter out). */
export function listHref(kind: KindKey, place: ListPlace): string {
  const params = new URLSearchParams();
  if (place.q) params.set("q", place.q);
  if (place.page > 1) params.set("page", String(Math.min(place.page, MAX_PAGE)));
  const query = params.toString();
  return query ? `${KINDS[kind].paths.list}?${query}` : KINDS[kind].paths.list;
}

/** The same search on a page that exists once the list holds `count` items. */
export function clampedPlace(place: ListPlace, count: number): ListPlace {
  return { ...place, page: Math.min(place.page, pageCountOf(count, ADMIN_PAGE_SIZE)) };
}

/**
 * The list a `?back=` value returns to: only the kind's own list path, rebuilt from its page
 * and search (nothing else passes through: no other path, host or parameter); the plain list
 * when there is none or it is anything else.
 */
export function returnPathOf(kind: KindKey, back: string | null | undefined): string {
  const list = KINDS[kind].paths.list;
  if (!back || !(back === list || back.startsWith(`${list}?`))) return listHref(kind, { page: 1, q: "" });
  return listHref(kind, listPlaceOf(new URLSearchParams(back.slice(list.length + 1))));
}

/** `path` carrying the list place to return to (nothing when that is the plain list). */
export function withBack(path: string, back: string, kind: KindKey): string {
  if (back === KINDS[kind].paths.list) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ back })}`;
}
