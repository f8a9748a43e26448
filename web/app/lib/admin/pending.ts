import { KINDS } from "./kinds";
import type { AdminT } from "./messages";

/**
 * The loading text shown while an admin page's data is on its way (
 * 'Loading images...', 'Loading video...', 'Loading blog details...'). Null for pages
 * outside the admin or without a data wait worth announcing.
 */
export function pendingLabel(pathname: string, at: AdminT): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/dashboard") return at("common.loading");
  for (const kind of Object.values(KINDS)) {
    if (path === kind.paths.list) return at(kind.messages.loading);
    if (path === kind.paths.new) return null;
    if (isItemPath(kind.paths.view, path) || isItemPath(kind.paths.edit, path)) return at(kind.messages.loadingOne);
  }
  return null;
}

/** Whether a path is one item's page of the given shape ("/blogs/edit/7" of blog's edit path). */
function isItemPath(pathOf: (id: string) => string, path: string): boolean {
  const [before, after] = pathOf("\u0000").split("\u0000") as [string, string];
  return path.startsWith(before) && path.endsWith(after) && /^\d+$/.test(path.slice(before.length, path.length - after.length));
}
