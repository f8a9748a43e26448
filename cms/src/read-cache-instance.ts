import type { Context } from 'koa';
import { ReadCache } from './read-cache';
import { kindOfWrite } from './read-kinds';

let instance: ReadCache | undefined;

/** The CMS's one read cache, made from config/cache.ts on first use. */
export function readCache(): ReadCache {
  instance ??= new ReadCache(strapi.config.get('cache.reads'));
  return instance;
}

/** The kinds written by each request that asked for them (undefined: something that may show anywhere). */
const writtenByRequest = new WeakMap<Context, Set<string | undefined>>();

/** Runs `next` for `ctx` and says which kinds it wrote, by the database's own events. */
export async function recordingWrites(ctx: Context, next: () => Promise<unknown>): Promise<Set<string | undefined>> {
  const written = new Set<string | undefined>();
  writtenByRequest.set(ctx, written);
  await next();
  return written;
}

/**
 * Every database write forgets the answers read from its kind (any other model's, content,
 * files, permissions or accounts, forgets them all). Called at bootstrap.
 */
export function registerReadCacheInvalidation() {
  const cache = readCache();
  if (!cache.enabled) return;
  const written = (event: { model: { uid: string } }) => {
    const kind = kindOfWrite(event.model.uid);
    // Strapi's own request context: the request whose work wrote, if any.
    const ctx = strapi.requestContext.get() as Context | undefined;
    if (ctx) writtenByRequest.get(ctx)?.add(kind);
    cache.invalidate(kind);
  };
  strapi.db.lifecycles.subscribe({
    afterCreate: written,
    afterCreateMany: written,
    afterUpdate: written,
    afterUpdateMany: written,
    afterDelete: written,
    afterDeleteMany: written,
  });
}
