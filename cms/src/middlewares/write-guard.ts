import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';
import { definitionForRoute } from '../contract/definitions';
import { serverMessages } from '../contract/messages';
import { allowedMethods, matchedRoutes } from '../routing';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Content-API routes (declared paths) meant to be called without a token.
const OPEN_WRITES = new Set(['/api/users/login', '/api/auth/local', '/api/password-reset']);
const isContentApi = (route: string) => route.startsWith('/api/');
// Reads that are never public: the users-permissions user routes, the demo content's, the staff accounts' and the editor views of the settings and the page texts.
const PRIVATE_READS = ['/api/users', '/api/demo-content', '/api/staff-accounts', '/api/settings', '/api/page-texts'];
const isPrivateRead = (route: string) => PRIVATE_READS.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
// Content-API routes that take files: Strapi's upload routes, the contract's, the hero slides' photo form and a post's photos.
const isUploadRoute = (route: string) => route === '/api/upload' || route.startsWith('/api/upload/');
const SLIDE_PHOTO_ROUTE = '/api/page-texts/home/slides/:slide';
const POST_PHOTO_ROUTE = '/api/post-photos';
const takesFiles = (route: string) =>
  isUploadRoute(route) || route === SLIDE_PHOTO_ROUTE || route === POST_PHOTO_ROUTE || definitionForRoute(route) !== undefined;

type SessionManager = (origin: 'admin') => {
  validateAccessToken(token: string): { isValid: boolean; payload?: { sessionId: string } };
  isSessionActive(sessionId: string): Promise<boolean>;
};

const isStaffToken = (token: string): Promise<boolean> =>
  strapi
    .plugin('users-permissions')
    .service('jwt')
    .verify(token)
    .then(
      () => true,
      () => false,
    );

/** Whether the request carries a live Strapi console session's access token. */
async function hasConsoleSession(token: string | undefined) {
  const manager = (strapi as unknown as { sessionManager?: SessionManager }).sessionManager;
  if (!token || !manager) return false;
  const { isValid, payload } = manager('admin').validateAccessToken(token);
  return Boolean(isValid && payload && (await manager('admin').isSessionActive(payload.sessionId)));
}

/**
 * Refuses API writes (and private reads) that carry no valid staff token with 401, before the
 * body parser reads a single uploaded byte. Strapi's own permission check still runs afterwards;
 * this only makes "no credentials" a clear 401 instead of a 403 and keeps anonymous uploads off disk.
 * Decided by the route the router will run (so `/API/upload` is the upload route); a write no
 * route takes is answered 404/405 at once, as the router would answer it. Files (multipart) reach
 * the body parser, which writes them to disk, only on content-API routes that take files (with a
 * staff token) and on the console's routes with a console session (GraphQL takes JSON only:
 * middlewares/graphql-request.ts).
 */
export default () => async (ctx: Context, next: Next) => {
  const routes = matchedRoutes(ctx);
  const isWrite = WRITE_METHODS.has(ctx.method);
  if (routes.length === 0) {
    if (!isWrite) return next();
    const allowed = allowedMethods(ctx);
    if (allowed.length === 0) throw new errors.NotFoundError('Not Found');
    ctx.set('Allow', allowed.join(', '));
    ctx.status = 405;
    return;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const graphql = strapi.plugin('graphql').config('endpoint') as string;
  if (isWrite && ctx.is('multipart') && !routes.includes(graphql) && !routes.some(takesFiles)) {
    if (routes.some(isContentApi)) {
      ctx.status = 415;
      ctx.body = {
        data: null,
        error: { status: 415, name: 'UnsupportedMediaTypeError', message: 'This route takes no files: send JSON.', details: {} },
      };
      return;
    }
    if (!(await hasConsoleSession(token))) throw new errors.UnauthorizedError('Sign in to the console to upload files.');
  }

  const needsToken =
    (isWrite && routes.some(isContentApi) && !routes.every((route) => OPEN_WRITES.has(route))) ||
    (routes.some(isPrivateRead) && !routes.every((route) => OPEN_WRITES.has(route)));
  if (needsToken && !(token && (await isStaffToken(token)))) throw new errors.UnauthorizedError(serverMessages.unauthorized);
  // No staff role may use Strapi's own upload route (bootstrap/permissions.ts): refused before its
  // body is read, as Strapi's permission check would refuse it only after receiving every file.
  if (isWrite && routes.some(isUploadRoute)) throw new errors.ForbiddenError(serverMessages.forbidden);
  return next();
};
