import type { Context, Next } from 'koa';
import parseBody from 'co-body';
import { matchedRoutes } from '../routing';
import { readCache, recordingWrites } from '../read-cache-instance';
import { kindsOfApi, kindsOfQuery } from '../read-kinds';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * GET routes of this project's own APIs (`/api/blog/:id`, ...), each with its API's name: public
 * content, the same for every anonymous visitor. Read from Strapi's routes once, at the first request.
 */
let ownReads: { prefix: string; routes: Map<string, string> } | undefined;
function ownReadRoutes() {
  if (!ownReads) {
    const prefix = strapi.config.get('api.rest.prefix', '/api') as string;
    const routes = new Map<string, string>();
    for (const [name, api] of Object.entries(strapi.apis)) {
      for (const router of Object.values(
        (api as { routes?: Record<string, { routes?: { method: string; path: string }[] }> }).routes ?? {},
      )) {
        for (const route of router.routes ?? []) if (route.method === 'GET') routes.set(`${prefix}${route.path}`, name);
      }
    }
    ownReads = { prefix: `${prefix}/`, routes };
  }
  return ownReads;
}

/**
 * `X-Content-Changed-At: <ms since the epoch>`: the web app names the last change it was told of, so
 * an answer read before it (possible with several CMS processes on one database, where the change
 * was made through another) is not given to it. A time in the future counts as none.
 */
const changedAtOf = (ctx: Context) => {
  const value = Number(ctx.get('x-content-changed-at'));
  return Number.isSafeInteger(value) && value > 0 && value <= Date.now() + 60_000 ? value : 0;
};

/** A GraphQL operation that could change something is never answered from the cache. */
const MAY_WRITE = /\b(mutation|subscription)\b/;

/**
 * A request that may have written: a signed-in one (staff, the Strapi console) forgets once it is
 * done, its transaction committed, the answers read from the kinds it wrote (read again meanwhile,
 * before the commit, they could hold what was there before), and all of them when no database event
 * named what it wrote or it failed; nothing when its sign-in was refused. Anonymous ones write no
 * content (the database's own events forget answers for the rest), so refused logins or mutations
 * cannot keep the cache cold.
 */
async function invalidatingAfter(ctx: Context, next: Next, cache: ReturnType<typeof readCache>) {
  if (!ctx.get('authorization')) return next();
  let written: Set<string | undefined>;
  try {
    written = await recordingWrites(ctx, next);
  } catch (error) {
    cache.invalidate();
    throw error;
  }
  if (ctx.status === 401 || ctx.status === 403) return;
  if (written.size === 0) return cache.invalidate();
  for (const kind of written) cache.invalidate(kind);
}

/**
 * Anonymous reads go through the read cache (src/read-cache.ts), each with the kinds it shows;
 * signed-in requests that are not reads forget what they wrote when they are done. After
 * global::graphql-request, which bounds a GraphQL body: an anonymous GraphQL body is read here, with
 * the same limit and parser the GraphQL route uses (which then leaves it as read).
 */
export default () => async (ctx: Context, next: Next) => {
  const cache = readCache();
  if (!READ_METHODS.has(ctx.method)) {
    const endpoint = strapi.plugin('graphql').config('endpoint') as string;
    const routes = matchedRoutes(ctx);
    if (routes.length === 0) return next(); // the router answers 404 or 405: nothing is written
    if (!cache.enabled || ctx.method !== 'POST' || ctx.get('authorization') || !routes.includes(endpoint)) {
      return cache.enabled ? invalidatingAfter(ctx, next, cache) : next();
    }
    const { maxBodyBytes } = strapi.plugin('graphql').config('requestLimits') as { maxBodyBytes: number };
    const body = (await parseBody.json(ctx, { limit: maxBodyBytes, strict: true })) as unknown;
    ctx.request.body = body;
    const { query, variables, operationName } = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof query !== 'string' || MAY_WRITE.test(query)) return invalidatingAfter(ctx, next, cache);
    return cache.serve(ctx, `graphql\u0000${JSON.stringify([query, variables ?? null, operationName ?? null])}`, next, {
      changedAt: changedAtOf(ctx),
      kinds: kindsOfQuery(query),
    });
  }
  if (!cache.enabled || ctx.method !== 'GET' || ctx.get('authorization')) return next();
  const routes = matchedRoutes(ctx);
  // The public folder's catch-all route matches too: the API routes decide.
  const own = ownReadRoutes();
  const apiRoutes = routes.filter((route) => route.startsWith(own.prefix));
  if (apiRoutes.length === 0 || !apiRoutes.every((route) => own.routes.has(route))) return next();
  const apis = new Set(apiRoutes.map((route) => own.routes.get(route)!));
  const kinds = apis.size === 1 ? kindsOfApi([...apis][0]) : undefined;
  return cache.serve(ctx, `get\u0000${ctx.url}`, next, { changedAt: changedAtOf(ctx), kinds });
};
