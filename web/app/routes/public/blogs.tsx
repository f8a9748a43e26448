import type { Route } from "./+types/blogs";
import { BlogCard } from "~/components/blog/BlogCard";
import { PageBanner } from "~/components/site/PageBanner";
import { PublicPager, titleWithPage } from "~/components/site/PublicPager";
import { isNotFound, pageErrorBoundary } from "~/components/site/RouteError";
import { IconRss } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { existingPage, requestedPageOr404 } from "~/lib/list-page.server";
import { getBlogCards } from "~/lib/content/collections.server";
import { localeFromPath, translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { LIST_PAGE, reloadDocument } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = LIST_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

/** A page of the list in English (`/blogs`, `/blogs?page=2`); the Nepali one is under /ne. */
const pathOf = (page: number) => (page > 1 ? `/blogs?page=${page}` : "/blogs");

export function meta({ matches, location, loaderData, error }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  const site = siteFromMatches(matches);
  if (!loaderData) {
    const title = isNotFound(error) ? t("notFound.metaTitle") : t("blogs.title");
    return seo({ site, locale, title, path: "/blogs", noindex: true });
  }
  const { page } = loaderData.blogs;
  return seo({ site, locale, title: titleWithPage(t, t("blogs.title"), page), description: t("blogs.intro"), path: pathOf(page) });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const page = requestedPageOr404(request);
  const blogs = await loadFromCms(() => getBlogCards(page, locale, { signal: request.signal }));
  return { blogs: existingPage(blogs) };
}

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { items: blogs, page, pageCount } = loaderData.blogs;
  const t = useT();
  return (
    <>
      <PageBanner title={t("blogs.title")} intro={t("blogs.intro")}>
        <a
          href="/blogs/rss.xml"
          className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-white underline-offset-4 hover:underline"
        >
          <IconRss size={16} />
          {t("blogs.rss")}
        </a>
      </PageBanner>
      <div className="container-page py-12 sm:py-16">
        {blogs.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-sand-200">{t("blogs.empty")}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-list">
            {blogs.map((blog, i) => (
              <li key={blog.id}>
                <BlogCard blog={blog} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        <PublicPager page={page} pageCount={pageCount} pathOf={pathOf} />
      </div>
    </>
  );
}

export const ErrorBoundary = pageErrorBoundary({ banner: "blogs.title" });
