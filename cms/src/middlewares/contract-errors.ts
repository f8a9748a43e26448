import type { Context, Next } from 'koa';
import { serverMessages } from '../contract/messages';
import { matchedRoutes } from '../routing';

// The spec's routes (declared paths) answer every error as {message, errors}; Strapi's own routes keep Strapi's shape.
const CONTRACT_ROUTE = /^\/api\/(team-member|image-gallery|video-gallery|blog|users)(\/|$)/;

const fallbackMessage: Record<number, string> = {
  401: serverMessages.unauthorized,
  403: serverMessages.forbidden,
  404: serverMessages.notFound,
};

export default () => async (ctx: Context, next: Next) => {
  await next();
  if (!matchedRoutes(ctx).some((route) => CONTRACT_ROUTE.test(route))) return;
  const body = ctx.body as { error?: { status?: number; message?: string; details?: { errors?: unknown } } } | undefined;
  if (!body || typeof body !== 'object' || !body.error) return;
  const { message, details } = body.error;
  const generic = !message || ['Unauthorized', 'Forbidden', 'Not Found', 'Internal Server Error'].includes(message);
  ctx.body = {
    message: generic ? (fallbackMessage[ctx.status] ?? 'Something went wrong') : message,
    ...(details?.errors ? { errors: details.errors } : {}),
  };
};
