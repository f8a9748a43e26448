import type { Route } from "./+types/new";
import { formTitle, NewScreen } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { newLoader, saveAction } from "~/lib/admin/routes.server";
import { UPLOAD_ROUTE } from "~/lib/request-body";

export const meta = () => adminMeta(formTitle("image", "create"));

export const loader = ({ request }: Route.LoaderArgs) => newLoader(request);

// What the action reads: multipart uploads, streamed to disk (app/lib/request-body.ts).
export const handle = UPLOAD_ROUTE;

// The form posted without JavaScript (with it, the browser uploads to /admin/save/image).
export const action = ({ request }: Route.ActionArgs) => saveAction(request, "image");

export default function NewImagePage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewScreen kind="image" limits={loaderData.limits} today={loaderData.today} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
