import type { Route } from "./+types/view";
import { DetailScreen } from "~/components/admin/DetailScreen";
import { NepaliSection } from "~/components/admin/NepaliSection";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { viewLoader } from "~/lib/admin/routes.server";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData?.item?.title ?? at("videos.title"));

// With the Nepali version, if any.
export const loader = ({ request, params }: Route.LoaderArgs) => viewLoader(request, "video", params.id);

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const video = loaderData.item;
  return (
    <DetailScreen
      kind="video"
      id={video?.id ?? null}
      name={video?.title ?? ""}
      found={Boolean(video)}
      notFound={loaderData.notFound}
      error={loaderData.error}
      back={{ label: at("common.back"), history: true }}
      lastEdit={video?.lastEdit}
    >
      {video ? (
        <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
          {video.mediaUrl ? (
            <video
              src={video.mediaUrl}
              poster={video.posterUrl ?? undefined}
              controls
              preload="metadata"
              className="max-h-[70vh] w-full bg-night"
            >
              {at("videos.unsupported")}
            </video>
          ) : null}
          <div className="p-6 sm:p-8">
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">{video.title}</h1>
            <p className="mt-3 whitespace-pre-line text-ink">{video.description}</p>
          </div>
        </article>
      ) : null}
      {video ? <NepaliSection kind="video" id={video.id} nepali={loaderData.nepali} /> : null}
    </DetailScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
