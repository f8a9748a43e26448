import { KINDS } from "./kinds";
import { at } from "./messages";

/**
 * The loading text shown while an admin page's data is on its way (spec section 8:
 * 'Loading images...', 'Loading video...', 'Loading blog details...'). Null for pages
 * outside the admin or without a data wait worth announcing.
 */
export function pendingLabel(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/dashboard") return at("common.loading");
  for (const kind of Object.values(KINDS)) {
    if (path === kind.listPath) return at(kind.messages.loading);
    if (path === kind.newPath) return null;
    if (path.startsWith(`${kind.listPath}/`) || (kind.key === "blog" && path.startsWith("/blogs/"))) {
      return at(kind.messages.loadingOne);
    }
  }
  return null;
}
