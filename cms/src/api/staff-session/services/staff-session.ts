import jwt from 'jsonwebtoken';
import type { Core } from '@strapi/strapi';

const USER_UID = 'plugin::users-permissions.user';

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
   * Logs a user out everywhere: every session (every token) of theirs ends. Used when their
   * password changes (registerSessionRevocation) and by `POST /api/users/logout?everywhere=true`.
   */
  const revokeAllSessionsOf = async (userId: number): Promise<void> => {
    await sessions().invalidateRefreshToken(String(userId));
  };

  return {
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
     * Ends all sessions of a user whose password changes, however it is changed (Strapi's console,
     * users-permissions' own routes or services): a token issued before then is no longer good.
     */
    registerSessionRevocation(): void {
      strapi.db.lifecycles.subscribe({
        models: [USER_UID],
        afterUpdate: async (event) => {
          const data = (event.params as { data?: Record<string, unknown> }).data ?? {};
          const id = Number((event.result as { id?: unknown } | undefined)?.id);
          if (data.password !== undefined && Number.isInteger(id)) await revokeAllSessionsOf(id);
        },
      });
    },
  };
};
