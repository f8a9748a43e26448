/** The first staff login (users-permissions) and the Strapi console super admin, from ADMIN_EMAIL/ADMIN_PASSWORD. */
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

/** Creates the staff user once; an existing user keeps its password (seeding twice changes nothing). */
export async function ensureStaffUser(staffRoleId: number) {
  const { email, password } = adminCredentials();
  const existing = await strapi.db.query(USER_UID).findOne({ where: { email }, populate: ['role'] });
  if (existing) {
    if (existing.role?.id !== staffRoleId) {
      await strapi.db.query(USER_UID).update({ where: { id: existing.id }, data: { role: staffRoleId } });
    }
    return;
  }
  await strapi.plugin('users-permissions').service('user').add({
    username: email.split('@')[0],
    email,
    password,
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: staffRoleId,
  });
  strapi.log.info(`[bootstrap] created staff login ${email}`);
}

export async function ensureSuperAdmin() {
  const { email, password } = adminCredentials();
  const userService = strapi.service('admin::user');
  if (await userService.exists({ email })) return;
  const superAdminRole = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdminRole) return;
  await userService.create({
    email,
    firstname: 'Site',
    lastname: 'Administrator',
    password,
    isActive: true,
    registrationToken: null,
    roles: [superAdminRole.id],
  });
  strapi.log.info(`[bootstrap] created Strapi console super admin ${email}`);
}
