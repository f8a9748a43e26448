import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { KINDS, kindOf, type AdminLang, type ItemByKind, type KindKey, type NepaliVersion, type UploadLimits } from "~/lib/admin/kinds";
import { useAt, type AdminT } from "~/lib/admin/messages";
import type { FormActionData } from "~/lib/admin/form-action";
import { ContentForm } from "./ContentForm";
import { ErrorAlert } from "./Feedback";
import { LanguageTabs, NepaliForm } from "./NepaliForm";
import { UploadLimitsContext } from "~/lib/admin/upload-limits-context";
import { BackLink, PageHeader } from "./Page";
import { useListReturn } from "./use-list-return";
import { mayPublish } from "~/lib/admin/review";

export function formTitle(kind: KindKey, mode: "create" | "edit", at: AdminT): string {
  const { labels } = KINDS[kind];
  return at(mode === "create" ? labels.newTitle : labels.editTitle);
}

export function NewScreen({
  kind,
  limits,
  today,
  siteEmail,
  childNames,
  actionData,
}: {
  kind: KindKey;
  limits: UploadLimits;
  /** Today in Nepal, 'YYYY-MM-DD', for kinds whose new items start on today. */
  today: string;
  /** The home's public e-mail address (site settings), for kinds that name a contact. */
  siteEmail: string;
  /** The children's full names the form warns about. */
  childNames: readonly string[];
  actionData?: FormActionData;
}) {
  const at = useAt();
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  const config = KINDS[kind];
  const defaults = {
    ...Object.fromEntries(config.textFields.map((field) => [field, ""])),
    ...config.newDefaults?.({ today, userName: layout?.user?.name ?? "", siteEmail }),
  };
  const listReturn = useListReturn(kind);
  return (
    <UploadLimitsContext value={limits}>
      <BackLink to={listReturn.back} label={at("common.back")} />
      <PageHeader title={formTitle(kind, "create", at)} />
      <ContentForm
        kind={kind}
        mode="create"
        defaults={defaults}
        limits={limits}
        actionData={actionData}
        busyLabel={at(config.labels.busy)}
        canPublish={mayPublish(layout?.user, undefined, null)}
        childNames={childNames}
      />
    </UploadLimitsContext>
  );
}

type EditLoaderData<K extends KindKey> = {
  item: ItemByKind[K] | null;
  /** The version of the item read (saves are checked against it). */
  version?: string | null;
  error: string | null;
  notFound: boolean;
  limits: UploadLimits;
  /** The language tab (`?lang=ne`) and, on the Nepali one, the Nepali version. */
  lang?: AdminLang;
  nepali?: NepaliVersion | null;
  /** The children's full names the forms warn about. */
  childNames?: readonly string[];
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
  const at = useAt();
  const config = kindOf(kind);
  const item = data.item;
  const location = useLocation();
  const lang = data.lang ?? "en";
  const listReturn = useListReturn(kind);
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  const status = item ? config.statusOf?.(item) : undefined;
  return (
    <UploadLimitsContext value={data.limits}>
      <BackLink to={listReturn.back} label={at("common.back")} />
      <PageHeader title={formTitle(kind, "edit", at)} />
      {!item ? (
        <ErrorAlert>{data.notFound ? at(config.messages.notFound) : (data.error ?? at(config.messages.fetchOne))}</ErrorAlert>
      ) : lang === "ne" && data.nepali ? (
        <>
          <LanguageTabs kind={kind} id={item.id} lang="ne" />
          {/* A fresh form after every navigation (a save or removal shows what is stored). */}
          <NepaliForm
            key={location.key}
            kind={kind}
            item={item}
            nepali={data.nepali}
            actionData={actionData}
            childNames={data.childNames}
          />
        </>
      ) : (
        <>
          <LanguageTabs kind={kind} id={item.id} lang="en" />
          <ContentForm
            kind={kind}
            mode="edit"
            id={item.id}
            defaults={valuesOf(config.textFields, item)}
            storedFiles={config.storedFiles(item, at)}
            limits={data.limits}
            actionData={actionData}
            busyLabel={at(config.labels.busy)}
            version={data.version}
            status={status}
            canPublish={mayPublish(layout?.user, status, config.lastEditorOf?.(item) ?? null)}
            childNames={data.childNames}
          />
        </>
      )}
    </UploadLimitsContext>
  );
}

function valuesOf(fields: readonly string[], item: object): Record<string, string> {
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, typeof record[field] === "string" ? (record[field] as string) : ""]));
}
