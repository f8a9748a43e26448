import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';
import { serverMessages } from '../contract/messages';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Calls that are meant to be made without a token.
const OPEN_WRITES = [/^\/api\/users\/login\/?$/, /^\/api\/auth\/local\/?$/];
// Reads that are never public.
const PRIVATE_READS = [/^\/api\/users(\/|$)/, /^\/api\/demo-content(\/|$)/];

/**
 * Refuses API writes (and private reads) that carry no valid staff token with 401, before the
 * body parser reads a single uploaded byte. Strapi's own permission check still runs afterwards;
 * this only makes "no credentials" a clear 401 instead of a 403 and keeps anonymous uploads off disk.
 */
export default () => async (ctx: Context, next: Next) => {
  if (!ctx.path.startsWith('/api/')) return next();
  const needsToken =
    (WRITE_METHODS.has(ctx.method) && !OPEN_WRITES.some((open) => open.test(ctx.path))) ||
    PRIVATE_READS.some((path) => path.test(ctx.path) && !OPEN_WRITES.some((open) => open.test(ctx.path)));
  if (!needsToken) return next();

  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new errors.UnauthorizedError(serverMessages.unauthorized);
  try {
    await strapi.plugin('users-permissions').service('jwt').verify(match[1]);
  } catch {
    throw new errors.UnauthorizedError(serverMessages.unauthorized);
  }
  return next();
};
