// POST /logout: ends the staff session (the token is ended at the CMS, the cookie cleared) and
// goes to /login. A mutation, so an action; a GET changes nothing and goes to the dashboard.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { logout } from "~/lib/admin/auth.server";

export function loader() {
  return redirect("/dashboard", { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  return logout(request);
}
