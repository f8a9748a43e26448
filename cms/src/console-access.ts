import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import type StaffSessions from './api/staff-session/services/staff-session';
import type { StaffUserRow } from './api/staff-account/services/staff-account';

/**
 * One door per person (ADR 014): the Strapi console opens with the staff login of an active
 * Manager, never with a password of its own, and its sessions follow the staff account. A console
 * user is matched to a staff account by e-mail.
 */

const USER_UID = 'plugin::users-permissions.user';
const CONSOLE_USER_UID = 'admin::user';
const SUPER_ADMIN = 'strapi-super-admin';
const EDITOR = 'strapi-editor';

export const consoleMessages = {
  // One answer for every refused sign-in: it tells nobody whether an e-mail has an account.
  signInRefused: 'Invalid email or password. The console opens only with the staff login of a manager of the home.',
  noPasswordReset:
    'The console has no password reset: sign in with your staff login. Change your password under My account in the staff admin, or ask a manager of the home.',
  noInvitations: 'Invitations to the console are not used: it opens only with the staff login of a manager of the home.',
  passwordInStaffAdmin: 'The console uses your staff login: change your password under My account in the staff admin.',
  emailIsStaffLogin: 'The console uses your staff login: its e-mail address cannot be changed here.',
} as const;

interface ConsoleUser {
  id: number;
  email: string;
  isActive?: boolean | null;
  roles?: { id: number; code: string }[];
}

type Credentials = [error: null, user: ConsoleUser | false, info?: { message: string }];
type AuthService = { checkCredentials(input: { email: string; password: string }): Promise<Credentials> } & Record<string, unknown>;
type Controller = Record<string, (ctx: Context) => unknown>;
type Registry<T> = { extend(uid: string, wrap: (current: T) => T): unknown };
type AdminUserService = {
  create(attributes: Record<string, unknown>): Promise<ConsoleUser>;
  updateById(id: number, attributes: Record<string, unknown>): Promise<ConsoleUser>;
};
type LifecycleEvent = { params: { data?: Record<string, unknown>; where?: unknown }; result?: unknown; state: Record<string, unknown> };

const staffSessions = () => strapi.service('api::staff-session.staff-session') as ReturnType<typeof StaffSessions>;
const consoleUsers = () => strapi.db.query(CONSOLE_USER_UID);
const adminUserService = () => strapi.service('admin::user') as unknown as AdminUserService;
const consoleRole = async (code: string) =>
  (await strapi.db.query('admin::role').findOne({ where: { code }, select: ['id'] })) as { id: number } | null;

const isActiveManager = (staff: Pick<StaffUserRow, 'blocked' | 'role'> | null | undefined) =>
  Boolean(staff && staff.role?.type === 'manager' && staff.blocked !== true);

const activeManagerWith = async (email: string) =>
  ((await strapi.db.query(USER_UID).findMany({ where: { email }, populate: ['role'] })) as StaffUserRow[]).some(isActiveManager);

/** Ends every console session of a console user (access and refresh tokens alike). */
const endConsoleSessions = (consoleUserId: number) => strapi.sessionManager('admin').invalidateRefreshToken(String(consoleUserId));

/**
 * While no active console user is a super admin (the last one left the home), the next Manager
 * to sign in becomes one: the console always has someone who can manage its roles and settings.
 */
async function keepASuperAdmin(user: ConsoleUser) {
  const superAdmin = await consoleRole(SUPER_ADMIN);
  if (!superAdmin) return;
  const active = await consoleUsers().count({ where: { isActive: true, roles: { id: superAdmin.id } } });
  if (active > 0) return;
  const roles = (user.roles ?? []).map((role) => role.id);
  await adminUserService().updateById(user.id, { roles: [...roles, superAdmin.id] });
  strapi.log.info(`[console] no active super admin: ${user.email} is one now`);
}

/** The console user of a Manager who signed in: made on their first sign-in (an Editor), active again if it was not. */
async function consoleUserOf(staff: StaffUserRow): Promise<ConsoleUser> {
  const find = () => consoleUsers().findOne({ where: { email: staff.email }, populate: ['roles'] }) as Promise<ConsoleUser | null>;
  let user = await find();
  if (!user) {
    const editor = await consoleRole(EDITOR);
    try {
      await adminUserService().create({
        email: staff.email,
        firstname: staff.displayName || staff.email.split('@')[0],
        isActive: true,
        registrationToken: null,
        roles: editor ? [editor.id] : [],
      });
    } catch (error) {
      // Two first sign-ins at once: the other one made it.
      if (!(await find())) throw error;
    }
    user = (await find())!;
  } else if (user.isActive !== true) {
    await consoleUsers().update({ where: { id: user.id }, data: { isActive: true } });
  }
  await keepASuperAdmin(user);
  return (await consoleUsers().findOne({ where: { id: user.id } })) as ConsoleUser;
}

/**
 * Replaces the console's own sign-in (`admin::auth` checkCredentials, which passport's local
 * strategy calls for `POST /admin/login`) and its profile's password and e-mail change. Runs in
 * register(), before the admin routes take their controllers.
 */
export function registerConsoleSignIn() {
  (strapi.get('services') as Registry<AuthService>).extend('admin::auth', (auth) => ({
    ...auth,
    async checkCredentials({ email, password }) {
      const staff = await staffSessions().staffWithPassword(
        String(email ?? '')
          .trim()
          .toLowerCase(),
        String(password ?? ''),
      );
      if (!staff || !isActiveManager(staff)) return [null, false, { message: consoleMessages.signInRefused }];
      return [null, await consoleUserOf(staff)];
    },
  }));

  (strapi.get('controllers') as Registry<Controller>).extend('admin::authenticated-user', (controller) => ({
    ...controller,
    async updateMe(ctx: Context) {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (body.password !== undefined || body.currentPassword !== undefined) {
        throw new errors.ValidationError(consoleMessages.passwordInStaffAdmin);
      }
      const current = (ctx.state.user as ConsoleUser | undefined)?.email;
      if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== current) {
        throw new errors.ValidationError(consoleMessages.emailIsStaffLogin);
      }
      return controller.updateMe(ctx);
    },
  }));
}

/**
 * Brings the console users of these e-mails in line with their staff accounts: without an active
 * Manager account behind it a console user is made inactive and its sessions end; with one, its
 * sessions end when `endSessions` (a new password).
 */
async function followConsoleUsers(emails: unknown[], { endSessions }: { endSessions: boolean }) {
  const distinct = new Set(emails.filter((email): email is string => typeof email === 'string').map((email) => email.toLowerCase()));
  for (const email of distinct) {
    const user = (await consoleUsers().findOne({ where: { email }, select: ['id', 'isActive'] })) as ConsoleUser | null;
    if (!user) continue;
    const manager = await activeManagerWith(email);
    // Directly, not through admin::user's service, which keeps the last super admin active.
    if (!manager && user.isActive) await consoleUsers().update({ where: { id: user.id }, data: { isActive: false } });
    if (!manager || endSessions) await endConsoleSessions(user.id);
  }
}

const emailsWhere = async (uid: string, where: unknown) =>
  ((await strapi.db.query(uid as never).findMany({ where: where as never, select: ['email'] })) as { email: string }[]).map(
    (row) => row.email,
  );

/**
 * Database lifecycles, so whatever changes an account (the staff account routes, My account, the
 * console's content manager, users-permissions' services) changes the console at once:
 * - a staff account blocked, removed, no longer a Manager, or given another e-mail: the console
 *   user of its e-mail becomes inactive and its sessions end (a new sign-in makes it active again
 *   while its person is an active Manager);
 * - a new password: every console session of that person ends.
 * - a console user given another e-mail (in the console's Users): its sessions end, as they were
 *   opened with the staff login of the old one; inactive unless the new one is an active Manager's.
 */
export function followStaffAccountsInConsole() {
  const follows = (data?: Record<string, unknown>) =>
    data !== undefined && ['password', 'blocked', 'role', 'email'].some((field) => data[field] !== undefined);

  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    beforeUpdate: async (event) => {
      const { params, state } = event as LifecycleEvent;
      if (follows(params.data)) state.consoleEmails = await emailsWhere(USER_UID, params.where);
    },
    afterUpdate: async (event) => {
      const { params, state, result } = event as LifecycleEvent;
      const emails = [...((state.consoleEmails as string[] | undefined) ?? []), (result as { email?: string } | undefined)?.email];
      if (follows(params.data)) await followConsoleUsers(emails, { endSessions: params.data?.password !== undefined });
    },
    beforeUpdateMany: async (event) => {
      const { params, state } = event as LifecycleEvent;
      if (follows(params.data)) state.consoleEmails = await emailsWhere(USER_UID, params.where);
    },
    afterUpdateMany: async (event) => {
      const { params, state } = event as LifecycleEvent;
      const emails = (state.consoleEmails as string[] | undefined) ?? [];
      // An e-mail changed for many at once: follow the new ones too.
      const now = params.data?.email !== undefined ? [params.data.email] : [];
      await followConsoleUsers([...emails, ...now], { endSessions: params.data?.password !== undefined });
    },
    beforeDelete: async (event) => {
      const { params, state } = event as LifecycleEvent;
      state.consoleEmails = await emailsWhere(USER_UID, params.where);
    },
    afterDelete: async (event) => {
      await followConsoleUsers(((event as LifecycleEvent).state.consoleEmails as string[] | undefined) ?? [], { endSessions: true });
    },
    beforeDeleteMany: async (event) => {
      const { params, state } = event as LifecycleEvent;
      state.consoleEmails = await emailsWhere(USER_UID, params.where);
    },
    afterDeleteMany: async (event) => {
      await followConsoleUsers(((event as LifecycleEvent).state.consoleEmails as string[] | undefined) ?? [], { endSessions: true });
    },
  });

  strapi.db.lifecycles.subscribe({
    models: [CONSOLE_USER_UID],
    beforeUpdate: async (event) => {
      const { params, state } = event as LifecycleEvent;
      if (params.data?.email !== undefined) state.previousEmails = await emailsWhere(CONSOLE_USER_UID, params.where);
    },
    afterUpdate: async (event) => {
      const { state, result } = event as LifecycleEvent;
      const previous = (state.previousEmails as string[] | undefined) ?? [];
      const email = (result as { email?: string } | undefined)?.email;
      if (email && previous.length > 0 && !previous.includes(email)) await followConsoleUsers([email], { endSessions: true });
    },
  });
}
