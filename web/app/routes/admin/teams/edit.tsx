import type { Route } from "./+types/edit";
import { EditScreen, formTitle } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { itemLoader, saveAction } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(formTitle("team", "edit"));

export const loader = ({ request, params }: Route.LoaderArgs) => itemLoader(request, "team", params.id);

// The form posted without JavaScript (with it, the browser uploads to /admin/save/team/{id}).
export const action = ({ request, params }: Route.ActionArgs) => saveAction(request, "team", params.id);

export default function EditTeamPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditScreen kind="team" data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
