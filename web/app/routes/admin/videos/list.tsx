import type { Route } from "./+types/list";
import { ListScreen } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("videos.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "video");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "video");

export default function VideosPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen
      kind="video"
      items={loaderData.items}
      count={loaderData.count}
      place={loaderData.place}
      error={loaderData.error}
      deleteError={actionData?.deleteError}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
