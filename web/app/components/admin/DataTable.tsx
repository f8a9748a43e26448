import { Link } from "react-router";
import { at } from "~/lib/admin/messages";
import { ACTION_LINK, DeleteButton } from "./ConfirmDelete";
import { IconEye, IconPencil } from "./icons";

export interface Column<T> {
  header: string;
  cell: (item: T) => React.ReactNode;
  /** Extra classes of the cells (widths, wrapping). */
  className?: string;
}

/**
 * The admin lists: a table on laptops; on phones each row becomes a card whose cells
 * carry their column name (data-label), so nothing needs sideways scrolling.
 */
export function DataTable<T extends { id: number }>({
  caption,
  columns,
  items,
  actions,
}: {
  caption: string;
  columns: Column<T>[];
  items: T[];
  actions: (item: T) => React.ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card max-md:border-0 max-md:bg-transparent max-md:shadow-none">
      <table className="w-full border-collapse text-left max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand/60 text-sm text-muted max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              {at("common.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-4">
          {items.map((item) => (
            <tr
              key={item.id}
              className="border-t border-sand-200 align-top max-md:block max-md:rounded-2xl max-md:border max-md:bg-white max-md:p-4 max-md:shadow-card"
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={`px-4 py-3 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1.5 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-sm max-md:before:font-semibold max-md:before:text-muted max-md:before:content-[attr(data-label)] ${column.className ?? ""}`}
                >
                  <div className="min-w-0">{column.cell(item)}</div>
                </td>
              ))}
              <td className="px-4 py-3 max-md:block max-md:px-0 max-md:pt-3">
                <div className="flex flex-wrap gap-2 lg:flex-nowrap">{actions(item)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** View, Edit and Delete for one row. */
export function RowActions({
  id,
  name,
  viewTo,
  editTo,
  onDelete,
}: {
  id: number;
  name: string;
  viewTo: string;
  editTo: string;
  onDelete: (id: number) => void;
}) {
  return (
    <>
      <Link to={viewTo} className={ACTION_LINK}>
        <IconEye size={16} />
        {at("common.view")}
        <span className="sr-only"> {name}</span>
      </Link>
      <Link to={editTo} className={ACTION_LINK}>
        <IconPencil size={16} />
        {at("common.edit")}
        <span className="sr-only"> {name}</span>
      </Link>
      <DeleteButton id={id} label={name} onOpen={onDelete} compact />
    </>
  );
}
