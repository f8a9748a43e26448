/**
 * Page numbers of paginated lists, public and admin alike: which page a URL asks for, how many
 * pages a count makes, and which numbers a pager shows. Pure, so both the server and the tests use it.
 */

/** The highest page a URL may ask for (the CMS contract's bound: 1..1,000,000). */
export const MAX_PAGE = 1_000_000;

/**
 * The page a URL's `?page` asks for: 1 when there is none, the number when it is a plain whole
 * number from 1 to MAX_PAGE (`2`, not `02`, `2.0`, `+2` or `2x`), null otherwise (a page that
 * cannot exist: public pages answer it with 404). A repeated `page` is not a page either.
 */
export function requestedPage(params: URLSearchParams): number | null {
  const values = params.getAll("page");
  if (values.length === 0) return 1;
  const [raw] = values;
  if (values.length > 1 || raw === undefined || !/^[1-9]\d{0,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

/** Pages needed for `total` items (an empty list still has its first page). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A pager's entries: page numbers, and "gap" where numbers are left out (shown as an ellipsis). */
export type PagerEntry = number | "gap";

/**
 * The numbers a pager shows: always the first and last page, the current one and `around` pages
 * on each side of it; a run of left-out pages becomes one "gap", but a gap of a single page is
 * shown as that page (an ellipsis standing for one number saves nothing). So every page is at most
 * two clicks from any other through the first/last numbers, and the neighbours are one click away.
 */
export function pagerEntries(current: number, pageCount: number, around = 1): PagerEntry[] {
  const shown = new Set<number>([1, pageCount]);
  for (let page = current - around; page <= current + around; page++) {
    if (page >= 1 && page <= pageCount) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const entries: PagerEntry[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) entries.push(page - 1);
    else if (page - previous > 2) entries.push("gap");
    entries.push(page);
    previous = page;
  }
  return entries;
}
