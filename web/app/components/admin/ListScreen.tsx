import { useId } from "react";
import { Form, Link } from "react-router";
import { Pager, type PagerTexts } from "~/components/ui/Pager";
import { kindOf, type CellSpec, type ItemByKind, type KindKey } from "~/lib/admin/kinds";
import { ADMIN_PAGE_SIZE, listHref, MAX_SEARCH_LENGTH, type ListPlace } from "~/lib/admin/list-place";
import { useAt, type AdminT } from "~/lib/admin/messages";
import { pageCountOf } from "~/lib/pagination";
import { ConfirmDeleteDialog, useDeleteConfirm } from "./ConfirmDelete";
import { DataTable, RowActions } from "./DataTable";
import { EmptyState, ErrorAlert } from "./Feedback";
import { IconPencil, IconSearch, IconVideo } from "~/components/ui/icons";
import { AddLink, EmailText, formatDate, joinedAtParts, lastEditLine, PageHeader } from "./Page";
import { INPUT, LABEL } from "./styles";
import { SizedImage } from "./SizedImage";
import { useListReturn } from "./use-list-return";
import { STATUS_BADGE_CLASSES, STATUS_LABELS } from "~/lib/admin/review";

/**
 * One admin list page, all of it from the kind's definition: header with its Add button, the
 * search (a GET form: works without JavaScript), the count, error / empty / table (its columns),
 * the page links, delete dialog. Page and search live in the URL; every link out carries them
 * as `?back=` so staff come back to the same place.
 */
export function ListScreen<K extends KindKey>({
  kind,
  items,
  count,
  place,
  error,
  deleteError,
}: {
  kind: K;
  items: ItemByKind[K][] | null;
  /** How many items match the search in all (null when the list could not be read). */
  count: number | null;
  place: ListPlace;
  /** The loading error as the CMS (or the kind's fallback) worded it. */
  error: string | null;
  deleteError?: string | null;
}) {
  const at = useAt();
  const config = kindOf(kind);
  const confirm = useDeleteConfirm();
  const listReturn = useListReturn(kind);
  const title = at(config.labels.title);
  const addLabel = at(config.labels.add);
  const from = (place.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <>
      <PageHeader title={title}>
        <AddLink to={listReturn.link(config.paths.new)} label={addLabel} />
      </PageHeader>
      {deleteError ? <ErrorAlert className="mb-6">{deleteError}</ErrorAlert> : null}
      {/* Nothing to search in an empty list (or one that could not be read). */}
      {count || place.q ? <SearchForm action={config.paths.list} q={place.q} /> : null}
      {error !== null || items === null ? (
        // The product's words: 'Error loading images: {error}' and the like, or the message alone.
        <ErrorAlert>{config.labels.loadError ? at(config.labels.loadError, { error: error ?? "" }) : error}</ErrorAlert>
      ) : items.length === 0 && place.q ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-6 text-ink shadow-card" role="status">
          {at("list.noMatches", { q: place.q })}
        </p>
      ) : items.length === 0 ? (
        <EmptyState text={at(config.labels.empty)}>
          <AddLink to={config.paths.new} label={addLabel} />
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted" role="status">
            {place.q ? `${at("list.found", { count: count ?? items.length, q: place.q })} · ` : null}
            {at("list.range", { from, to: from + items.length - 1, count: count ?? items.length })}
          </p>
          <DataTable<ItemByKind[K]>
            caption={title}
            columns={config.columns.map((column) => ({
              header: at(column.header),
              cell: (item) => <Cell spec={column.cell} item={item} />,
              // Pictures keep their own small width in the table (text columns share the rest); on a
              // phone, where each row is a card, the cell is as wide as the card.
              className: column.cell.type === "thumb" || column.cell.type === "video" ? "w-px max-[1023px]:w-auto" : undefined,
            }))}
            items={items}
            actions={(item) => (
              <RowActions
                id={item.id}
                name={config.nameOf(item)}
                viewTo={listReturn.link(config.paths.view(item.id))}
                editTo={listReturn.link(config.paths.edit(item.id))}
                onDelete={confirm.open}
              />
            )}
          />
          <Pager
            current={place.page}
            pageCount={pageCountOf(count ?? items.length, ADMIN_PAGE_SIZE)}
            hrefOf={(page) => listHref(kind, { ...place, page })}
            texts={pagerTexts(at)}
          />
        </>
      )}
      <ConfirmDeleteDialog
        id={confirm.id}
        message={at(config.messages.confirmDelete)}
        action={listReturn.back}
        cancelHref={confirm.cancelHref}
        onCancel={confirm.close}
      />
    </>
  );
}

/** The pager's words and page numbers in the admin's language. */
function pagerTexts(at: AdminT): PagerTexts {
  return {
    label: at("list.pages"),
    previous: at("list.previous"),
    next: at("list.next"),
    page: (page) => at("list.page", { page }),
    number: at.number,
  };
}

/** The list's search: a plain GET form (the search lands in the URL, page 1), and a way back to all. */
function SearchForm({ action, q }: { action: string; q: string }) {
  const at = useAt();
  const inputId = useId();
  return (
    <Form method="get" action={action} role="search" className="mb-5 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={inputId} className={LABEL}>
          {at("list.searchLabel")}
        </label>
        <input id={inputId} type="search" name="q" defaultValue={q} key={q} maxLength={MAX_SEARCH_LENGTH} className={INPUT} />
      </div>
      <button type="submit" className="btn btn-primary">
        <IconSearch size={18} />
        {at("list.search")}
      </button>
      {q ? (
        <Link to={action} className="btn btn-ghost">
          {at("list.clearSearch")}
        </Link>
      ) : null}
    </Form>
  );
}

const NOTE_TONE = { busy: "text-muted", error: "font-semibold text-red-700", info: "text-clay-dark" } as const;

/** One cell of a list, as its column's spec says. */
function Cell<Item>({ spec, item }: { spec: CellSpec<Item>; item: Item }) {
  const at = useAt();
  switch (spec.type) {
    case "thumb": {
      const src = spec.src(item);
      if (!src && spec.missing) return <span className="text-muted">{at(spec.missing)}</span>;
      return <Thumb src={src} alt={spec.alt(item, at)} round={spec.round} />;
    }
    case "video": {
      const poster = spec.poster(item);
      const note = spec.note?.(item, at);
      // Its poster as a small /img copy, or a plain frame: the list never fetches a video itself.
      return (
        <span className="flex w-20 flex-col gap-1">
          {poster ? (
            <SizedImage
              src={poster}
              shownWidth={80}
              alt={spec.label(item)}
              width={80}
              height={48}
              loading="lazy"
              className="h-12 w-20 max-w-none rounded-lg bg-night object-cover"
            />
          ) : (
            <span
              role="img"
              aria-label={spec.label(item)}
              className="flex h-12 w-20 items-center justify-center rounded-lg bg-sand text-muted"
            >
              <IconVideo />
            </span>
          )}
          {note ? <span className={`text-xs [overflow-wrap:anywhere] ${NOTE_TONE[note.tone]}`}>{note.text}</span> : null}
        </span>
      );
    }
    case "name": {
      const edit = spec.edited?.(item);
      const line = lastEditLine(edit, at);
      const status = spec.status?.(item);
      return (
        <>
          <span className="font-semibold">{spec.text(item)}</span>
          {status ? (
            // Under the title, not a column of its own: at 1024 px the table has no width to spare, so
            // "Waiting for review" may wrap in a narrow name column rather than widen the table.
            <span
              data-testid="item-status"
              className={`my-0.5 block w-fit max-w-full rounded-xl px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE_CLASSES[status]}`}
            >
              {at(STATUS_LABELS[status])}
            </span>
          ) : null}
          {line && edit?.at ? (
            // Short, with the whole sentence for screen readers and as the tooltip. Between 1024
            // and 1279 px the table row shows the date alone on one line (the row actions keep to icons
            // in a narrow table too): the name column is narrow there.
            <span title={line} className="flex items-start gap-1 text-xs text-muted [overflow-wrap:anywhere]">
              <IconPencil size={12} className="mt-0.5 shrink-0 min-[1024px]:max-[1279px]:hidden" />
              <span className="sr-only">{line}</span>
              <span aria-hidden="true">
                {edit.name ? <span className="min-[1024px]:max-[1279px]:hidden">{edit.name}, </span> : null}
                <span className="whitespace-nowrap">{formatDate(edit.at, at.locale)}</span>
              </span>
            </span>
          ) : null}
        </>
      );
    }
    case "text":
      // A long word (a role such as "Administrator") may break rather than push the actions out.
      return <span className="[overflow-wrap:anywhere]">{spec.text(item)}</span>;
    case "excerpt":
      return <p className="line-clamp-2 max-w-xs text-sm text-muted">{spec.text(item) || (spec.missing ? at(spec.missing) : null)}</p>;
    case "email":
      return <EmailText address={spec.text(item)} />;
    case "day": {
      // "1 Asar 2068 BS" over "(15 June 2011)": two short lines instead of one broken anywhere;
      // in a narrow table the date in brackets may wrap between its words.
      const parts = joinedAtParts(spec.value(item), at.locale);
      if (!parts) return <span>{at(spec.missing)}</span>;
      return (
        <span className="block text-sm whitespace-nowrap">
          {parts.bs ?? parts.ad}
          {/* The space keeps the two dates apart for screen readers and copied text. */}
          {parts.bs ? (
            <>
              {" "}
              <span className="block whitespace-normal text-muted">({parts.ad})</span>
            </>
          ) : null}
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
    <SizedImage
      src={src}
      shownWidth={48}
      alt={alt}
      width={48}
      height={48}
      loading="lazy"
      className={`size-12 max-w-none ${shape} object-cover bg-sand`}
    />
  );
}
