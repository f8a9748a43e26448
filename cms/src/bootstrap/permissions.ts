import type { StaffRole } from '../contract/shared/account-rules';

/**
 * Roles and permissions are code, applied on every boot (never set by clicking): Public reads;
 * Staff also create, update and delete content and keep their own account; Managers do all that
 * and manage staff accounts; Authenticated holds nothing. A role's `type` is the contract's role
 * name (`manager`, `staff`).
 * Staff and Managers write content only through the contract (`/api/blog`, ...), which checks
 * every field and file and owns the files it stores. Strapi's own writes (`POST /api/blogs`,
 * GraphQL `createBlog`, `POST /api/upload`) stay closed to them: those take any media-library
 * file id, so a post could claim another entry's photo and take it along when it is deleted.
 */
export const MANAGER_ROLE_TYPE: StaffRole = 'manager';
export const STAFF_ROLE_TYPE: StaffRole = 'staff';

// What Staff write; the ways to give are read by everyone and written by Managers only.
const COLLECTIONS = ['team-member', 'image-gallery', 'video-gallery', 'blog'];
const MANAGER_COLLECTIONS = ['donation-method'];
const SINGLES = ['site-setting', 'home', 'objective-page', 'organization-page'];

const api = (name: string, action: string) => `api::${name}.${name}.${action}`;

export const publicActions = [
  ...[...COLLECTIONS, ...MANAGER_COLLECTIONS].flatMap((name) => [api(name, 'find'), api(name, 'findOne')]),
  ...SINGLES.map((name) => api(name, 'find')),
  // The list of languages (GET /api/i18n/locales, GraphQL i18NLocales).
  'plugin::i18n.locales.listLocales',
  // Strapi's own login (POST /api/auth/local); rate-limited like /api/users/login.
  'plugin::users-permissions.auth.callback',
];

// Staff write posts and submit them; only a Manager publishes (contract/review.ts).
export const staffActions = [
  ...publicActions,
  ...COLLECTIONS.flatMap((name) => ['contractCreate', 'contractUpdate', 'contractDelete'].map((action) => api(name, action))),
  'plugin::users-permissions.user.findOne',
  // A photo for a post's text, stored ahead of the post's save.
  'api::blog.blog.storePhoto',
  // How much demo content the site still shows (its removal is for Managers).
  'api::demo-content.demo-content.status',
  // Their own account: display name, password and admin language.
  'api::staff-account.staff-account.updateMe',
  'api::staff-account.staff-account.setMyLanguage',
  'api::staff-account.staff-account.changeMyPassword',
  // Whether a photo shows children and the consent on record for it.
  ...['findMany', 'dueForReview', 'findOneByName', 'record'].map((action) => `api::photo-consent.photo-consent.${action}`),
  // The children's full names, for the admin's warning before a save.
  'api::child-name-list.child-name-list.read',
];

export const managerActions = [
  ...staffActions,
  // Removing the demo content changes the whole site at once: a Manager's decision.
  'api::demo-content.demo-content.remove',
  ...['find', 'create', 'update', 'delete', 'resetPassword'].map((action) => `api::staff-account.staff-account.${action}`),
  // The home's own details (contact, figures, About text) and the ways to give are on every page: a
  // Manager's to change.
  ...MANAGER_COLLECTIONS.flatMap((name) => ['contractCreate', 'contractUpdate', 'contractDelete'].map((action) => api(name, action))),
  api('site-setting', 'contractFind'),
  api('site-setting', 'contractUpdate'),
  // The texts of the home, objectives and organization pages, hero slides included.
  api('page-text', 'find'),
  api('page-text', 'update'),
  api('page-text', 'updateSlidePhoto'),
  api('page-text', 'updateList'),
  // Who submitted, approved, published and unpublished a post, and when.
  'api::publication-event.publication-event.forEntry',
  // Taking a photo off the website everywhere when its consent is withdrawn.
  'api::photo-consent.photo-consent.withdraw',
  'api::child-name-list.child-name-list.replace',
];

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

async function ensureRole(type: string, name: string, description: string) {
  const existing = await strapi.db.query(ROLE_UID).findOne({ where: { type } });
  if (existing) return existing as { id: number };
  return (await strapi.db.query(ROLE_UID).create({ data: { type, name, description } })) as { id: number };
}

/** Makes a role hold exactly the given actions: missing ones are granted, any others revoked. */
async function syncRolePermissions(roleId: number, actions: string[]) {
  const wanted = new Set(actions);
  const current = (await strapi.db.query(PERMISSION_UID).findMany({ where: { role: roleId } })) as { id: number; action: string }[];
  const stale = current.filter((permission) => !wanted.has(permission.action));
  if (stale.length > 0) {
    await strapi.db.query(PERMISSION_UID).deleteMany({ where: { id: { $in: stale.map((permission) => permission.id) } } });
  }
  const held = new Set(current.map((permission) => permission.action));
  for (const action of wanted) {
    if (!held.has(action)) await strapi.db.query(PERMISSION_UID).create({ data: { action, role: roleId } });
  }
}

export async function applyPermissions() {
  const publicRole = await ensureRole('public', 'Public', 'Visitors without a login: read only.');
  const authenticatedRole = await ensureRole('authenticated', 'Authenticated', 'Unused: holds no permissions.');
  const managerRole = await ensureRole(MANAGER_ROLE_TYPE, 'Manager', 'Managers of the home: the content, and staff accounts.');
  const staffRole = await ensureRole(STAFF_ROLE_TYPE, 'Staff', 'Staff of the home: manage team, gallery and blog.');

  await syncRolePermissions(publicRole.id, publicActions);
  await syncRolePermissions(authenticatedRole.id, []);
  await syncRolePermissions(staffRole.id, staffActions);
  await syncRolePermissions(managerRole.id, managerActions);

  // Self-registration is closed: the setting lives in the database, so it is enforced at every boot.
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  await store.set({
    key: 'advanced',
    value: { ...advanced, allow_register: false, email_confirmation: false, unique_email: true, default_role: 'authenticated' },
  });

  return { managerRoleId: managerRole.id, staffRoleId: staffRole.id };
}
