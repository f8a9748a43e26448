import { errors as strapiErrors } from '@strapi/utils';
import type { Context } from 'koa';
import { fieldMessages, serverMessages } from '../../../contract/messages';
import { isAdminLanguage, isStaffRole } from '../../../contract/shared/account-rules';
import type StaffSessions from '../services/staff-session';
import type { StaffTokenClaims } from '../services/staff-session';
import { publishesOwnWork } from '../../../contract/review';

const USER_UID = 'plugin::users-permissions.user';

const usersPermissions = () => strapi.plugin('users-permissions');
const staffSessions = () => strapi.service('api::staff-session.staff-session') as ReturnType<typeof StaffSessions>;

/** The claims of the request's bearer token if it is good (signature, expiry, user, live session); else 401. */
async function currentToken(ctx: Context): Promise<StaffTokenClaims> {
  let claims: { id?: unknown; sessionId?: unknown } | null = null;
  try {
    claims = await usersPermissions().service('jwt').getToken(ctx);
  } catch {
    claims = null;
  }
  const id = Number(claims?.id);
  if (!claims || !Number.isInteger(id) || typeof claims.sessionId !== 'string') {
    throw new strapiErrors.UnauthorizedError(serverMessages.unauthorized);
  }
  return { id, sessionId: claims.sessionId };
}

/**
 * The public fields of a staff user (with its role populated): never the password hash or
 * reset/confirmation tokens. `displayName` is null until one is set; `role` is `manager` or `staff`.
 */
export const publicUser = (user: Record<string, any>) => ({
  id: user.id,
  documentId: user.documentId,
  username: user.username,
  email: user.email,
  displayName: user.displayName || null,
  role: isStaffRole(user.role?.type) ? user.role.type : null,
  confirmed: user.confirmed,
  blocked: user.blocked,
  lastSignInAt: user.lastSignInAt ?? null,
  adminLanguage: isAdminLanguage(user.adminLanguage) ? user.adminLanguage : 'en',
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
});

/**
 * A person's own account as GET /api/users/{id} answers it (and the saves of My account): also
 * whether their own posts go public when they save them, or wait for someone else's approval.
 */
export const ownAccount = (user: Record<string, any>) => ({ ...publicUser(user), publishesOwnWork: publishesOwnWork(user.role?.type) });

export default {
  /** POST /api/users/login {email, password} -> {token, user}; the token's `sub` is the user id. */
  async login(ctx: Context) {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, string[]> = {};
    if (!email) errors.email = [fieldMessages.emailRequired];
    if (!password) errors.password = [fieldMessages.passwordRequired];
    if (Object.keys(errors).length > 0) {
      ctx.status = 400;
      ctx.body = { message: Object.values(errors)[0][0], errors };
      return;
    }

    const user = await staffSessions().staffWithPassword(email, password);
    if (!user) {
      ctx.status = 401;
      ctx.body = { message: serverMessages.invalidCredentials };
      return;
    }
    // Said only to whoever knows the password: it tells them whom to ask.
    if (user.blocked) {
      ctx.status = 401;
      ctx.body = { message: serverMessages.accountBlocked };
      return;
    }

    const token = await staffSessions().startSession(user.id);
    const lastSignInAt = new Date();
    await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: { lastSignInAt } });
    ctx.status = 200;
    ctx.body = { token, user: publicUser({ ...user, lastSignInAt }) };
  },

  /**
   * POST /api/users/logout (bearer token): ends the token's session, so the token is refused from
   * now on. `?everywhere=true` ends every session of the token's user (all their devices). 204.
   */
  async logout(ctx: Context) {
    const everywhere = ctx.query.everywhere;
    if (everywhere !== undefined && everywhere !== 'true' && everywhere !== 'false') {
      throw new strapiErrors.ValidationError(serverMessages.invalidEverywhere);
    }
    const claims = await currentToken(ctx);
    if (everywhere === 'true') await staffSessions().revokeAllSessionsOf(claims.id);
    else await staffSessions().endSession(claims);
    ctx.status = 204;
  },
};
