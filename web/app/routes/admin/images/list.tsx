import type { Route } from "./+types/list";
import { ListScreen, Thumb } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta } from "~/components/admin/Page";
import type { GalleryItem } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("images.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "image");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "image");

export default function ImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen<GalleryItem>
      kind="image"
      title={at("images.title")}
      addLabel={at("images.add")}
      emptyText={at("images.empty")}
      items={loaderData.items}
      error={loaderData.error === null ? null : at("images.loadError", { error: loaderData.error })}
      deleteError={actionData?.deleteError}
      nameOf={(image) => image.title}
      columns={[
        { header: at("images.col.image"), cell: (i) => <Thumb src={i.mediaUrl} alt={i.title} /> },
        { header: at("images.col.title"), cell: (i) => <span className="font-semibold">{i.title}</span> },
        {
          header: at("images.col.description"),
          cell: (i) => <p className="line-clamp-2 max-w-md text-muted">{i.description}</p>,
        },
      ]}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
