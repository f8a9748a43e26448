import { Link, useLocation } from "react-router";
import { consentHref, isPictureName, type PostPhoto } from "~/lib/admin/consent";
import { IconVideo } from "~/components/ui/icons";
import { useAt, type AdminMessageKey } from "~/lib/admin/messages";
import { ConsentBadge } from "./ConsentBadge";
import { SizedImage } from "./SizedImage";

const PLACE_LABELS: Record<PostPhoto["place"], AdminMessageKey> = { cover: "consent.cover", text: "consent.inText", own: "consent.own" };

/** A thumbnail's width: small enough for a row on a 360 px phone. */
const THUMB_WIDTH = 64;

/**
 * A post's cover and the photos in its text (a gallery item's or member's own files), each with its consent state in words and the way to
 * its consent page (which comes back here); "failed": the CMS could not say.
 */
export function PostPhotos({ photos }: { photos: PostPhoto[] | "failed" }) {
  const at = useAt();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section aria-labelledby="post-photos" className="mt-6 rounded-2xl border border-sand-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id="post-photos" className="font-sans text-lg font-semibold text-ink">
        {at("consent.photos")}
      </h2>
      <p className="mt-1 text-sm text-muted">{at("consent.photosIntro")}</p>
      {photos === "failed" ? (
        <p className="mt-2 text-ink">{at("consent.photosFailed")}</p>
      ) : photos.length === 0 ? (
        <p className="mt-2 text-muted">{at("consent.photosNone")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-200" data-testid="post-photos">
          {photos.map((photo) => (
            <li key={photo.name} className="flex items-center gap-3 py-3">
              {isPictureName(photo.name) ? (
                <SizedImage
                  src={`/uploads/${photo.name}`}
                  shownWidth={THUMB_WIDTH}
                  alt=""
                  className="size-16 shrink-0 rounded-lg border border-sand-200 bg-sand object-cover"
                />
              ) : (
                <span aria-hidden="true" className="grid size-16 shrink-0 place-items-center rounded-lg border border-sand-200 bg-sand">
                  <IconVideo />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="text-sm text-muted">
                  {at(PLACE_LABELS[photo.place])}
                  <span className="sr-only">: {photo.name}</span>
                </p>
                {photo.consent ? <ConsentBadge state={photo.consent.state} /> : <p className="text-sm">{at("consent.notStored")}</p>}
                {photo.consent ? (
                  <p className="mt-1">
                    <Link to={consentHref(photo.name, here)} className="font-semibold text-clay hover:underline">
                      {at("consent.recordLink")}
                      <span className="sr-only"> ({photo.name})</span>
                    </Link>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
