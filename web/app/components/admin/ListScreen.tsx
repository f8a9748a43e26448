import { kindOf, type CellSpec, type ItemByKind, type KindKey } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { ConfirmDeleteDialog, useDeleteConfirm } from "./ConfirmDelete";
import { DataTable, RowActions } from "./DataTable";
import { EmptyState, ErrorAlert } from "./Feedback";
import { IconPencil, IconVideo } from "./icons";
import { AddLink, EmailText, formatDate, joinedAtParts, lastEditLine, PageHeader } from "./Page";

/**
 * One admin list page, all of it from the kind's definition: header with its Add button,
 * error / empty / table (its columns), delete dialog.
 */
export function ListScreen<K extends KindKey>({
  kind,
  items,
  error,
  deleteError,
}: {
  kind: K;
  items: ItemByKind[K][] | null;
  /** The loading error as the CMS (or the kind's fallback) worded it. */
  error: string | null;
  deleteError?: string | null;
}) {
  const config = kindOf(kind);
  const confirm = useDeleteConfirm();
  const title = at(config.labels.title);
  const addLabel = at(config.labels.add);
  return (
    <>
      <PageHeader title={title}>
        <AddLink to={config.paths.new} label={addLabel} />
      </PageHeader>
      {deleteError ? <ErrorAlert className="mb-6">{deleteError}</ErrorAlert> : null}
      {error !== null || items === null ? (
        // Spec section 8: 'Error loading images: {error}' and the like, or the message alone.
        <ErrorAlert>{config.labels.loadError ? at(config.labels.loadError, { error: error ?? "" }) : error}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState text={at(config.labels.empty)}>
          <AddLink to={config.paths.new} label={addLabel} />
        </EmptyState>
      ) : (
        <DataTable<ItemByKind[K]>
          caption={title}
          columns={config.columns.map((column) => ({
            header: column.header,
            cell: (item) => <Cell spec={column.cell} item={item} />,
            // Pictures keep their own small width; text columns share the rest.
            className: column.cell.type === "thumb" || column.cell.type === "video" ? "w-px" : undefined,
          }))}
          items={items}
          actions={(item) => (
            <RowActions
              id={item.id}
              name={config.nameOf(item)}
              viewTo={config.paths.view(item.id)}
              editTo={config.paths.edit(item.id)}
              onDelete={confirm.open}
            />
          )}
        />
      )}
      <ConfirmDeleteDialog
        id={confirm.id}
        message={at(config.messages.confirmDelete)}
        action={config.paths.list}
        cancelHref={confirm.cancelHref}
        onCancel={confirm.close}
      />
    </>
  );
}

/** One cell of a list, as its column's spec says. */
function Cell<Item>({ spec, item }: { spec: CellSpec<Item>; item: Item }) {
  switch (spec.type) {
    case "thumb": {
      const src = spec.src(item);
      if (!src && spec.missing) return <span className="text-muted">{spec.missing}</span>;
      return <Thumb src={src} alt={spec.alt(item)} round={spec.round} />;
    }
    case "video": {
      const src = spec.src(item);
      // A small still from the video itself: only its first frame is fetched.
      return src ? (
        <video
          src={`${src}#t=0.1`}
          poster={spec.poster(item) ?? undefined}
          preload="metadata"
          muted
          playsInline
          aria-label={spec.label(item)}
          className="h-12 w-20 rounded-lg bg-night object-cover"
        />
      ) : (
        <span className="flex h-12 w-20 items-center justify-center rounded-lg bg-sand text-muted">
          <IconVideo />
        </span>
      );
    }
    case "name": {
      const edit = spec.edited?.(item);
      const line = lastEditLine(edit);
      return (
        <>
          <span className="font-semibold">{spec.text(item)}</span>
          {line && edit?.at ? (
            // Short, with the whole sentence for screen readers and as the tooltip. Between 1024
            // and 1279 px the table row shows the date alone on one line, like the row actions
            // show icons only: the name column is narrow there.
            <span title={line} className="flex items-start gap-1 text-xs text-muted [overflow-wrap:anywhere]">
              <IconPencil size={12} className="mt-0.5 shrink-0 min-[1024px]:max-[1279px]:hidden" />
              <span className="sr-only">{line}</span>
              <span aria-hidden="true">
                {edit.name ? <span className="min-[1024px]:max-[1279px]:hidden">{edit.name}, </span> : null}
                <span className="whitespace-nowrap">{formatDate(edit.at)}</span>
              </span>
            </span>
          ) : null}
        </>
      );
    }
    case "text":
      return <>{spec.text(item)}</>;
    case "excerpt":
      return <p className="line-clamp-2 max-w-xs text-sm text-muted">{spec.text(item) || spec.missing}</p>;
    case "email":
      return <EmailText address={spec.text(item)} />;
    case "day": {
      // "1 Asar 2068 BS" over "(15 June 2011)": two short lines instead of one broken anywhere.
      const parts = joinedAtParts(spec.value(item));
      if (!parts) return <span>{spec.missing}</span>;
      return (
        <span className="block text-sm whitespace-nowrap">
          {parts.bs ?? parts.ad}
          {/* The space keeps the two dates apart for screen readers and copied text. */}
          {parts.bs ? <> <span className="block text-muted">({parts.ad})</span></> : null}
        </span>
      );
    }
  }
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
