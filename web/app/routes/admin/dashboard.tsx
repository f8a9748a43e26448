import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout";
import { IconBlog, IconImage, IconUsers, IconVideo } from "~/components/admin/icons";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { countItems } from "~/lib/admin/items.server";
import { at, type AdminMessageKey } from "~/lib/admin/messages";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { requireStaff } from "~/lib/admin/session.server";

export const meta = () => adminMeta(at("dashboard.metaTitle"));

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  // The current user is fetched by the admin layout on every page (it checks the token).
  const [team, image, video, blog] = await Promise.all([
    countItems(request, staff, "team"),
    countItems(request, staff, "image"),
    countItems(request, staff, "video"),
    countItems(request, staff, "blog"),
  ]);
  return data({ counts: { team, image, video, blog } }, { headers: NO_STORE_HEADERS });
}

const SECTIONS: {
  key: "team" | "image" | "video" | "blog";
  to: string;
  title: AdminMessageKey;
  text: AdminMessageKey;
  Icon: typeof IconUsers;
}[] = [
  { key: "team", to: "/teams", title: "dashboard.teams", text: "dashboard.teamsText", Icon: IconUsers },
  { key: "image", to: "/gallery/images", title: "dashboard.images", text: "dashboard.imagesText", Icon: IconImage },
  { key: "video", to: "/gallery/videos", title: "dashboard.videos", text: "dashboard.videosText", Icon: IconVideo },
  { key: "blog", to: "/bloglist", title: "dashboard.blogs", text: "dashboard.blogsText", Icon: IconBlog },
];

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const name = layout?.user?.name;
  return (
    <>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">
        {name ? at("dashboard.welcome", { name }) : at("dashboard.welcomeAnonymous")}
      </h1>
      <p className="mt-2 max-w-prose text-muted">{at("dashboard.intro")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {SECTIONS.map(({ key, to, title, text, Icon }) => {
          const count = loaderData.counts[key];
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-card transition-colors hover:border-clay/40 hover:bg-sand/30"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-sage-light text-sage">
                  <Icon size={24} />
                </span>
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-ink">{at(title)}</span>
                  <span className="mt-1 block text-sm text-muted">{at(text)}</span>
                  {count !== null ? (
                    <span className="mt-2 inline-block rounded-full bg-sand px-2.5 py-0.5 text-sm font-medium text-ink">
                      {at("dashboard.count", { count })}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
