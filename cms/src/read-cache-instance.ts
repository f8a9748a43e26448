import { ReadCache } from './read-cache';

let instance: ReadCache | undefined;

/** The CMS's one read cache, made from config/cache.ts on first use. */
export function readCache(): ReadCache {
  instance ??= new ReadCache(strapi.config.get('cache.reads'));
  return instance;
}

/**
 * Every database write empties the read cache (any model: content, files, permissions, accounts).
 * Called at bootstrap.
 */
export function registerReadCacheInvalidation() {
  const cache = readCache();
  if (!cache.enabled) return;
  strapi.db.lifecycles.subscribe({
    afterCreate: cache.invalidate,
    afterCreateMany: cache.invalidate,
    afterUpdate: cache.invalidate,
    afterUpdateMany: cache.invalidate,
    afterDelete: cache.invalidate,
    afterDeleteMany: cache.invalidate,
  });
}
