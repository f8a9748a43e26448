import type { Context, Next } from 'koa';
import { serverMessages } from '../contract/messages';

// The spec's routes answer every error as {message, errors}; Strapi's own routes keep Strapi's shape.
const CONTRACT_PATH = /^\/api\/(team-member|image-gallery|video-gallery|blog|users|demo-content)(\/|$)/;

const fallbackMessage: Record<number, string> = {
  401: serverMessages.unauthorized,
  403: serverMessages.forbidden,
  404: serverMessages.notFound,
};

export default () => async (ctx: Context, next: Next) => {
  await next();
  if (!CONTRACT_PATH.test(ctx.path)) return;
  const body = ctx.body as { error?: { status?: number; message?: string; details?: { errors?: unknown } } } | undefined;
  if (!body || typeof body !== 'object' || !body.error) return;
  const { message, details } = body.error;
  const generic = !message || ['Unauthorized', 'Forbidden', 'Not Found', 'Internal Server Error'].includes(message);
  ctx.body = {
    message: generic ? (fallbackMessage[ctx.status] ?? 'Something went wrong') : message,
    ...(details?.errors ? { errors: details.errors } : {}),
  };
};
