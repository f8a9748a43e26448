import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { loadFromCms } from "~/lib/cms.server";
import { getSiteSettings } from "~/lib/content/site.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadFromCms(async () => ({ site: await getSiteSettings({ signal: request.signal }) }));
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header>{loaderData.site.name}</header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
