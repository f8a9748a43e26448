import type { Route } from "./+types/list";
import { ListScreen, Thumb } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta, EmailText } from "~/components/admin/Page";
import type { BlogPost } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("blogs.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "blog");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "blog");

export default function BlogListPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen<BlogPost>
      kind="blog"
      title={at("blogs.title")}
      addLabel={at("blogs.add")}
      emptyText={at("blogs.empty")}
      items={loaderData.items}
      error={loaderData.error === null ? null : at("common.error", { error: loaderData.error })}
      deleteError={actionData?.deleteError}
      nameOf={(post) => post.title}
      columns={[
        { header: at("blogs.col.title"), cell: (b) => <span className="font-semibold">{b.title}</span> },
        { header: at("blogs.col.author"), cell: (b) => <EmailText address={b.author} /> },
        {
          header: at("blogs.col.image"),
          cell: (b) =>
            b.mediaUrl ? <Thumb src={b.mediaUrl} alt={b.title} /> : <span className="text-muted">{at("blogs.noImage")}</span>,
        },
      ]}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
