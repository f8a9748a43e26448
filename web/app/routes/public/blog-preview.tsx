// /blogs/preview/{id} and /ne/blogs/preview/{id}: a post, whatever its status, exactly as its public
// page will show it (the same layout, component and rendering), for signed-in staff only. Never
// stored by a cache, never indexed.
import { data } from "react-router";
import type { Route } from "./+types/blog-preview";
import { BlogArticle } from "~/components/blog/BlogArticle";
import { pageErrorBoundary } from "~/components/site/RouteError";
import { requireStaff } from "~/lib/admin/session.server";
import { getBlogPreview } from "~/lib/content/blog-post.server";
import { NO_STORE } from "~/lib/http-cache";
import { localeFromPath, translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

export const handle = STATIC_PAGE;
export const headers = () => ({ "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" });
export const clientLoader = reloadDocument;

export function meta({ loaderData, matches, params, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  return seo({
    site: siteFromMatches(matches),
    locale,
    title: loaderData?.blog.title ?? translator(locale)("blogs.title"),
    path: `/blogs/preview/${params.id}`,
    noindex: true,
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  const preview = await getBlogPreview(request, staff, id, localeFromPath(new URL(request.url).pathname));
  if (!preview) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return preview;
}

const PREVIEW_BANNERS = {
  draft: "blog.previewDraft",
  submitted: "blog.previewSubmitted",
  published: "blog.previewPublished",
} as const;

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <p role="status" data-testid="preview-banner" className="bg-ink px-4 py-2 text-center text-sm font-semibold text-white">
        {t(PREVIEW_BANNERS[loaderData.status])}
      </p>
      <BlogArticle blog={loaderData.blog} />
    </>
  );
}

export const ErrorBoundary = pageErrorBoundary({ notFound: "blog.notFound", narrow: true });
