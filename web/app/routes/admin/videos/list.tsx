import type { Route } from "./+types/list";
import { ListScreen } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { IconVideo } from "~/components/admin/icons";
import type { GalleryItem } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("videos.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "video");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "video");

export default function VideosPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen<GalleryItem>
      kind="video"
      title={at("videos.title")}
      addLabel={at("videos.add")}
      emptyText={at("videos.empty")}
      items={loaderData.items}
      error={loaderData.error === null ? null : at("videos.loadError", { error: loaderData.error })}
      deleteError={actionData?.deleteError}
      nameOf={(video) => video.title}
      columns={[
        {
          header: at("videos.col.video"),
          // A small still from the video itself: only its first frame is fetched.
          cell: (v) =>
            v.mediaUrl ? (
              <video
                src={`${v.mediaUrl}#t=0.1`}
                poster={v.posterUrl ?? undefined}
                preload="metadata"
                muted
                playsInline
                aria-label={v.title}
                className="h-14 w-24 rounded-lg bg-night object-cover"
              />
            ) : (
              <span className="flex h-14 w-24 items-center justify-center rounded-lg bg-sand text-muted">
                <IconVideo />
              </span>
            ),
        },
        { header: at("videos.col.title"), cell: (v) => <span className="font-semibold">{v.title}</span> },
        {
          header: at("videos.col.description"),
          cell: (v) => <p className="line-clamp-2 max-w-md text-muted">{v.description}</p>,
        },
      ]}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
