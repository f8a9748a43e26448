import type { Context, Next } from 'koa';
import { uploadLimits } from '../../config/limits';
import { definitionForRoute, type ContractDefinition } from '../contract/definitions';
import { serverMessages } from '../contract/messages';
import { matchedRoutes } from '../routing';

// The spec's routes (declared paths) answer every error as {message, errors}; Strapi's own routes keep Strapi's shape.
const CONTRACT_ROUTE =
  /^\/api\/(team-member|image-gallery|video-gallery|blog|users|demo-content|staff-accounts|account|settings|page-texts|donation-method|password-reset)(\/|$)/;

const fallbackMessage: Record<number, string> = {
  401: serverMessages.unauthorized,
  403: serverMessages.forbidden,
  404: serverMessages.notFound,
};

/**
 * Strapi's body parser stops a file past the largest upload limit itself and says only
 * "FileTooBig": the contract says which limit, under the kind's file field.
 */
const fileTooBig = (def: ContractDefinition) => {
  const message =
    def.fileKind === 'video'
      ? serverMessages.videoTooLarge(Math.round(uploadLimits.videoMaxBytes / (1024 * 1024)))
      : serverMessages.imageTooLarge(Math.round(uploadLimits.imageMaxBytes / (1024 * 1024)));
  return { message, errors: { [def.fileField]: [message] } };
};

export default () => async (ctx: Context, next: Next) => {
  await next();
  const routes = matchedRoutes(ctx);
  if (!routes.some((route) => CONTRACT_ROUTE.test(route))) return;
  const body = ctx.body as { error?: { status?: number; message?: string; details?: { errors?: unknown } } } | undefined;
  if (!body || typeof body !== 'object' || !body.error) return;
  const { message, details } = body.error;
  const def = routes.map(definitionForRoute).find(Boolean);
  if (ctx.status === 413 && message === 'FileTooBig' && def) {
    ctx.body = fileTooBig(def);
    return;
  }
  // Strapi's own words for a missing or ended token, a missing permission, and the like.
  const generic =
    !message ||
    ['Unauthorized', 'Forbidden', 'Not Found', 'Internal Server Error', 'Missing or invalid credentials', 'Invalid credentials'].includes(
      message,
    );
  ctx.body = {
    message: generic ? (fallbackMessage[ctx.status] ?? 'Something went wrong') : message,
    ...(details?.errors ? { errors: details.errors } : {}),
  };
};
