import type { Core } from '@strapi/strapi';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  isAdminLanguage,
  isStaffRole,
  nameProblem,
  passwordProblem,
  STAFF_ROLES,
  type StaffRole,
} from '../../../contract/shared/account-rules';
import { ContractError, refuseInvalid, type FieldErrors } from '../../../contract/errors';
import { EMAIL_PATTERN, fieldMessages } from '../../../contract/messages';
import { failureCounter, FailureCountersUnavailable } from '../../../failure-counters';
import type StaffSessions from '../../staff-session/services/staff-session';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
// The key of the PostgreSQL advisory lock that lets one account change run at a time.
const ACCOUNT_CHANGE_LOCK = 160_016;

export const accountMessages = {
  nothingToChange: 'Nothing to change: send role, blocked or both.',
  blockedNotBoolean: 'blocked must be true or false.',
  notAStaffAccount: 'There is no staff account with this id.',
  notYourself: {
    block: 'You cannot block your own account. Ask another manager.',
    demote: 'You cannot take away your own Manager role. Ask another manager.',
    remove: 'You cannot remove your own account. Ask another manager.',
    resetPassword: 'You cannot reset your own password here. Change it in My account.',
  },
  lastManager: 'This is the last active manager. Make someone else a manager first.',
  tooManyWrongPasswords: 'Too many wrong passwords. Please wait a few minutes and try again.',
  passwordChangeUnavailable: 'The password cannot be changed right now. Please try again in a few minutes.',
} as const;

/** A staff user as the database holds it (with its role populated). */
export interface StaffUserRow {
  id: number;
  email: string;
  password?: string | null;
  displayName?: string | null;
  blocked?: boolean | null;
  lastSignInAt?: string | Date | null;
  createdAt?: string | Date | null;
  role?: { id: number; type?: string } | null;
}

/** A staff account as managers see it: never the password hash or tokens. */
export interface AccountView {
  id: number;
  /** The display name; null until the person or a manager sets one. */
  name: string | null;
  email: string;
  role: StaffRole;
  blocked: boolean;
  lastSignInAt: string | null;
  createdAt: string | null;
}

const iso = (value: string | Date | null | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));

export const accountView = (user: StaffUserRow): AccountView => ({
  id: user.id,
  name: user.displayName || null,
  email: user.email,
  role: user.role?.type === 'manager' ? 'manager' : 'staff',
  blocked: Boolean(user.blocked),
  lastSignInAt: iso(user.lastSignInAt),
  createdAt: iso(user.createdAt),
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The e-mail of a new account: required, looks like one, not too long. Lower-cased, as logins are. */
function emailProblem(email: string): string | null {
  if (!email) return fieldMessages.emailRequired;
  if (email.length > ACCOUNT_LIMITS.emailMaxLength) return ACCOUNT_MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(email)) return fieldMessages.authorInvalid;
  return null;
}

const problems = (checks: Record<string, string | null>): FieldErrors =>
  Object.fromEntries(Object.entries(checks).flatMap(([field, problem]) => (problem ? [[field, [problem]]] : [])));

/**
 * Staff accounts: managers list, add, re-role, block and remove them; everyone keeps their own
 * name and password. Every change that could leave the home without an active manager runs alone
 * (a transaction; on PostgreSQL behind an advisory lock, so two CMS processes cannot both pass the
 * check) and is refused when it would.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER_UID);
  const staffSessions = () => strapi.service('api::staff-session.staff-session') as ReturnType<typeof StaffSessions>;
  const userService = () =>
    strapi.plugin('users-permissions').service('user') as {
      add(values: Record<string, unknown>): Promise<{ id: number }>;
      edit(id: number, values: Record<string, unknown>): Promise<unknown>;
      validatePassword(password: string, hash: string): Promise<boolean>;
    };
  const wrongPasswords = failureCounter('current-password', {
    maxFailures: strapi.config.get('login.maxFailures', 5) as number,
    windowMs: strapi.config.get('login.windowMs', 15 * 60_000) as number,
  });

  const exclusively = async <T>(change: () => Promise<T>): Promise<T> =>
    (await strapi.db.transaction(async ({ trx }) => {
      if ((strapi.db.dialect as { client?: string }).client === 'postgres') {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACCOUNT_CHANGE_LOCK]);
      }
      return change();
    })) as T;

  const roleId = async (type: StaffRole): Promise<number> => {
    const role = (await strapi.db.query(ROLE_UID).findOne({ where: { type }, select: ['id'] })) as { id: number } | null;
    if (!role) throw new Error(`The ${type} role is missing`);
    return role.id;
  };

  const findStaff = async (id: number): Promise<StaffUserRow> => {
    const user = (await users().findOne({ where: { id }, populate: ['role'] })) as StaffUserRow | null;
    if (!user || !isStaffRole(user.role?.type)) throw new ContractError(404, accountMessages.notAStaffAccount);
    return user;
  };

  const isActiveManager = (user: StaffUserRow) => user.role?.type === 'manager' && !user.blocked;

  /** Refuses a change that takes the last active manager away. */
  const keepAManager = async (target: StaffUserRow) => {
    if (!isActiveManager(target)) return;
    const others = await users().count({ where: { id: { $ne: target.id }, blocked: false, role: { type: 'manager' } } });
    if (others === 0) throw new ContractError(409, accountMessages.lastManager);
  };

  return {
    /** One page of staff accounts (Managers and Staff), by name then e-mail. */
    async list({ start, limit }: { start: number; limit: number }) {
      const where = { role: { type: { $in: [...STAFF_ROLES] } } };
      const [rows, count] = await Promise.all([
        users().findMany({
          where,
          populate: ['role'],
          orderBy: [{ displayName: 'asc' }, { email: 'asc' }, { id: 'asc' }],
          offset: start,
          limit,
        }) as Promise<StaffUserRow[]>,
        users().count({ where }),
      ]);
      return { count, results: rows.map(accountView) };
    },

    /** A new account with the first password a manager set (or had the web app make). */
    async create(input: Record<string, unknown>): Promise<AccountView> {
      const name = text(input.name);
      const email = text(input.email).toLowerCase();
      const role = input.role;
      const password = typeof input.password === 'string' ? input.password : '';
      refuseInvalid(
        problems({
          name: nameProblem(name),
          email: emailProblem(email),
          role: isStaffRole(role) ? null : ACCOUNT_MESSAGES.roleInvalid,
          password: passwordProblem(password, email),
        }),
      );
      const roleOfAccount = role as StaffRole;
      return exclusively(async () => {
        // The username is unique too: it is the e-mail (people are shown by their display name).
        const taken = await users().count({ where: { $or: [{ email }, { username: email }] } });
        if (taken > 0) throw new ContractError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
        const created = await userService().add({
          username: email,
          email,
          password,
          displayName: name,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: await roleId(roleOfAccount),
        });
        return accountView(await findStaff(created.id));
      });
    },

    /** Changes another person's role, or blocks or unblocks them (blocking ends their sessions). */
    async change(id: number, input: Record<string, unknown>, actor: { id: number }): Promise<AccountView> {
      const errors: FieldErrors = {};
      if (input.role !== undefined && !isStaffRole(input.role)) errors.role = [ACCOUNT_MESSAGES.roleInvalid];
      if (input.blocked !== undefined && typeof input.blocked !== 'boolean') errors.blocked = [accountMessages.blockedNotBoolean];
      refuseInvalid(errors);
      const role = input.role as StaffRole | undefined;
      const blocked = input.blocked as boolean | undefined;
      if (role === undefined && blocked === undefined) throw new ContractError(400, accountMessages.nothingToChange);
      return exclusively(async () => {
        const target = await findStaff(id);
        const demotes = role === 'staff' && target.role?.type === 'manager';
        if (target.id === actor.id) {
          if (blocked === true) throw new ContractError(403, accountMessages.notYourself.block);
          if (demotes) throw new ContractError(403, accountMessages.notYourself.demote);
        }
        if (demotes || blocked === true) await keepAManager(target);
        const data: Record<string, unknown> = {};
        if (role !== undefined) data.role = await roleId(role);
        if (blocked !== undefined) data.blocked = blocked;
        await users().update({ where: { id: target.id }, data });
        return accountView(await findStaff(target.id));
      });
    },

    /**
     * Gives another person a new first password (a manager passes it on in person). Every session
     * of theirs ends at once (registerSessionRevocation, as for any password change), so a stolen
     * token or cookie stops working; a pending reset link stops working too.
     */
    async resetPassword(id: number, input: Record<string, unknown>, actor: { id: number }): Promise<AccountView> {
      const target = await findStaff(id);
      if (target.id === actor.id) throw new ContractError(403, accountMessages.notYourself.resetPassword);
      const password = typeof input.password === 'string' ? input.password : '';
      refuseInvalid(problems({ password: passwordProblem(password, target.email) }));
      await userService().edit(target.id, { password, resetPasswordToken: null });
      return accountView(await findStaff(target.id));
    },

    /** Removes another person's account: they can no longer sign in, and their sessions end. */
    async remove(id: number, actor: { id: number }): Promise<void> {
      await exclusively(async () => {
        const target = await findStaff(id);
        if (target.id === actor.id) throw new ContractError(403, accountMessages.notYourself.remove);
        await keepAManager(target);
        await users().delete({ where: { id: target.id } });
      });
    },

    /** The signed-in person's new display name. */
    async rename(actor: { id: number }, input: Record<string, unknown>): Promise<StaffUserRow> {
      const name = text(input.name);
      refuseInvalid(problems({ name: nameProblem(name) }));
      await users().update({ where: { id: actor.id }, data: { displayName: name } });
      return findStaff(actor.id);
    },

    /** The language the signed-in person reads the admin in. */
    async setLanguage(actor: { id: number }, input: Record<string, unknown>): Promise<StaffUserRow> {
      const language = input.adminLanguage;
      if (!isAdminLanguage(language)) {
        throw new ContractError(400, ACCOUNT_MESSAGES.adminLanguageInvalid, { adminLanguage: [ACCOUNT_MESSAGES.adminLanguageInvalid] });
      }
      await users().update({ where: { id: actor.id }, data: { adminLanguage: language } });
      return findStaff(actor.id);
    },

    /**
     * The signed-in person's new password, given their current one. Every other session of theirs
     * ends at once; the one it comes from stays. Wrong current passwords are limited per account
     * like failed logins (429 past the limit).
     */
    async changePassword(actor: StaffUserRow, sessionId: string | undefined, input: Record<string, unknown>): Promise<void> {
      const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
      const password = typeof input.password === 'string' ? input.password : '';
      refuseInvalid(
        problems({
          currentPassword: current ? null : ACCOUNT_MESSAGES.currentPasswordRequired,
          password: passwordProblem(password, actor.email),
        }),
      );
      // Counted before it is checked; a right one is given back. Not counted, not checked: 503.
      const attempt = await wrongPasswords.attempt(String(actor.id)).catch((error) => {
        if (error instanceof FailureCountersUnavailable) throw new ContractError(503, accountMessages.passwordChangeUnavailable);
        throw error;
      });
      if (!attempt.allowed) throw new ContractError(429, accountMessages.tooManyWrongPasswords);
      const stored = (await users().findOne({ where: { id: actor.id }, select: ['password'] })) as { password?: string } | null;
      if (!stored?.password || !(await userService().validatePassword(current, stored.password))) {
        throw new ContractError(400, ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
      await attempt.giveBack();
      if (current === password) {
        throw new ContractError(400, ACCOUNT_MESSAGES.passwordUnchanged, { password: [ACCOUNT_MESSAGES.passwordUnchanged] });
      }
      const change = () => userService().edit(actor.id, { password });
      await (sessionId ? staffSessions().keepingSession(sessionId, change) : change());
    },
  };
};
