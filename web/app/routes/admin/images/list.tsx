import type { Route } from "./+types/list";
import { ListScreen } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("images.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "image");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "image");

export default function ImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen
      kind="image"
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
