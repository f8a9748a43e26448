import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';
import { serverMessages } from '../contract/messages';
import { allowedMethods, matchedRoutes } from '../routing';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Content-API routes (declared paths) meant to be called without a token.
const OPEN_WRITES = new Set(['/api/users/login', '/api/auth/local']);
const isContentApi = (route: string) => route.startsWith('/api/');
// Reads that are never public: the users-permissions user routes.
const isPrivateRead = (route: string) => route === '/api/users' || route.startsWith('/api/users/');

/**
 * Refuses API writes (and private reads) that carry no valid staff token with 401, before the
 * body parser reads a single uploaded byte. Strapi's own permission check still runs afterwards;
 * this only makes "no credentials" a clear 401 instead of a 403 and keeps anonymous uploads off disk.
 * Decided by the route the router will run (so `/API/upload` is the upload route), and a write no
 * route takes is answered 404/405 at once, as the router would answer it, without reading its body.
 */
export default () => async (ctx: Context, next: Next) => {
  const routes = matchedRoutes(ctx);
  const isWrite = WRITE_METHODS.has(ctx.method);
  // A refused body is never read: the connection closes after the answer instead.
  const refuseUnread = () => isWrite && ctx.set('Connection', 'close');
  if (routes.length === 0) {
    if (!isWrite) return next();
    refuseUnread();
    const allowed = allowedMethods(ctx);
    if (allowed.length === 0) throw new errors.NotFoundError('Not Found');
    ctx.set('Allow', allowed.join(', '));
    ctx.status = 405;
    return;
  }
  const needsToken =
    (isWrite && routes.some(isContentApi) && !routes.every((route) => OPEN_WRITES.has(route))) ||
    (routes.some(isPrivateRead) && !routes.every((route) => OPEN_WRITES.has(route)));
  if (!needsToken) return next();

  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  try {
    if (!match) throw new Error('no token');
    await strapi.plugin('users-permissions').service('jwt').verify(match[1]);
  } catch {
    refuseUnread();
    throw new errors.UnauthorizedError(serverMessages.unauthorized);
  }
  return next();
};
