import { data } from "react-router";
import { requestedPage } from "./pagination";

/**
 * The page a public list's URL asks for. A `?page` that is no page number (`0`, `02`, `abc`,
 * repeated) is the site's 404 page: such a URL has never been linked, and answering it with
 * page 1 would give one list many addresses.
 */
export function requestedPageOr404(request: Request): number {
  const page = requestedPage(new URL(request.url).searchParams);
  if (page === null) throw data(null, { status: 404 });
  return page;
}

/** A page past the end of its list is the 404 page too (page 1 of an empty list exists). */
export function existingPage<List extends { page: number; pageCount: number }>(list: List): List {
  if (list.page > list.pageCount) throw data(null, { status: 404 });
  return list;
}
