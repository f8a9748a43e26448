import { passwordProblem } from '../contract/shared/account-rules';

/** The first staff login (users-permissions, the first Manager) from ADMIN_EMAIL/ADMIN_PASSWORD; the console super admin has its e-mail. */
export const DEMO_ADMIN_EMAIL = 'admin@example.org';
export const DEMO_ADMIN_PASSWORD = 'Namaste-2026';

const USER_UID = 'plugin::users-permissions.user';

export function adminCredentials() {
  const email = (process.env.ADMIN_EMAIL || DEMO_ADMIN_EMAIL).trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD;
  const usingDemoDefaults = email === DEMO_ADMIN_EMAIL || password === DEMO_ADMIN_PASSWORD;
  if (usingDemoDefaults && process.env.NODE_ENV === 'production' && process.env.ALLOW_DEMO_CREDENTIALS !== 'true') {
    throw new Error('Refusing to start in production with the demo ADMIN_EMAIL/ADMIN_PASSWORD. Set your own.');
  }
  if (password.length < 8 || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    throw new Error('ADMIN_PASSWORD must have at least 8 characters with a lower-case letter, an upper-case letter and a digit.');
  }
  return { email, password, usingDemoDefaults };
}

/**
 * The home always has an active Manager. On a new database, and on one from before staff accounts
 * (a single staff login, nobody a Manager yet), the ADMIN_EMAIL account becomes it: created with
 * ADMIN_PASSWORD when missing, else moved to the Manager role and unblocked, its password kept.
 * While an active Manager exists a boot changes no account: a removed ADMIN_EMAIL account is not
 * brought back, a demoted one stays Staff. With none (locked out through the console or the
 * database), the next boot repairs it the same way.
 */
export async function ensureActiveManager(managerRoleId: number) {
  const activeManagers = await strapi.db.query(USER_UID).count({ where: { role: { id: managerRoleId }, blocked: false } });
  if (activeManagers > 0) return;
  const { email, password } = adminCredentials();
  const existing = await strapi.db.query(USER_UID).findOne({ where: { email } });
  if (existing) {
    await strapi.db.query(USER_UID).update({ where: { id: existing.id }, data: { role: managerRoleId, blocked: false } });
    strapi.log.info(`[bootstrap] no active Manager: ${email} is one now`);
    return;
  }
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(`ADMIN_PASSWORD cannot be the first Manager's password: ${problem}`);
  await strapi.plugin('users-permissions').service('user').add({
    // Unique like the e-mail; people are shown by their display name, which they set themselves.
    username: email,
    email,
    password,
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: managerRoleId,
  });
  strapi.log.info(`[bootstrap] created staff login ${email} (Manager)`);
}

/**
 * The Strapi console's super admin: the first Manager's console user. It has no password of its own:
 * the console opens with the Manager's staff login (ADR 014).
 */
export async function ensureSuperAdmin() {
  const { email } = adminCredentials();
  const userService = strapi.service('admin::user');
  if (await userService.exists({ email })) return;
  const superAdminRole = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdminRole) return;
  await userService.create({
    email,
    firstname: 'Site',
    lastname: 'Administrator',
    isActive: true,
    registrationToken: null,
    roles: [superAdminRole.id],
  });
  strapi.log.info(`[bootstrap] created Strapi console super admin ${email}`);
}
