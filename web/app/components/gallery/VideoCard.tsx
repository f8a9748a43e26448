import { useId } from "react";
import type { GalleryVideoView } from "~/lib/content/types";
import { useT } from "~/lib/i18n";
import { truncateText, VIDEO_DESCRIPTION_LIMIT } from "./truncate";

/**
 * A video with its title and description. The description is cut at 80
 * characters; app/enhance/video-toggle.ts makes the Read more / Show less button work, and
 * without JavaScript the whole text shows and the button is hidden (root's noscript style).
 */
export function VideoCard({ video }: { video: GalleryVideoView }) {
  const t = useT();
  const descriptionId = useId();
  const short = truncateText(video.description, VIDEO_DESCRIPTION_LIMIT);

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-sand-200">
      {/* preload="none": nothing is downloaded until the visitor presses play. */}
      <video
        controls
        preload="none"
        playsInline
        // Its own frame, or the site's neutral poster, so the player is not a black box before it plays.
        poster={video.poster ?? "/video-poster.svg"}
        width={640}
        height={360}
        className="aspect-video w-full bg-night"
        aria-label={video.title}
      >
        <source src={video.src} type={video.mime} />
        <a href={video.src}>{t("gallery.downloadVideo")}</a>
      </video>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-bold" lang={video.fallback ? "en" : undefined}>
          {video.title}
        </h2>
        <p id={descriptionId} lang={video.fallback ? "en" : undefined} className="mt-2 text-muted" data-testid="video-description">
          {short.truncated ? (
            <>
              {/* A class, not the hidden attribute: the browser's own [hidden] rule would beat
                  the noscript style. */}
              <span data-nojs-hide="" data-video-short="">
                {short.text}
              </span>
              <span data-nojs-show="" data-video-full="" className="hidden">
                {video.description}
              </span>
            </>
          ) : (
            video.description
          )}
        </p>
        {short.truncated ? (
          <button
            type="button"
            data-js-only=""
            data-video-toggle=""
            data-label-more={t("common.readMore")}
            data-label-less={t("common.showLess")}
            aria-expanded="false"
            aria-controls={descriptionId}
            className="mt-2 self-start rounded font-semibold text-clay hover:underline"
          >
            {t("common.readMore")}
          </button>
        ) : null}
      </div>
    </article>
  );
}
