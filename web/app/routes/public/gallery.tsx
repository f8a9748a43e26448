import { Link, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/gallery";
import { ImageModal } from "~/components/gallery/ImageModal";
import { VideoCard } from "~/components/gallery/VideoCard";
import { PageBanner } from "~/components/site/PageBanner";
import { errorText, ErrorNotice } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { loadFromCms } from "~/lib/cms.server";
import { getGallery } from "~/lib/content/collections.server";
import { translator, useT } from "~/lib/i18n";
import { seo, siteFromMatches } from "~/lib/seo";

type Tab = "images" | "videos";

function readTab(search: string | URLSearchParams): Tab {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return params.get("tab") === "videos" ? "videos" : "images";
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator();
  const tab = readTab(location.search);
  return seo({
    site: siteFromMatches(matches),
    title: `${t("gallery.title")}: ${tab === "videos" ? t("gallery.videos") : t("gallery.images")}`,
    description: t("gallery.intro"),
    path: tab === "videos" ? "/gallery?tab=videos" : "/gallery",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  // Both tabs in one query: switching tabs or opening an image needs no new request.
  return loadFromCms(async () => getGallery({ signal: request.signal }));
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { images, videos } = loaderData;
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const tab = readTab(params);
  const openId = Number(params.get("image"));
  const open = tab === "images" && openId ? images.find((img) => img.id === openId) : undefined;
  const gridHref = tab === "videos" ? "?tab=videos" : "?tab=images";

  const closeModal = () => {
    // Opened from the grid: go back (the history entry it made disappears); opened from a
    // shared link: replace the URL.
    if ((location.state as { fromGrid?: boolean } | null)?.fromGrid) navigate(-1);
    else navigate(`/gallery${gridHref}`, { replace: true, preventScrollReset: true });
  };

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
                  preventScrollReset
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
                {images.map((img) => (
                  <li key={img.id}>
                    {/* A real link: without JavaScript it opens the same dialog, rendered by the server. */}
                    <Link
                      to={`?tab=images&image=${img.id}`}
                      state={{ fromGrid: true }}
                      preventScrollReset
                      aria-label={t("gallery.openImage", { title: img.title })}
                      className="group block overflow-hidden rounded-xl bg-sand ring-1 ring-sand-200"
                    >
                      <Img
                        image={img.image}
                        alt=""
                        sizes="(min-width: 1200px) 290px, (min-width: 900px) 33vw, 50vw"
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
        </div>
      </div>
      {open ? <ImageModal image={open} closeHref={`/gallery${gridHref}`} onClose={closeModal} /> : null}
    </>
  );
}

// Spec section 8: 'Error loading images: {error}' / 'Error loading videos: {error}'.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const location = useLocation();
  const reason = errorText(error, t);
  return (
    <>
      <PageBanner title={t("gallery.title")} />
      <div className="container-page">
        <ErrorNotice>
          {readTab(location.search) === "videos"
            ? t("gallery.errorVideos", { error: reason })
            : t("gallery.errorImages", { error: reason })}
        </ErrorNotice>
      </div>
    </>
  );
}
