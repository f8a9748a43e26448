import { Link } from "react-router";
import { useAt } from "~/lib/admin/messages";
import { ACTION_LINK, DeleteButton, ROW_ACTION_LABEL } from "./ConfirmDelete";
import { IconEye, IconPencil } from "~/components/ui/icons";

export interface Column<T> {
  header: string;
  cell: (item: T) => React.ReactNode;
  /** Extra classes of the cells (widths, wrapping). */
  className?: string;
}

/**
 * The admin lists: a table from 1024 px, where every column shrinks to fit the card and the
 * actions never wrap or clip (icons only while the table is narrower than 62rem, each still named
 * for screen readers; the table's own width decides, not the window's);
 * below 1024 px each row becomes a card whose cells carry their column name (data-label), so
 * nothing needs sideways scrolling. The card scrolls sideways rather than hide anything.
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
  const at = useAt();
  return (
    <div className="@container rounded-2xl max-[1023px]:bg-transparent min-[1024px]:overflow-x-auto min-[1024px]:border min-[1024px]:border-sand-200 min-[1024px]:bg-white min-[1024px]:shadow-card">
      <table className="w-full border-collapse text-left max-[1023px]:block min-[1024px]:max-[1279px]:text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand/60 text-sm text-muted max-[1023px]:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-2.5 py-3 font-semibold first:pl-4">
                {column.header}
              </th>
            ))}
            <th scope="col" className="w-px px-2.5 py-3 pr-4 font-semibold whitespace-nowrap">
              {at("common.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="max-[1023px]:block max-[1023px]:space-y-4">
          {items.map((item) => (
            <tr
              key={item.id}
              className="border-t border-sand-200 align-middle max-[1023px]:block max-[1023px]:rounded-2xl max-[1023px]:border max-[1023px]:bg-white max-[1023px]:p-4 max-[1023px]:shadow-card"
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={`px-2.5 py-2.5 first:pl-4 max-[1023px]:flex max-[1023px]:gap-3 max-[1023px]:px-0 max-[1023px]:py-1.5 max-[1023px]:before:w-24 max-[1023px]:before:shrink-0 max-[1023px]:before:text-sm max-[1023px]:before:font-semibold max-[1023px]:before:text-muted max-[1023px]:before:content-[attr(data-label)] ${column.className ?? ""}`}
                >
                  <div className="min-w-0">{column.cell(item)}</div>
                </td>
              ))}
              <td className="w-px px-2.5 py-2.5 pr-4 max-[1023px]:block max-[1023px]:w-auto max-[1023px]:px-0 max-[1023px]:pt-3">
                <div className="flex flex-wrap gap-2 min-[1024px]:flex-nowrap">{actions(item)}</div>
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
  const at = useAt();
  return (
    <>
      <Link to={viewTo} className={ACTION_LINK} title={at("common.view")}>
        <IconEye size={16} />
        <span className={ROW_ACTION_LABEL}>{at("common.view")}</span>
        <span className="sr-only"> {name}</span>
      </Link>
      <Link to={editTo} className={ACTION_LINK} title={at("common.edit")}>
        <IconPencil size={16} />
        <span className={ROW_ACTION_LABEL}>{at("common.edit")}</span>
        <span className="sr-only"> {name}</span>
      </Link>
      <DeleteButton id={id} label={name} onOpen={onDelete} compact />
    </>
  );
}
