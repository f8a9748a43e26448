import type { Context } from 'koa';
import { listParams, parseId } from '../../../contract/actions';
import { ContractError, reply, replyWithError } from '../../../contract/errors';
import { serverMessages } from '../../../contract/messages';
import { ownAccount } from '../../staff-session/controllers/staff-session';
import type StaffAccounts from '../services/staff-account';
import type { StaffUserRow } from '../services/staff-account';

const accounts = () => strapi.service('api::staff-account.staff-account') as ReturnType<typeof StaffAccounts>;

const bodyOf = (ctx: Context) => {
  const body = ctx.request.body;
  return (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
};

/** The signed-in member of staff (users-permissions has checked the token, the session and the role's permission). */
const actorOf = (ctx: Context): StaffUserRow => {
  const user = ctx.state.user as StaffUserRow | undefined;
  if (!user) throw new ContractError(401, serverMessages.unauthorized);
  return user;
};

/** Runs an action; expected failures become {message, errors}, anything else a 500 with a plain message. */
const answer = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  try {
    await action(ctx);
  } catch (error) {
    if (error instanceof ContractError) {
      replyWithError(ctx, error);
      return;
    }
    strapi.log.error(`[staff-account] ${(error as Error).stack ?? error}`);
    reply(ctx, 500, { message: 'Something went wrong' });
  }
};

export default {
  /** GET /api/staff-accounts?page&pageSize -> {count, results: [{id, name, email, role, blocked, lastSignInAt, createdAt}]} */
  find: answer(async (ctx) => {
    reply(ctx, 200, await accounts().list(listParams(ctx.query)));
  }),

  /** POST /api/staff-accounts {name, email, role, password} -> 201 the account */
  create: answer(async (ctx) => {
    reply(ctx, 201, await accounts().create(bodyOf(ctx)));
  }),

  /** PUT /api/staff-accounts/{id} {role?, blocked?} -> the account */
  update: answer(async (ctx) => {
    const id = parseId(ctx.params.id);
    reply(ctx, 200, await accounts().change(id, bodyOf(ctx), actorOf(ctx)));
  }),

  /** PUT /api/staff-accounts/{id}/password {password} -> the account; every session of theirs ends */
  resetPassword: answer(async (ctx) => {
    const id = parseId(ctx.params.id);
    reply(ctx, 200, await accounts().resetPassword(id, bodyOf(ctx), actorOf(ctx)));
  }),

  /** DELETE /api/staff-accounts/{id} -> 204 */
  delete: answer(async (ctx) => {
    await accounts().remove(parseId(ctx.params.id), actorOf(ctx));
    ctx.status = 204;
    ctx.body = null;
  }),

  /** PUT /api/account {name} -> the signed-in user, as GET /api/users/{id} answers it */
  updateMe: answer(async (ctx) => {
    reply(ctx, 200, ownAccount(await accounts().rename(actorOf(ctx), bodyOf(ctx))));
  }),

  /** PUT /api/account/language {adminLanguage: 'en' | 'ne'} -> the signed-in user; only ever their own */
  setMyLanguage: answer(async (ctx) => {
    reply(ctx, 200, ownAccount(await accounts().setLanguage(actorOf(ctx), bodyOf(ctx))));
  }),

  /** PUT /api/account/password {currentPassword, password} -> 204; every other session of theirs ends */
  changeMyPassword: answer(async (ctx) => {
    const session = ctx.state.session as { id?: string } | undefined;
    await accounts().changePassword(actorOf(ctx), session?.id, bodyOf(ctx));
    ctx.status = 204;
    ctx.body = null;
  }),
};
