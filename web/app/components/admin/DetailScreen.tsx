import { Link } from "react-router";
import { KINDS, type KindKey, type LastEdit } from "~/lib/admin/kinds";
import { useAt } from "~/lib/admin/messages";
import { ConfirmDeleteDialog, DeleteButton, useDeleteConfirm } from "./ConfirmDelete";
import { ErrorAlert } from "./Feedback";
import { IconPencil } from "~/components/ui/icons";
import { BackLink, lastEditLine } from "./Page";
import { useListReturn } from "./use-list-return";

/**
 * Frame of a detail page: the back link, then either the item (with Edit and Delete)
 * or the kind's not-found / error text.
 */
export function DetailScreen({
  kind,
  id,
  name,
  found,
  notFound,
  error,
  back,
  lastEdit,
  children,
}: {
  kind: KindKey;
  id: number | null;
  name: string;
  found: boolean;
  notFound: boolean;
  error: string | null;
  /** The back link's text; `history`: go back in the browser's history when there is one. */
  back: { label: string; history?: boolean };
  /** Who changed the item last: shown under it, for every kind alike. */
  lastEdit?: LastEdit | null;
  children: React.ReactNode;
}) {
  const at = useAt();
  const config = KINDS[kind];
  const confirm = useDeleteConfirm();
  const listReturn = useListReturn(kind);
  return (
    <>
      <BackLink to={listReturn.back} label={back.label} history={back.history} />
      {!found || id === null ? (
        <div className="mt-4">
          <ErrorAlert>{notFound ? at(config.messages.notFound) : (error ?? at(config.messages.fetchOne))}</ErrorAlert>
        </div>
      ) : (
        <>
          <div className="mt-4">{children}</div>
          {lastEditLine(lastEdit, at) ? <p className="mt-4 text-sm text-muted">{lastEditLine(lastEdit, at)}</p> : null}
          <div className="mt-8 flex flex-wrap gap-3 border-t border-sand-200 pt-6">
            <Link to={listReturn.link(config.paths.edit(id))} className="btn btn-primary">
              <IconPencil size={18} />
              {at("common.edit")}
              <span className="sr-only"> {name}</span>
            </Link>
            <DeleteButton id={id} label={name} onOpen={confirm.open} />
          </div>
          <ConfirmDeleteDialog
            id={confirm.id}
            message={at(config.messages.confirmDelete)}
            action={listReturn.back}
            cancelHref={confirm.cancelHref}
            onCancel={confirm.close}
          />
        </>
      )}
    </>
  );
}
