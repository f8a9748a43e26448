import type { Context } from 'koa';
import { ContractError, reply, replyWithError } from '../../../contract/errors';
import { clientKey } from '../../../middlewares/login-rate-limit';
import type PasswordResets from '../services/password-reset';

const resets = () => strapi.service('api::password-reset.password-reset') as ReturnType<typeof PasswordResets>;

const bodyOf = (ctx: Context) => {
  const body = ctx.request.body;
  return (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
};

const answer = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  ctx.set('Cache-Control', 'no-store');
  try {
    await action(ctx);
  } catch (error) {
    if (error instanceof ContractError) {
      if (error.status === 429) ctx.set('Retry-After', String(Math.ceil(resets().windowMs() / 1000)));
      replyWithError(ctx, error);
      return;
    }
    strapi.log.error(`[password-reset] ${(error as Error).stack ?? error}`);
    reply(ctx, 500, { message: 'Something went wrong' });
  }
};

export default {
  /** GET /api/password-reset -> {byEmail}: whether a link can be sent (outgoing mail is configured). */
  availability: answer(async (ctx) => {
    reply(ctx, 200, { byEmail: resets().available() });
  }),

  /** POST /api/password-reset {email} -> 202 the same answer for every address */
  request: answer(async (ctx) => {
    reply(ctx, 202, { message: await resets().request(bodyOf(ctx), clientKey(ctx)) });
  }),

  /** PUT /api/password-reset {token, password} -> 204; every session of the account ends */
  complete: answer(async (ctx) => {
    await resets().complete(bodyOf(ctx));
    ctx.status = 204;
    ctx.body = null;
  }),
};
