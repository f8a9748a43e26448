import { useId, useState } from "react";
import type { GalleryVideoView } from "~/lib/content/types";
import { useT } from "~/lib/i18n";
import { truncateText, VIDEO_DESCRIPTION_LIMIT } from "./truncate";

export function VideoCard({ video }: { video: GalleryVideoView }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const short = truncateText(video.description, VIDEO_DESCRIPTION_LIMIT);

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-sand-200">
      {/* preload="none": nothing is downloaded until the visitor presses play. */}
      <video
        controls
        preload="none"
        playsInline
        // The site's own neutral poster, so the player is not a black box before it plays.
        poster="/video-poster.svg"
        width={640}
        height={360}
        className="aspect-video w-full bg-night"
        aria-label={video.title}
      >
        <source src={video.src} type={video.mime} />
        <a href={video.src}>{t("gallery.downloadVideo")}</a>
      </video>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-bold">{video.title}</h2>
        <p id={descriptionId} className="mt-2 text-muted" data-testid="video-description">
          {short.truncated ? (
            <>
              {/* Without JavaScript the whole text shows and the toggle is hidden (root noscript style). */}
              {/* A class, not the hidden attribute: the browser's own [hidden] rule would beat
                  the noscript style. */}
              <span data-nojs-hide="" className={expanded ? "hidden" : undefined}>
                {short.text}
              </span>
              <span data-nojs-show="" className={expanded ? undefined : "hidden"}>
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
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-controls={descriptionId}
            className="mt-2 self-start rounded font-semibold text-clay hover:underline"
          >
            {expanded ? t("common.showLess") : t("common.readMore")}
          </button>
        ) : null}
      </div>
    </article>
  );
}
