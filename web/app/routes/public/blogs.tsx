import type { Route } from "./+types/blogs";
import { BlogCard } from "~/components/blog/BlogCard";
import { PageBanner } from "~/components/site/PageBanner";
import { errorText, ErrorNotice } from "~/components/site/RouteError";
import { Rss } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { getBlogCards } from "~/lib/content/collections.server";
import { localeFromPath, translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

export function meta({ matches, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  return seo({ site: siteFromMatches(matches), locale, title: t("blogs.title"), description: t("blogs.intro"), path: "/blogs" });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromCms(async () => ({ blogs: await getBlogCards(locale, { signal: request.signal }) }));
}

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { blogs } = loaderData;
  const t = useT();
  return (
    <>
      <PageBanner title={t("blogs.title")} intro={t("blogs.intro")}>
        <a href="/blogs/rss.xml" className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-white underline-offset-4 hover:underline">
          <Rss size={16} />
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
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <>
      <PageBanner title={t("blogs.title")} />
      <div className="container-page">
        <ErrorNotice>{t("common.error", { error: errorText(error, t) })}</ErrorNotice>
      </div>
    </>
  );
}
