// A kind's create form (/teams/new, /gallery/images/new, /gallery/videos/new, /blogs/new).
import type { Route } from "./+types/new";
import { formTitle, NewScreen } from "~/components/admin/FormScreens";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { kindAt } from "~/lib/admin/kinds/paths";
import { newLoader, saveAction } from "~/lib/admin/routes.server";
import { UPLOAD_ROUTE } from "~/lib/request-body";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  adminMeta(matches, (at) => formTitle(kindAt(location.pathname, "new"), "create", at));

export const loader = ({ request }: Route.LoaderArgs) => newLoader(request, kindAt(new URL(request.url).pathname, "new"));

// What the action reads: multipart uploads, streamed to disk (app/lib/request-body.ts).
export const handle = UPLOAD_ROUTE;

// The form posted without JavaScript (with it, the browser uploads to /admin/save/{kind}).
export const action = ({ request }: Route.ActionArgs) => saveAction(request, kindAt(new URL(request.url).pathname, "new"));

export default function KindNewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewScreen
      kind={loaderData.kind}
      limits={loaderData.limits}
      today={loaderData.today}
      siteEmail={loaderData.siteEmail}
      childNames={loaderData.childNames}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
