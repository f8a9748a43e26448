// POST /logout: ends the staff session and goes to /login (a mutation, so an action;
// a GET changes nothing and just goes to the dashboard or login).
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { logoutRedirect } from "~/lib/admin/session.server";

export function loader() {
  return redirect("/dashboard", { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  return logoutRedirect(request);
}
