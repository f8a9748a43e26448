import { KINDS, type KindKey } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { ConfirmDeleteDialog, useDeleteConfirm } from "./ConfirmDelete";
import { DataTable, RowActions, type Column } from "./DataTable";
import { EmptyState, ErrorAlert } from "./Feedback";
import { AddLink, PageHeader } from "./Page";

/** One admin list page: header with its Add button, error / empty / table, delete dialog. */
export function ListScreen<T extends { id: number }>({
  kind,
  title,
  addLabel,
  emptyText,
  items,
  error,
  deleteError,
  columns,
  nameOf,
}: {
  kind: KindKey;
  title: string;
  addLabel: string;
  emptyText: string;
  items: T[] | null;
  /** The loading error, already worded for this page (spec section 8). */
  error: string | null;
  deleteError?: string | null;
  columns: Column<T>[];
  nameOf: (item: T) => string;
}) {
  const config = KINDS[kind];
  const confirm = useDeleteConfirm();
  return (
    <>
      <PageHeader title={title}>
        <AddLink to={config.newPath} label={addLabel} />
      </PageHeader>
      {deleteError ? <ErrorAlert className="mb-6">{deleteError}</ErrorAlert> : null}
      {error !== null || items === null ? (
        <ErrorAlert>{error}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState text={emptyText}>
          <AddLink to={config.newPath} label={addLabel} />
        </EmptyState>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          items={items}
          actions={(item) => (
            <RowActions
              id={item.id}
              name={nameOf(item)}
              viewTo={config.viewPath(item.id)}
              editTo={config.editPath(item.id)}
              onDelete={confirm.open}
            />
          )}
        />
      )}
      <ConfirmDeleteDialog
        id={confirm.id}
        message={at(config.messages.confirmDelete)}
        action={config.listPath}
        cancelHref={confirm.cancelHref}
        onCancel={confirm.close}
      />
    </>
  );
}

/** A small square preview of an image in a list (or a placeholder box). */
export function Thumb({ src, alt, round = false }: { src: string | null; alt: string; round?: boolean }) {
  const shape = round ? "rounded-full" : "rounded-lg";
  if (!src) {
    return <div className={`size-12 ${shape} bg-sand`} role="img" aria-label={alt} />;
  }
  return (
    <img src={src} alt={alt} width={48} height={48} loading="lazy" className={`size-12 ${shape} object-cover bg-sand`} />
  );
}
