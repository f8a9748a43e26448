import { matchPath } from "react-router";

/**
 * The admin's URLs of each kind of content (the product's routes: /teams, /gallery/images,
 * /gallery/videos, /bloglist and /blogs/...), as React Router patterns. The route table
 * (app/routes.ts) and the kinds' links are made from these, and a screen finds its kind by them.
 */
export const KIND_PATHS = {
  team: { list: "/teams", new: "/teams/new", view: "/teams/:id", edit: "/teams/:id/edit" },
  image: {
    list: "/gallery/images",
    new: "/gallery/images/new",
    view: "/gallery/images/:id",
    edit: "/gallery/images/:id/edit",
  },
  video: {
    list: "/gallery/videos",
    new: "/gallery/videos/new",
    view: "/gallery/videos/:id",
    edit: "/gallery/videos/:id/edit",
  },
  // The spec's own blog URLs (the list is /bloglist; /blogs/details/:id is the public post).
  blog: { list: "/bloglist", new: "/blogs/new", view: "/blogs/:id", edit: "/blogs/edit/:id" },
  // The ways to give (Managers only).
  giving: { list: "/giving", new: "/giving/new", view: "/giving/:id", edit: "/giving/:id/edit" },
} as const;

/** The kinds of content staff manage. */
export type KindKey = keyof typeof KIND_PATHS;

export const KIND_SCREENS = ["list", "new", "view", "edit"] as const;
export type KindScreen = (typeof KIND_SCREENS)[number];

/** The kind whose `screen` a URL path is (a screen module serves every kind). */
export function kindAt(pathname: string, screen: KindScreen): KindKey {
  for (const [kind, paths] of Object.entries(KIND_PATHS)) {
    if (matchPath(paths[screen], pathname)) return kind as KindKey;
  }
  throw new Error(`no kind of content has its ${screen} screen at ${pathname}`);
}

/** A kind's URL with `id` filled in. */
export const pathWithId = (pattern: string, id: number | string) => pattern.replace(":id", String(id));
