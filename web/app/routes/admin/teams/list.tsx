import type { Route } from "./+types/list";
import { ListScreen, Thumb } from "~/components/admin/ListScreen";
import { AdminRouteError, adminMeta, joinedAtParts } from "~/components/admin/Page";
import type { TeamMember } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { deleteAction, listLoader } from "~/lib/admin/routes.server";

export const meta = () => adminMeta(at("teams.metaTitle"));

export const loader = ({ request }: Route.LoaderArgs) => listLoader(request, "team");

export const action = ({ request }: Route.ActionArgs) => deleteAction(request, "team");

export default function TeamsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreen<TeamMember>
      kind="team"
      title={at("teams.title")}
      addLabel={at("teams.add")}
      emptyText={at("teams.empty")}
      items={loaderData.items}
      error={loaderData.error}
      deleteError={actionData?.deleteError}
      nameOf={(member) => member.name}
      columns={[
        {
          header: at("teams.col.photo"),
          cell: (m) => <Thumb src={m.photoUrl ?? "/avatar-placeholder.svg"} alt={at("common.photoOf", { name: m.name })} round />,
          className: "w-px",
        },
        { header: at("teams.col.name"), cell: (m) => <span className="font-semibold">{m.name}</span> },
        { header: at("teams.col.role"), cell: (m) => m.role },
        {
          header: at("teams.col.bio"),
          cell: (m) => <p className="line-clamp-2 max-w-xs text-sm text-muted">{m.bio || at("teams.noBio")}</p>,
        },
        {
          header: at("teams.col.joinedAt"),
          cell: (m) => <JoinedAt value={m.joined_at} />,
        },
      ]}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}

/** "1 Asar 2068 BS" over "(15 June 2011)": two short lines instead of one broken anywhere. */
function JoinedAt({ value }: { value: string | null }) {
  const parts = joinedAtParts(value);
  if (!parts) return <span>{at("teams.unknown")}</span>;
  return (
    <span className="block text-sm whitespace-nowrap">
      {parts.bs ?? parts.ad}
      {parts.bs ? <span className="block text-muted">({parts.ad})</span> : null}
    </span>
  );
}
