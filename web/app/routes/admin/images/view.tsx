import type { Route } from "./+types/view";
import { DetailScreen } from "~/components/admin/DetailScreen";
import { NepaliSection } from "~/components/admin/NepaliSection";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { viewLoader } from "~/lib/admin/routes.server";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData?.item?.title ?? at("images.title"));

// With the Nepali version, if any.
export const loader = ({ request, params }: Route.LoaderArgs) => viewLoader(request, "image", params.id);

export default function ImagePage({ loaderData }: Route.ComponentProps) {
  const image = loaderData.item;
  return (
    <DetailScreen
      kind="image"
      id={image?.id ?? null}
      name={image?.title ?? ""}
      found={Boolean(image)}
      notFound={loaderData.notFound}
      error={loaderData.error}
      back={{ label: at("common.back"), history: true }}
      lastEdit={image?.lastEdit}
    >
      {image ? (
        <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
          {image.mediaUrl ? <img src={image.mediaUrl} alt={image.title} className="max-h-[70vh] w-full bg-night/5 object-contain" /> : null}
          <div className="p-6 sm:p-8">
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">{image.title}</h1>
            <p className="mt-3 whitespace-pre-line text-ink">{image.description}</p>
          </div>
        </article>
      ) : null}
      {image ? <NepaliSection kind="image" id={image.id} nepali={loaderData.nepali} /> : null}
    </DetailScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
