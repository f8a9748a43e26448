import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as adminLayoutLoader } from "~/routes/admin/layout";
import {
  KINDS,
  type AdminLang,
  type ItemByKind,
  type KindKey,
  type NepaliVersion,
  type UploadLimits,
} from "~/lib/admin/kinds";
import { at, type AdminMessageKey } from "~/lib/admin/messages";
import { ContentForm, type FormActionData } from "./ContentForm";
import { ErrorAlert } from "./Feedback";
import { EMPTY_VALUES, FORM_FIELDS } from "./form-fields";
import { LanguageTabs, NepaliForm } from "./NepaliForm";
import { BackLink, PageHeader } from "./Page";

const TITLES: Record<KindKey, { create: AdminMessageKey; edit: AdminMessageKey }> = {
  team: { create: "teams.newTitle", edit: "teams.editTitle" },
  image: { create: "images.newTitle", edit: "images.editTitle" },
  video: { create: "videos.newTitle", edit: "videos.editTitle" },
  blog: { create: "blogs.newTitle", edit: "blogs.editTitle" },
};

// Spec section 4: the team form says 'Saving...', the video form 'Submitting...'.
const BUSY: Record<KindKey, AdminMessageKey> = {
  team: "common.saving",
  image: "common.saving",
  video: "common.submitting",
  blog: "common.saving",
};

export function formTitle(kind: KindKey, mode: "create" | "edit"): string {
  return at(TITLES[kind][mode]);
}

export function NewScreen({
  kind,
  limits,
  today,
  actionData,
}: {
  kind: KindKey;
  limits: UploadLimits;
  /** Today in Nepal, 'YYYY-MM-DD': a new member joins today unless staff say otherwise. */
  today: string;
  actionData?: FormActionData;
}) {
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  // A new post is usually written by whoever is signed in.
  const defaults =
    kind === "blog"
      ? { ...EMPTY_VALUES.blog, author: layout?.user?.email ?? "" }
      : kind === "team"
        ? { ...EMPTY_VALUES.team, joined_at: today }
        : EMPTY_VALUES[kind];
  return (
    <>
      <BackLink to={KINDS[kind].listPath} label={at("common.back")} />
      <PageHeader title={formTitle(kind, "create")} />
      <ContentForm
        kind={kind}
        mode="create"
        fields={FORM_FIELDS[kind]}
        defaults={defaults}
        limits={limits}
        actionData={actionData}
        busyLabel={at(BUSY[kind])}
      />
    </>
  );
}

type EditLoaderData<K extends KindKey> = {
  item: ItemByKind[K] | null;
  error: string | null;
  notFound: boolean;
  limits: UploadLimits;
  /** The language tab (`?lang=ne`, issue 7) and, on the Nepali one, the Nepali version. */
  lang?: AdminLang;
  nepali?: NepaliVersion | null;
};

export function EditScreen<K extends KindKey>({
  kind,
  data,
  actionData,
}: {
  kind: K;
  data: EditLoaderData<K>;
  actionData?: FormActionData;
}) {
  const config = KINDS[kind];
  const item = data.item;
  const location = useLocation();
  const lang = data.lang ?? "en";
  return (
    <>
      <BackLink to={config.listPath} label={at("common.back")} />
      <PageHeader title={formTitle(kind, "edit")} />
      {!item ? (
        <ErrorAlert>
          {data.notFound ? at(config.messages.notFound) : (data.error ?? at(config.messages.fetchOne))}
        </ErrorAlert>
      ) : lang === "ne" && data.nepali ? (
        <>
          <LanguageTabs kind={kind} id={item.id} lang="ne" />
          {/* A fresh form after every navigation (a save or removal shows what is stored). */}
          <NepaliForm key={location.key} kind={kind} item={item} nepali={data.nepali} actionData={actionData} />
        </>
      ) : (
        <>
          <LanguageTabs kind={kind} id={item.id} lang="en" />
          <ContentForm
            kind={kind}
            mode="edit"
            id={item.id}
            fields={FORM_FIELDS[kind]}
            defaults={valuesOf(kind, item)}
            currentFile={currentFileOf(kind, item)}
            currentFiles={"posterUrl" in item ? { poster: { url: item.posterUrl ?? null, alt: at("videos.field.poster") } } : undefined}
            limits={data.limits}
            actionData={actionData}
            busyLabel={at(BUSY[kind])}
          />
        </>
      )}
    </>
  );
}

function valuesOf(kind: KindKey, item: ItemByKind[KindKey]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of KINDS[kind].textFields) {
    const value = (item as unknown as Record<string, unknown>)[field];
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

function currentFileOf(kind: KindKey, item: ItemByKind[KindKey]) {
  if ("photoUrl" in item) return { url: item.photoUrl, alt: at("common.photoOf", { name: item.name }) };
  return { url: item.mediaUrl, alt: item.title };
}
