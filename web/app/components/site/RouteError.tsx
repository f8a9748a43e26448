import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { formatNumber, type MessageKey, type T, useLocale, useLocalizePath, useT } from "~/lib/i18n";
import { PageBanner } from "./PageBanner";

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * The visitor-facing reason for a failed page load. CMS outages have a friendly text;
 * anything else stays generic: no stack traces or internal messages reach the page.
 */
export function errorText(error: unknown, t: T): string {
  if (isRouteErrorResponse(error) && error.status >= 500) return t("errors.cmsUnavailable");
  return t("errors.generic");
}

/** A red, announced error message in place of a page's content. */
export function ErrorNotice({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="my-10 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800">
      {children}
    </div>
  );
}

export function NotFoundContent({ t, text }: { t: T; text?: string }) {
  const href = useLocalizePath();
  const locale = useLocale();
  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <p aria-hidden="true" className="font-serif text-7xl font-bold text-saffron-deep sm:text-8xl">
        {formatNumber(404, locale)}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-clay-dark sm:text-4xl">{t("notFound.title")}</h1>
      <p className="mt-4 max-w-prose text-muted">{text ?? t("notFound.text")}</p>
      <Link to={href("/")} className="btn btn-primary mt-8">
        {t("common.backHome")}
      </Link>
    </div>
  );
}

export interface PageErrorOptions {
  /** The page's banner (its title), shown above the error as on the page itself. */
  banner?: MessageKey;
  /** A heading of its own, for a page without a banner (the home page). */
  heading?: MessageKey;
  /** What a 404 of this page says (a post: "No blog found."); the site's 404 text otherwise. */
  notFound?: MessageKey;
  /** The error in the page's own words ("Error loading images: {error}"); `reason` is errorText's. */
  message?: (t: T, reason: string, search: string) => React.ReactNode;
  /** A narrow page (a post): the error in its column. */
  narrow?: boolean;
}

/**
 * The error boundary of a public page: a 404 gets the not-found page, anything else a red,
 * announced message under the page's banner, in the page's words, never a stack trace.
 */
export function pageErrorBoundary(options: PageErrorOptions = {}) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    const t = useT();
    const { search } = useLocation();
    if (isNotFound(error)) return <NotFoundContent t={t} text={options.notFound ? t(options.notFound) : undefined} />;
    const reason = errorText(error, t);
    const notice = <ErrorNotice>{options.message ? options.message(t, reason, search) : t("common.error", { error: reason })}</ErrorNotice>;
    if (options.heading) {
      return (
        <div className="container-page py-16">
          <h1 className="text-3xl font-bold text-clay-dark">{t(options.heading)}</h1>
          {notice}
        </div>
      );
    }
    return (
      <>
        {options.banner ? <PageBanner title={t(options.banner)} /> : null}
        <div className={options.narrow ? "container-page max-w-4xl" : "container-page"}>{notice}</div>
      </>
    );
  };
}
