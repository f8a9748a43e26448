import type { Route } from "./+types/view";
import { DetailScreen } from "~/components/admin/DetailScreen";
import { NepaliSection } from "~/components/admin/NepaliSection";
import { AdminRouteError, adminMeta, formatJoinedAt } from "~/components/admin/Page";
import { at } from "~/lib/admin/messages";
import { viewLoader } from "~/lib/admin/routes.server";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData?.item?.name ?? at("teams.title"));

// With the Nepali version, if any.
export const loader = ({ request, params }: Route.LoaderArgs) => viewLoader(request, "team", params.id);

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  const member = loaderData.item;
  return (
    <DetailScreen
      kind="team"
      id={member?.id ?? null}
      name={member?.name ?? ""}
      found={Boolean(member)}
      notFound={loaderData.notFound}
      error={loaderData.error}
      back={{ to: "/teams", label: at("teams.back") }}
    >
      {member ? (
        <article className="rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
          <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
            <img
              src={member.photoUrl ?? "/avatar-placeholder.svg"}
              alt={at("common.photoOf", { name: member.name })}
              width={160}
              height={160}
              className="size-40 shrink-0 rounded-full border-4 border-sand object-cover bg-sand"
            />
            <div className="min-w-0">
              <h1 className="text-2xl font-bold text-ink sm:text-3xl">{member.name}</h1>
              <p className="mt-1 text-lg text-clay-dark">{member.role}</p>
            </div>
          </div>
          <dl className="mt-8 grid gap-6 sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-muted">{at("teams.col.bio")}</dt>
            <dd className="whitespace-pre-line text-ink">{member.bio || at("teams.noBio")}</dd>
            <dt className="font-semibold text-muted">{at("teams.col.joinedAt")}</dt>
            <dd className="text-ink">{formatJoinedAt(member.joined_at) ?? at("teams.unknown")}</dd>
          </dl>
        </article>
      ) : null}
      {member ? <NepaliSection kind="team" id={member.id} nepali={loaderData.nepali} /> : null}
    </DetailScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
