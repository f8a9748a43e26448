import { isRouteErrorResponse, Link } from "react-router";
import { formatNumber, type T, useLocale, useLocalizePath } from "~/lib/i18n";

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
