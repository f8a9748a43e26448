import { describe, expect, it } from 'vitest';
import { reusePerRequestLookups } from './per-request-lookups';

/** A Strapi with the two services and the lifecycle registry the module uses; counts the reads. */
function fakeStrapi(clock: { now(): number } = performance) {
  const reads = { permissions: 0, locale: 0 };
  const subscribers: Array<Record<string, unknown>> = [];
  const services: Record<string, Record<string, unknown>> = {
    'users-permissions.permission': {
      async findPublicPermissions() {
        reads.permissions++;
        return [{ action: `api::blog.blog.find#${reads.permissions}` }];
      },
    },
    'i18n.locales': {
      async getDefaultLocale() {
        reads.locale++;
        return 'en';
      },
    },
  };
  const strapi = {
    plugin: (name: string) => ({ service: (service: string) => services[`${name}.${service}`] }),
    db: { lifecycles: { subscribe: (subscriber: Record<string, unknown>) => subscribers.push(subscriber) } },
  };
  reusePerRequestLookups(strapi as never, clock);
  const permissions = services['users-permissions.permission'] as { findPublicPermissions(): Promise<Array<{ action: string }>> };
  const locales = services['i18n.locales'] as { getDefaultLocale(): Promise<string> };
  return { reads, subscribers, permissions, locales };
}

describe('per-request lookups', () => {
  it('reads the public permissions and the default locale once for many requests', async () => {
    const { reads, permissions, locales } = fakeStrapi();
    await Promise.all(Array.from({ length: 50 }, () => permissions.findPublicPermissions()));
    await Promise.all(Array.from({ length: 50 }, () => locales.getDefaultLocale()));
    expect(reads).toEqual({ permissions: 1, locale: 1 });
  });

  it('reads them again after 5 s, and the permissions at once when a permission or role changes', async () => {
    const clock = { t: 1_000_000, now: () => clock.t }; // not 0: lru-cache reads 0 as "no TTL"
    const { reads, subscribers, permissions, locales } = fakeStrapi(clock);
    await permissions.findPublicPermissions();
    await locales.getDefaultLocale();
    expect(subscribers[0]).toMatchObject({ models: ['plugin::users-permissions.permission', 'plugin::users-permissions.role'] });
    (subscribers[0]!.afterUpdate as () => void)();
    expect((await permissions.findPublicPermissions())[0]!.action).toBe('api::blog.blog.find#2');
    expect(reads).toEqual({ permissions: 2, locale: 1 });
    clock.t += 5001;
    await locales.getDefaultLocale();
    await permissions.findPublicPermissions();
    expect(reads).toEqual({ permissions: 3, locale: 2 });
  });
});
