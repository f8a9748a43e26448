import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageHandle } from "~/lib/static-page";

/**
 * Which route of the build a request is for, found with React Router's own matcher, so case and
 * %-encoding are treated exactly as the router treats them: request bodies are bounded by the
 * route's rules (server/request-limits.ts), pages are cached by the query parameters it reads
 * (server/page-handler.ts).
 */

const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/** The build's flat route list as the nested routes `matchRoutes` takes. */
function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  let tree = trees.get(routes);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      Object.values(routes).flatMap((route): RouteObject[] => {
        if (!route || route.parentId !== parentId) return [];
        const { id, path, caseSensitive } = route;
        return [route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: childrenOf(id) }];
      });
    tree = childrenOf(undefined);
    trees.set(routes, tree);
  }
  return tree;
}

/**
 * The `handle` export of the route React Router matches for `pathname`. `dataRequests`: a
 * `/teams/new.data` request is its route's (the client's loader and action calls); otherwise it
 * is a path like any other.
 */
export function routeHandleOf(build: ServerBuild, pathname: string, { dataRequests = false } = {}): unknown {
  const path = !dataRequests ? pathname : pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(treeOf(build.routes), path, build.basename);
  const leaf = matches?.[matches.length - 1]?.route.id;
  return leaf ? build.routes[leaf]?.module.handle : undefined;
}

/**
 * The query parameters the page at `pathname` reads, as its route declares them (`handle.query`,
 * app/lib/static-page.ts); undefined for a route that declares none, and for requests that are not
 * for a page (`/blogs.data`, React Router's `/__manifest?paths=...&version=...`: no page route has
 * them, the catch-all 404 page declares nothing), whose whole URL matters.
 */
export function pageQueryOf(build: ServerBuild, pathname: string): readonly string[] | undefined {
  return (routeHandleOf(build, pathname) as PageHandle | undefined)?.query;
}
