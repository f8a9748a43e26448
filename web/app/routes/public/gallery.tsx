import { Link, useLocation } from "react-router";
import type { Route } from "./+types/gallery";
import { ImageModal } from "~/components/gallery/image-dialog/ImageModal";
import { VideoCard } from "~/components/gallery/VideoCard";
import { PageBanner } from "~/components/site/PageBanner";
import { PublicPager, titleWithPage } from "~/components/site/PublicPager";
import { isNotFound, pageErrorBoundary } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { loadFromCms } from "~/lib/cms.server";
import { getGalleryImages, getGalleryVideos } from "~/lib/content/collections.server";
import { existingPage, requestedPageOr404 } from "~/lib/list-page.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { localeFromPath, translator, useLocalizePath, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { type PageHandle, reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// The open tab, its page, and the image whose dialog is open.
export const handle: PageHandle = { ...STATIC_PAGE, query: ["image", "page", "tab"] };
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

type Tab = "images" | "videos";

function readTab(search: string | URLSearchParams): Tab {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return params.get("tab") === "videos" ? "videos" : "images";
}

/**
 * A page of a tab in English: `/gallery`, `/gallery?page=2` (images), `/gallery?tab=videos&page=2`;
 * `extra` adds parameters after the page (an open image).
 */
function pathOf(tab: Tab, page: number, extra = ""): string {
  const params = new URLSearchParams();
  if (tab === "videos") params.set("tab", "videos");
  if (page > 1) params.set("page", String(page));
  const query = [params.toString(), extra].filter(Boolean).join("&");
  return query ? `/gallery?${query}` : "/gallery";
}

export function meta({ matches, location, loaderData, error }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  const site = siteFromMatches(matches);
  const tab = readTab(location.search);
  const title = `${t("gallery.title")}: ${tab === "videos" ? t("gallery.videos") : t("gallery.images")}`;
  if (!loaderData) {
    return seo({ site, locale, title: isNotFound(error) ? t("notFound.metaTitle") : title, path: pathOf(tab, 1), noindex: true });
  }
  const { page } = loaderData.list;
  return seo({ site, locale, title: titleWithPage(t, title, page), description: t("gallery.intro"), path: pathOf(tab, page) });
}

export async function loader({ request }: Route.LoaderArgs) {
  // One page of the open tab: an image's dialog is rendered from the same answer.
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const page = requestedPageOr404(request);
  const options = { signal: request.signal };
  if (readTab(url.searchParams) === "videos") {
    const list = await loadFromCms(() => getGalleryVideos(page, locale, options));
    return { tab: "videos" as const, list: existingPage(list) };
  }
  const list = await loadFromCms(() => getGalleryImages(page, locale, options));
  return { tab: "images" as const, list: existingPage(list) };
}

/** Images above the fold on a phone (two rows of two): loaded at once, the rest lazily. */
const EAGER_IMAGES = 4;

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { tab, list } = loaderData;
  const images = loaderData.tab === "images" ? loaderData.list.items : [];
  const videos = loaderData.tab === "videos" ? loaderData.list.items : [];
  const t = useT();
  const location = useLocation();
  const href = useLocalizePath();
  const params = new URLSearchParams(location.search);
  const openId = Number(params.get("image"));
  const open = tab === "images" && openId ? images.find((img) => img.id === openId) : undefined;
  // Closing an image's dialog returns to the page it was opened from.
  const gridHref = href(pathOf(tab, list.page));

  return (
    <>
      <PageBanner title={t("gallery.title")} intro={t("gallery.intro")} />
      <div className="container-page py-10 sm:py-14">
        <nav aria-label={t("gallery.tabs")}>
          <ul className="inline-flex rounded-full bg-white p-1 shadow-card ring-1 ring-sand-200">
            {(["images", "videos"] as const).map((name) => (
              <li key={name}>
                <Link
                  to={`?tab=${name}`}
                  aria-current={tab === name ? "page" : undefined}
                  className={`block rounded-full px-6 py-2.5 font-semibold transition-colors ${
                    tab === name ? "bg-clay text-white" : "text-ink hover:bg-sand"
                  }`}
                >
                  {name === "images" ? t("gallery.images") : t("gallery.videos")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-8">
          {tab === "images" ? (
            images.length === 0 ? (
              <p className="rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-sand-200">{t("gallery.emptyImages")}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="image-grid">
                {images.map((img, i) => (
                  <li key={img.id}>
                    {/* A real link: without JavaScript it opens the same dialog, rendered by the
                        server; with it, components/gallery/image-dialog/enhance.ts opens the dialog from the template. */}
                    <Link
                      to={href(pathOf("images", list.page, `image=${img.id}`))}
                      data-gallery-open={img.id}
                      aria-label={t("gallery.openImage", { title: img.title })}
                      className="group block overflow-hidden rounded-xl bg-sand ring-1 ring-sand-200"
                    >
                      <Img
                        image={img.image}
                        alt=""
                        sizes="(min-width: 1200px) 290px, (min-width: 900px) calc(33vw - 2rem), (min-width: 600px) calc(50vw - 2.25rem), calc(50vw - 1.4rem)"
                        shown={[150, 420]}
                        eager={i < EAGER_IMAGES}
                        className="aspect-square w-full object-cover transition-transform duration-500 group-hover:scale-105"
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : videos.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-sand-200">{t("gallery.emptyVideos")}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="video-grid">
              {videos.map((video) => (
                <li key={video.id}>
                  <VideoCard video={video} />
                </li>
              ))}
            </ul>
          )}
          <PublicPager page={list.page} pageCount={list.pageCount} pathOf={(page) => pathOf(tab, page)} />
        </div>
      </div>
      {open ? <ImageModal image={open} closeHref={gridHref} /> : null}
      {/* Each image's dialog, ready to open without asking the server again. */}
      {tab === "images"
        ? images.map((img) => (
            <template key={img.id} data-image-dialog-for={img.id}>
              <ImageModal image={img} closeHref={gridHref} />
            </template>
          ))
        : null}
    </>
  );
}

// 'Error loading images: {error}' / 'Error loading videos: {error}', by the tab shown.
export const ErrorBoundary = pageErrorBoundary({
  banner: "gallery.title",
  message: (t, reason, search) =>
    readTab(search) === "videos" ? t("gallery.errorVideos", { error: reason }) : t("gallery.errorImages", { error: reason }),
});
