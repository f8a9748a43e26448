import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/site/RouteError";
import { translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
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
