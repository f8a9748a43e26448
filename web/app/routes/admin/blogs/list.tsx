import type { Route } from "./+types/list";
import { ListScreen } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("blogs.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "blog");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "blog");

export default function BlogListPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen
      kind="blog"
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
