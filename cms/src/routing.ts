import type { Context } from 'koa';

interface Layer {
  path: string;
  methods: string[];
}

interface RouterMatch {
  path: Layer[];
  pathAndMethod: Layer[];
}

const router = () => (strapi.server as unknown as { router: { match(path: string, method: string): RouterMatch } }).router;

const cache = new WeakMap<Context, RouterMatch>();

/**
 * The router's own match for this request, made before any route runs. Global middlewares decide
 * by it (the route's declared path, e.g. `/api/users/login`), never by comparing `ctx.path` as a
 * string: the router ignores case and a trailing slash, so `/API/users/login` *is* the login route,
 * and `/api/users%2Flogin` is not.
 */
function match(ctx: Context): RouterMatch {
  let found = cache.get(ctx);
  if (!found) {
    found = router().match(ctx.path, ctx.method);
    cache.set(ctx, found);
  }
  return found;
}

/** Declared paths of the routes that will handle this request (empty: the router answers 404 or 405). */
export const matchedRoutes = (ctx: Context): string[] =>
  match(ctx)
    .pathAndMethod.filter((layer) => layer.methods.length > 0)
    .map((layer) => layer.path);

/** Methods the request's path is routed for with any method (what the router's 405 lists in Allow). */
export const allowedMethods = (ctx: Context): string[] => [...new Set(match(ctx).path.flatMap((layer) => layer.methods))];
