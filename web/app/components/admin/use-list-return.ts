import { useLocation } from "react-router";
import { KINDS, type KindKey } from "~/lib/admin/kinds";
import { returnPathOf, withBack } from "~/lib/admin/list-place";

/**
 * The list place a screen returns to: on the list itself its own page and search, elsewhere the
 * `?back=` it was opened with (checked: only the kind's list). `link(path)` carries it on.
 */
export function useListReturn(kind: KindKey) {
  const { pathname, search } = useLocation();
  const list = KINDS[kind].paths.list;
  const back = pathname === list ? returnPathOf(kind, `${list}${search}`) : returnPathOf(kind, new URLSearchParams(search).get("back"));
  return { back, link: (path: string) => withBack(path, back, kind) };
}
