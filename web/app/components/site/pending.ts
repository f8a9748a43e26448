// No React here: app/enhance/navigation.ts uses this too.
import { basePath } from "~/lib/i18n/paths";

/**
 * What the main area shows while a client-side navigation waits for its loader:
 * a spinner on committee, 6 placeholders on blogs, and the spec's
 * loading texts on blog details and gallery. Other pages keep showing the current page
 * under the top progress bar.
 */
export const PENDING_KINDS = ["committee", "blogs", "blog", "images", "videos"] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

export function pendingKind(to: { pathname: string; search: string }): PendingKind | null {
  // The same views on the Nepali pages (/ne/blogs...), in the language of the page they are on.
  const path = basePath(to.pathname.replace(/\/+$/, "")) || "/";
  if (path === "/current-committee") return "committee";
  if (path === "/blogs") return "blogs";
  if (/^\/blogs\/details\/[^/]+$/.test(path)) return "blog";
  if (path === "/gallery") return new URLSearchParams(to.search).get("tab") === "videos" ? "videos" : "images";
  return null;
}
