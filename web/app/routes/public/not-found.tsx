import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/site/RouteError";
import { translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { type PageHandle, reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts). It answers every path no other
// route has, React Router's own requests among them (`/__manifest?paths=...`), and is never kept
// (a 404): so it declares no query parameters, and such a request keeps its whole URL.
export const handle: PageHandle = { hydrate: STATIC_PAGE.hydrate };
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

export function meta({ matches, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  return seo({
    site: siteFromMatches(matches),
    locale,
    title: translator(locale)("notFound.metaTitle"),
    path: location.pathname,
    noindex: true,
  });
}

// Any path no other route claims: the page renders normally, with HTTP status 404.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFoundContent t={useT()} />;
}
