import { data, Link } from "react-router";
import type { Route } from "./+types/blog-details";
import { errorText, ErrorNotice, isNotFound, NotFoundContent } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { Calendar, ChevronLeft, User } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { getBlog } from "~/lib/content/collections.server";
import { translator, useT } from "~/lib/i18n";
import { seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

export function meta({ loaderData, matches, params, error }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = translator();
  if (!loaderData) {
    return seo({
      site,
      title: isNotFound(error) ? t("notFound.metaTitle") : t("blogs.title"),
      path: `/blogs/details/${params.id}`,
      noindex: true,
    });
  }
  const { blog } = loaderData;
  return [
    ...seo({
      site,
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
  const blog = await loadFromCms(() => getBlog(id, { signal: request.signal }));
  if (!blog) throw data(null, { status: 404 });
  return { blog };
}

export default function BlogDetailsPage({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  const t = useT();
  return (
    <article className="pb-16">
      <header className="bg-sand/60">
        <div className="container-page max-w-4xl pt-8 pb-10 sm:pt-10">
          <Link to="/blogs" className="inline-flex items-center gap-1 text-sm font-semibold text-clay hover:underline">
            <ChevronLeft size={16} />
            {t("blog.back")}
          </Link>
          <h1 className="mt-4 text-3xl font-bold text-ink sm:text-4xl lg:text-5xl">{blog.title}</h1>
          <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-muted">
            <div className="flex items-center gap-2">
              <dt>
                <User size={18} />
                <span className="sr-only">{t("blog.author")}</span>
              </dt>
              <dd>{blog.author}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <Calendar size={18} />
                <span className="sr-only">{t("blog.published")}</span>
              </dt>
              <dd>
                <time dateTime={blog.createdAt}>{blog.dateLabel}</time>
              </dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container-page max-w-4xl">
        {blog.image ? (
          <Img
            image={blog.image}
            sizes="(min-width: 900px) 848px, calc(100vw - 2rem)"
            shown={[320, 860]}
            priority
            className="-mt-2 w-full rounded-2xl object-cover shadow-card sm:mt-6"
          />
        ) : null}
        <div
          className="prose-warm mx-auto mt-10 max-w-[68ch]"
          data-testid="blog-content"
          dangerouslySetInnerHTML={{ __html: blog.contentHtml }}
        />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  if (isNotFound(error)) return <NotFoundContent t={t} text={t("blog.notFound")} />;
  return (
    <div className="container-page max-w-4xl">
      <ErrorNotice>{t("common.error", { error: errorText(error, t) })}</ErrorNotice>
    </div>
  );
}
