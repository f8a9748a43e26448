import { AsyncLocalStorage } from 'node:async_hooks';
import jwt from 'jsonwebtoken';
import type { Core } from '@strapi/strapi';
import { isStaffRole } from '../../../contract/shared/account-rules';
import type { StaffUserRow } from '../../staff-account/services/staff-account';

const USER_UID = 'plugin::users-permissions.user';
// Strapi's session manager keeps its sessions in this model (table strapi_sessions).
const SESSION_UID = 'admin::session';
const ORIGIN = 'users-permissions';
// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = '$2a$10$CwTycUXWue0Thq9StjUM0uJ8.jsoPQm5Y3Zk2wD5ZQ0Y2G0p9j7pW';

/** The session a password change comes from, while it runs (see keepingSession). */
const keptSession = new AsyncLocalStorage<string>();

/** The claims of a staff token that tie it to its session. */
export interface StaffTokenClaims {
  /** The user id (users-permissions' verify answers it as a number). */
  id: number;
  sessionId: string;
}

/**
 * Staff sign-in sessions, kept by Strapi's session manager in the database (`strapi_sessions`,
 * origin `users-permissions`). A token is good only while its session row exists (checked on
 * every request by the users-permissions jwt service, see extensions/users-permissions), so
 * ending a session ends the token at once, in every CMS process, and across restarts.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const sessions = () => strapi.sessionManager('users-permissions');

  /**
   * Logs a user out everywhere: every session (every token) of theirs ends, but `except` if given
   * (the session a person changes their own password from). Used when their password changes, when
   * they are blocked or removed (registerSessionRevocation), and by `POST /api/users/logout?everywhere=true`.
   */
  const revokeAllSessionsOf = async (userId: number, options: { except?: string } = {}): Promise<void> => {
    if (!options.except) {
      await sessions().invalidateRefreshToken(String(userId));
      return;
    }
    await strapi.db.query(SESSION_UID).deleteMany({
      where: { userId: String(userId), origin: ORIGIN, sessionId: { $ne: options.except } },
    });
  };

  /** Revokes the sessions of these users, keeping the one a password change of their own comes from. */
  const revokeSessionsOfUsers = async (ids: unknown[]) => {
    for (const id of ids.map(Number).filter(Number.isInteger)) await revokeAllSessionsOf(id, { except: keptSession.getStore() });
  };

  return {
    /**
     * The staff account (role populated) whose e-mail (lower case) and current password these are,
     * else null, blocked or not: the site's login and the Strapi console's both ask here. Always one
     * bcrypt comparison, so an unknown e-mail takes as long as a wrong password.
     */
    async staffWithPassword(email: string, password: string): Promise<StaffUserRow | null> {
      const user = (await strapi.db.query(USER_UID).findOne({ where: { email }, populate: ['role'] })) as StaffUserRow | null;
      const matches = (await strapi
        .plugin('users-permissions')
        .service('user')
        .validatePassword(password, user?.password || DUMMY_HASH)) as boolean;
      return user && user.password && matches && isStaffRole(user.role?.type) ? user : null;
    },

    /**
     * Starts a session for a user and returns the contract's token: an access token in the
     * shape Strapi's session manager issues and verifies (`userId`, `sessionId`, `type`), plus
     * the spec's subject claim (`sub` = the user id). It expires with its session.
     */
    async startSession(userId: number): Promise<string> {
      const session = await sessions().generateRefreshToken(String(userId), undefined, { type: 'session' });
      const expiresAt = Math.floor(new Date(session.absoluteExpiresAt).getTime() / 1000);
      const algorithm = (strapi.config.get('plugin::users-permissions.jwt.algorithm') as jwt.Algorithm | undefined) ?? 'HS256';
      return jwt.sign(
        { userId: String(userId), sessionId: session.sessionId, type: 'access', exp: expiresAt },
        strapi.config.get('plugin::users-permissions.jwtSecret') as string,
        { algorithm, subject: String(userId) },
      );
    },

    /** Whether the session behind a token still exists (not ended, not expired). */
    isActive(sessionId: unknown): Promise<boolean> {
      if (typeof sessionId !== 'string' || !sessionId) return Promise.resolve(false);
      return sessions().isSessionActive(sessionId);
    },

    /** Logs one token out: its session is deleted. */
    async endSession(claims: StaffTokenClaims): Promise<void> {
      await sessions().revokeSessionById(String(claims.id), claims.sessionId);
    },

    revokeAllSessionsOf,

    /**
     * Runs a person's change of their own password so that the session it comes from stays: every
     * other session of theirs ends (by registerSessionRevocation, as for any password change).
     */
    keepingSession<T>(sessionId: string, change: () => Promise<T>): Promise<T> {
      return keptSession.run(sessionId, change);
    },

    /**
     * Ends all sessions of a user whose password changes, who is blocked or who is removed, however
     * it is done (the staff account routes, Strapi's console, users-permissions' own routes or
     * services): a token issued before then is no longer good, also after the block is lifted.
     */
    registerSessionRevocation(): void {
      const ends = (data: Record<string, unknown> | undefined) => data?.password !== undefined || data?.blocked === true;
      const idsWhere = async (where: unknown) =>
        ((await strapi.db.query(USER_UID).findMany({ where: where as never, select: ['id'] })) as { id: number }[]).map((row) => row.id);
      strapi.db.lifecycles.subscribe({
        models: [USER_UID],
        afterUpdate: async (event) => {
          const data = (event.params as { data?: Record<string, unknown> }).data;
          if (ends(data)) await revokeSessionsOfUsers([(event.result as { id?: unknown } | undefined)?.id]);
        },
        beforeUpdateMany: async (event) => {
          const params = event.params as { data?: Record<string, unknown>; where?: unknown };
          if (ends(params.data)) event.state.ids = await idsWhere(params.where);
        },
        afterUpdateMany: async (event) => {
          await revokeSessionsOfUsers((event.state.ids as unknown[] | undefined) ?? []);
        },
        afterDelete: async (event) => {
          await revokeSessionsOfUsers([(event.result as { id?: unknown } | undefined)?.id]);
        },
        beforeDeleteMany: async (event) => {
          event.state.ids = await idsWhere((event.params as { where?: unknown }).where);
        },
        afterDeleteMany: async (event) => {
          await revokeSessionsOfUsers((event.state.ids as unknown[] | undefined) ?? []);
        },
      });
    },
  };
};
