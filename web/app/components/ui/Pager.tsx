import { Link } from "react-router";
import { pagerEntries } from "~/lib/pagination";

export interface PagerTexts {
  /** The navigation's name for screen readers ("Pages"). */
  label: string;
  previous: string;
  next: string;
  /** A page number's accessible name ("Page 3"). */
  page: (page: number) => string;
  /** A page number as the page's language writes it (Devanagari digits on Nepali pages). */
  number: (page: number) => string;
}

/**
 * Page links of a paginated list, public and admin alike: previous and next (with rel), the
 * first and last page, the current one and its neighbours, an ellipsis for the pages left out.
 * Plain links, so it works without JavaScript; nothing when there is only one page.
 */
export function Pager({
  current,
  pageCount,
  hrefOf,
  texts,
}: {
  current: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  texts: PagerTexts;
}) {
  if (pageCount <= 1) return null;
  const box = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold";
  const link = `${box} border border-sand-200 bg-white text-ink hover:border-clay hover:text-clay-dark`;
  return (
    <nav aria-label={texts.label} className="mt-10 flex justify-center" data-pager>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {current > 1 ? (
          <li>
            <Link to={hrefOf(current - 1)} rel="prev" className={link}>
              <span aria-hidden="true">←</span>
              <span className="ml-1.5">{texts.previous}</span>
            </Link>
          </li>
        ) : null}
        {pagerEntries(current, pageCount).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === current ? (
                <span aria-current="page" aria-label={texts.page(entry)} className={`${box} bg-clay text-white`}>
                  {texts.number(entry)}
                </span>
              ) : (
                <Link to={hrefOf(entry)} aria-label={texts.page(entry)} className={link}>
                  {texts.number(entry)}
                </Link>
              )}
            </li>
          ),
        )}
        {current < pageCount ? (
          <li>
            <Link to={hrefOf(current + 1)} rel="next" className={link}>
              <span className="mr-1.5">{texts.next}</span>
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
