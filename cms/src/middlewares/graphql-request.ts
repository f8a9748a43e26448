import type { Context, Next } from 'koa';
import { matchedRoutes } from '../routing';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A refusal before the body is read (or read to its end): the connection closes after the answer,
 * so an oversized body is neither kept nor read on (Node would otherwise read it to its end to
 * keep the connection, which under a flood of them costs the time other visitors wait).
 */
const refuse = (ctx: Context, status: number, code: string, message: string) => {
  ctx.set('Connection', 'close');
  ctx.status = status;
  ctx.body = { errors: [{ message, extensions: { code } }] };
};

/**
 * GraphQL requests carry a small JSON body: one declared past the GraphQL limit is refused here,
 * before it is read; otherwise it is read once, by the
 * GraphQL route's own body parser with the same limit (`bodyParserConfig.jsonLimit`, which stops
 * a chunked body as soon as it passes it). Strapi's body parser (2 MB) reads every other request,
 * and it recognises the GraphQL endpoint only by an exact URL: so a request the router sends to
 * GraphQL under another spelling (`/GraphQL`, `/graphql?x`) is given the exact endpoint before it
 * gets there. Anything but JSON is refused before it is read.
 */
export default () => async (ctx: Context, next: Next) => {
  const endpoint = strapi.plugin('graphql').config('endpoint') as string;
  if (!BODY_METHODS.has(ctx.method) || !matchedRoutes(ctx).includes(endpoint)) return next();

  const { maxBodyBytes } = strapi.plugin('graphql').config('requestLimits') as { maxBodyBytes: number };
  const tooLarge = () =>
    refuse(
      ctx,
      413,
      'PAYLOAD_TOO_LARGE',
      `The request body is too large: a GraphQL request may be at most ${Math.round(maxBodyBytes / 1024)} KB.`,
    );

  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBodyBytes) return tooLarge();
  if ((declared > 0 || ctx.get('transfer-encoding')) && !ctx.is('application/json')) {
    return refuse(ctx, 415, 'UNSUPPORTED_MEDIA_TYPE', 'GraphQL requests must be sent as JSON (Content-Type: application/json).');
  }
  ctx.url = endpoint; // Apollo reads a POST's operation from its body only, never from the query string.
  try {
    await next();
  } catch (error) {
    // A body without a declared length, stopped by the parser once it passed the limit.
    if ((error as { type?: string }).type !== 'entity.too.large') throw error;
    tooLarge();
  }
};
