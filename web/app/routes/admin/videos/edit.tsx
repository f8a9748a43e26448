import type { Route } from "./+types/edit";
import { EditScreen, formTitle } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { itemLoader, saveAction } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(formTitle("video", "edit"));

export const loader = ({ request, params }: Route.LoaderArgs) => itemLoader(request, "video", params.id);

// The form posted without JavaScript (with it, the browser uploads to /admin/save/video/{id}).
export const action = ({ request, params }: Route.ActionArgs) => saveAction(request, "video", params.id);

export default function EditVideoPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditScreen kind="video" data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
