import { data } from "react-router";
import type { Route } from "./+types/blog-details";
import { BlogArticle } from "~/components/blog/BlogArticle";
import { isNotFound, pageErrorBoundary } from "~/components/site/RouteError";
import { loadFromCms } from "~/lib/cms.server";
import { getBlog } from "~/lib/content/blog-post.server";
import { localeFromPath, translator } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

export function meta({ loaderData, matches, params, error, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const locale = pageLocale(location);
  const t = translator(locale);
  if (!loaderData) {
    return seo({
      site,
      locale,
      title: isNotFound(error) ? t("notFound.metaTitle") : t("blogs.title"),
      path: `/blogs/details/${params.id}`,
      noindex: true,
    });
  }
  const { blog } = loaderData;
  return [
    ...seo({
      site,
      locale,
      title: blog.title,
      description: blog.description,
      path: `/blogs/details/${blog.id}`,
      image: blog.image?.src,
      type: "article",
    }),
    { property: "article:published_time", content: blog.createdAt },
  ];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  // URLs carry the numeric id of the spec; anything else cannot be a post.
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const locale = localeFromPath(new URL(request.url).pathname);
  const blog = await loadFromCms(() => getBlog(id, locale, { signal: request.signal }));
  if (!blog) throw data(null, { status: 404 });
  return { blog };
}

export default function BlogDetailsPage({ loaderData }: Route.ComponentProps) {
  return <BlogArticle blog={loaderData.blog} />;
}

export const ErrorBoundary = pageErrorBoundary({ notFound: "blog.notFound", narrow: true });
