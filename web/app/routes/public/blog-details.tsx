import { data, Link } from "react-router";
import type { Route } from "./+types/blog-details";
import { contentLang, FallbackNotice } from "~/components/site/LanguageSwitch";
import { isNotFound, pageErrorBoundary } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { IconCalendar, IconChevronLeft, IconUser } from "~/components/ui/icons";
import { type CmsQueryOptions, cmsView, loadFromCms } from "~/lib/cms.server";
import { BLOG_CARD_FIELDS, type BlogRow, cardOf, renderPost } from "~/lib/content/collections.server";
import {
  addAdYears,
  inLocale,
  languageVariables,
  type Localized,
  NEPALI_OF_ENTRY,
  perLocale,
  type WithNepali,
} from "~/lib/content/localize";
import type { BlogCardView } from "~/lib/content/types";
import { servePostPhotos } from "~/lib/markdown/post-photos.server";
import { excerpt } from "~/lib/sanitize.server";
import { type Locale, localeFromPath, translator, useLocale, useLocalizePath, useT } from "~/lib/i18n";
import { formatBsAd } from "~/lib/i18n/bs-date";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// What this page shows of a post, asked of the CMS in one query and turned into its view here:
// a field the page shows is added to the query, the Nepali fields, the row, the view and the markup below.
const BLOG_QUERY = /* GraphQL */ `
  query BlogDetailsPage($id: Int!, $ne: Boolean!) {
    blogByNumericId(id: $id, locale: "en") {
      ${BLOG_CARD_FIELDS}
      updatedAt
      ${NEPALI_OF_ENTRY} { title content }
    }
  }
`;

type PostRow = BlogRow & { updatedAt: string };

export interface BlogView extends BlogCardView {
  /** Sanitised HTML rendered from Markdown. */
  contentHtml: string;
  description: string;
}

async function blogView(row: Localized<PostRow>, language: Locale): Promise<BlogView> {
  const rendered = await renderPost(row, language);
  return {
    ...cardOf(row, rendered),
    contentHtml: addAdYears(await servePostPhotos(rendered.html)),
    description: excerpt(rendered.text, 160),
  };
}

// A post without a Nepali version is shown in English (fallback); one that does not exist is not found.
const BLOG_VIEW = /*#__PURE__*/ perLocale(async ({ blogByNumericId: row }: { blogByNumericId: WithNepali<PostRow> | null }, locale) => {
  const post = inLocale(row, locale);
  return post ? blogView(post, locale) : null;
});

function getBlog(id: number, locale: Locale, options?: CmsQueryOptions): Promise<BlogView | null> {
  return cmsView(BLOG_QUERY, { id, ...languageVariables(locale) }, BLOG_VIEW[locale], options);
}

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
  const { blog } = loaderData;
  const t = useT();
  const locale = useLocale();
  const href = useLocalizePath();
  // No Nepali version yet: the English text, marked as such, with a notice (ADR 005).
  const lang = contentLang(blog);
  return (
    <article className="pb-16">
      <header className="bg-sand/60">
        <div className="container-page max-w-4xl pt-8 pb-10 sm:pt-10">
          <Link to={href("/blogs")} className="inline-flex items-center gap-1 text-sm font-semibold text-clay hover:underline">
            <IconChevronLeft size={16} />
            {t("blog.back")}
          </Link>
          {lang ? <FallbackNotice className="mt-4" /> : null}
          <h1 lang={lang} className="mt-4 text-3xl font-bold text-ink sm:text-4xl lg:text-5xl">
            {blog.title}
          </h1>
          <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-muted">
            <div className="flex items-center gap-2">
              <dt>
                <IconUser size={18} />
                <span className="sr-only">{t("blog.author")}</span>
              </dt>
              <dd>{blog.author}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <IconCalendar size={18} />
                <span className="sr-only">{t("blog.published")}</span>
              </dt>
              <dd>
                {/* BS date, then AD in brackets; Devanagari on Nepali pages. */}
                <time dateTime={blog.createdAt}>{formatBsAd(blog.createdAt, locale)}</time>
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
          lang={lang}
          className="prose-warm mx-auto mt-10 max-w-[68ch]"
          data-testid="blog-content"
          dangerouslySetInnerHTML={{ __html: blog.contentHtml }}
        />
      </div>
    </article>
  );
}

export const ErrorBoundary = pageErrorBoundary({ notFound: "blog.notFound", narrow: true });
