import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/site/RouteError";
import { translator, useT } from "~/lib/i18n";
import { seo, siteFromMatches } from "~/lib/seo";

export function meta({ matches, location }: Route.MetaArgs) {
  return seo({
    site: siteFromMatches(matches),
    title: translator()("notFound.metaTitle"),
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
