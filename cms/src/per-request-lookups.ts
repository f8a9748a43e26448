import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';

/**
 * Two lookups Strapi makes on every anonymous request, for values that change a few times a year:
 * the public role's permissions (users-permissions, one query with two joins) and the default
 * locale (i18n, one query of the core store per document call). Each is read at most once every
 * `REUSE_MS` and shared meanwhile; a change of a permission or role made through this process
 * forgets the permissions at once, another process's within `REUSE_MS`.
 */
const REUSE_MS = 5000;

/** One value, read again when `REUSE_MS` have passed since the last read; concurrent callers share a read. */
function reused<T extends object | string>(read: () => Promise<T>, clock: Clock) {
  const cache = new LRUCache<'value', T>({ max: 1, ttl: REUSE_MS, ttlResolution: 0, perf: clock, fetchMethod: () => read() });
  return { get: () => cache.fetch('value') as Promise<T>, forget: () => cache.clear() };
}

type Clock = { now(): number };
type PermissionService = { findPublicPermissions(): Promise<object[]> };
type LocalesService = { getDefaultLocale(): Promise<string> };

/** `clock`: monotonic milliseconds (tests pass a fake one). */
export function reusePerRequestLookups(strapi: Core.Strapi, clock: Clock = performance) {
  const permissions = strapi.plugin('users-permissions').service('permission') as PermissionService;
  const publicPermissions = reused(permissions.findPublicPermissions.bind(permissions), clock);
  permissions.findPublicPermissions = publicPermissions.get;
  strapi.db.lifecycles.subscribe({
    models: ['plugin::users-permissions.permission', 'plugin::users-permissions.role'],
    afterCreate: publicPermissions.forget,
    afterCreateMany: publicPermissions.forget,
    afterUpdate: publicPermissions.forget,
    afterUpdateMany: publicPermissions.forget,
    afterDelete: publicPermissions.forget,
    afterDeleteMany: publicPermissions.forget,
  });

  const locales = strapi.plugin('i18n').service('locales') as LocalesService;
  const defaultLocale = reused(locales.getDefaultLocale.bind(locales), clock);
  locales.getDefaultLocale = defaultLocale.get;
}
