// A kind's edit form (/teams/{id}/edit, /gallery/images/{id}/edit, /gallery/videos/{id}/edit, /blogs/edit/{id}).
import type { Route } from "./+types/edit";
import { EditScreen, formTitle } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { kindAt } from "~/lib/admin/kinds/paths";
import { editAction, editLoader } from "~/lib/admin/routes.server";
import { EDIT_ROUTE } from "~/lib/request-body";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  adminMeta(matches, (at) => formTitle(kindAt(location.pathname, "edit"), "edit", at));

// `?lang=ne`: the Nepali tab, with the item's Nepali version.
export const loader = ({ request, params }: Route.LoaderArgs) =>
  editLoader(request, kindAt(new URL(request.url).pathname, "edit"), params.id);

// What the action reads: multipart uploads, or the Nepali tab's small form (app/lib/request-body.ts).
export const handle = EDIT_ROUTE;

// The form posted without JavaScript (with it, the browser uploads to /admin/save/{kind}/{id}).
// The Nepali tab posts its small form here too, to `?lang=ne`.
export const action = ({ request, params }: Route.ActionArgs) =>
  editAction(request, kindAt(new URL(request.url).pathname, "edit"), params.id);

export default function KindEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditScreen kind={loaderData.kind} data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
