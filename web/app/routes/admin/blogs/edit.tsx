import type { Route } from "./+types/edit";
import { EditScreen, formTitle } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { itemLoader, saveAction } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(formTitle("blog", "edit"));

export const loader = ({ request, params }: Route.LoaderArgs) => itemLoader(request, "blog", params.id);

// The form posted without JavaScript (with it, the browser uploads to /admin/save/blog/{id}).
export const action = ({ request, params }: Route.ActionArgs) => saveAction(request, "blog", params.id);

export default function EditBlogPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditScreen kind="blog" data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
