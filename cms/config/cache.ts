import type { Core } from '@strapi/strapi';

/**
 * The CMS's micro-cache of anonymous reads (src/read-cache.ts): identical public reads within
 * `ttlMs` share one answer, and a write forgets at once every answer it could have changed.
 */
const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  const enabled = env('CMS_READ_CACHE', 'on');
  if (enabled !== 'on' && enabled !== 'off') throw new Error(`CMS_READ_CACHE must be on or off, got "${enabled}"`);
  const ttlMs = env.int('CMS_READ_CACHE_TTL_MS', 2000);
  const maxBytes = env.int('CMS_READ_CACHE_MAX_BYTES', 32 * 1024 * 1024);
  if (!Number.isInteger(ttlMs) || ttlMs < 1) throw new Error('CMS_READ_CACHE_TTL_MS must be a positive whole number');
  if (!Number.isInteger(maxBytes) || maxBytes < 1024) throw new Error('CMS_READ_CACHE_MAX_BYTES must be a whole number of at least 1024');
  return { reads: { enabled: enabled === 'on', ttlMs, maxBytes } };
};

export default config;
