// A kind's detail page (/teams/{id}, /gallery/images/{id}, /gallery/videos/{id}, /blogs/{id}).
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/view";
import type { loader as layoutLoader } from "../layout";
import { PostPhotos } from "~/components/admin/PostPhotos";
import { PublicationHistory } from "~/components/admin/PublicationHistory";
import { DetailScreen } from "~/components/admin/DetailScreen";
import { KindDetail } from "~/components/admin/details";
import { NepaliSection } from "~/components/admin/NepaliSection";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { KINDS } from "~/lib/admin/kinds";
import { kindAt } from "~/lib/admin/kinds/paths";
import { useAt } from "~/lib/admin/messages";
import { viewLoader } from "~/lib/admin/routes.server";

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const kind = KINDS[kindAt(location.pathname, "view")];
  return adminMeta(matches, (at) => (loaderData?.item ? kind.nameOf(loaderData.item as never) : at(kind.labels.title)));
};

// With the Nepali version, if any.
export const loader = ({ request, params }: Route.LoaderArgs) =>
  viewLoader(request, kindAt(new URL(request.url).pathname, "view"), params.id);

export default function KindViewPage({ loaderData }: Route.ComponentProps) {
  const at = useAt();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const { kind, item } = loaderData;
  const config = KINDS[kind];
  return (
    <DetailScreen
      kind={kind}
      id={item?.id ?? null}
      name={item ? config.nameOf(item as never) : ""}
      found={Boolean(item)}
      notFound={loaderData.notFound}
      error={loaderData.error}
      back={config.labels.back ? { label: at(config.labels.back) } : { label: at("common.back"), history: true }}
      lastEdit={item?.lastEdit}
    >
      {item ? <KindDetail kind={kind} item={item} html={loaderData.html} /> : null}
      {item && layout?.user?.isManager && "statusOf" in config && config.statusOf ? (
        <PublicationHistory events={loaderData.history} />
      ) : null}
      {item && loaderData.photos ? <PostPhotos photos={loaderData.photos} /> : null}
      {item ? <NepaliSection kind={kind} id={item.id} nepali={loaderData.nepali} html={loaderData.nepaliHtml} /> : null}
    </DetailScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
