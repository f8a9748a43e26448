// A kind's list (/teams, /gallery/images, /gallery/videos, /bloglist): the kind is the URL's.
import type { Route } from "./+types/list";
import { ListScreen } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { KINDS } from "~/lib/admin/kinds";
import { kindAt } from "~/lib/admin/kinds/paths";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  adminMeta(matches, (at) => at(KINDS[kindAt(location.pathname, "list")].labels.title));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, kindAt(new URL(request.url).pathname, "list"));

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, kindAt(new URL(request.url).pathname, "list"));

export default function KindListPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen
      kind={loaderData.kind}
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
