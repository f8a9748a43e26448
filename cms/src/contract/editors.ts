import { contractDefinitions, type Entry } from './definitions';
import { PAGE_TYPES } from './shared/page-text-rules';

/**
 * Who changed an entry last, and when: recorded on every create and update of the contract's four
 * kinds, whatever the path (the REST contract, Strapi's REST, GraphQL, the Strapi console), by a
 * document middleware that asks the request who made it. Three private attributes that every
 * language version shares (i18n copies them to the others) and no public answer shows: `editedAt`,
 * `editedById` (the staff account; none for a console user or once the account is removed) and
 * `editedByName` (the name they go by, kept when the account is removed). The id is a plain
 * number, not a relation: i18n copies a relation to the other versions without it.
 */

const USER_UID = 'plugin::users-permissions.user';

/** The attributes that say who edited an entry last: bookkeeping, like Strapi's own updatedAt. */
export const EDITOR_ATTRIBUTES = ['editedAt', 'editedById', 'editedByName'] as const;
// The contract's kinds, and the single types Managers edit in the admin.
const EDITED_UIDS = new Set([...contractDefinitions.map((def) => def.uid), 'api::site-setting.site-setting', ...Object.values(PAGE_TYPES)]);
const WRITES = new Set(['create', 'update']);

interface StaffUser {
  id: number;
  email?: string | null;
  displayName?: string | null;
}

interface ConsoleUser {
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
}

/** How a member of staff is named to others: their display name, else their e-mail. */
export const staffName = (user: Omit<StaffUser, 'id'>): string => user.displayName?.trim() || user.email || '';

const consoleName = (user: ConsoleUser): string =>
  [user.firstname, user.lastname].filter(Boolean).join(' ').trim() || user.email || 'Strapi console';

interface Editor {
  staffId: number | null;
  name: string;
}

/** Whether the current request is a Strapi console user's (the content manager), not the contract's. */
export const fromConsole = (): boolean =>
  (strapi.requestContext.get()?.state as { auth?: { strategy?: { name?: string } } } | undefined)?.auth?.strategy?.name === 'admin';

/** The person behind the current request: a staff account, a Strapi console user, or nobody (seeds, API tokens). */
function currentEditor(): Editor | null {
  const state = strapi.requestContext.get()?.state as { auth?: { strategy?: { name?: string }; credentials?: unknown } } | undefined;
  const credentials = state?.auth?.credentials;
  if (!credentials || typeof credentials !== 'object') return null;
  switch (state?.auth?.strategy?.name) {
    case 'users-permissions': {
      const user = credentials as StaffUser;
      return { staffId: user.id, name: staffName(user) };
    }
    case 'admin':
      return { staffId: null, name: consoleName(credentials as ConsoleUser) };
    default:
      return null;
  }
}

export function recordEditors() {
  strapi.documents.use(async (context, next) => {
    if (WRITES.has(context.action) && EDITED_UIDS.has(context.uid)) {
      const editor = currentEditor();
      if (editor) {
        const params = context.params as { data?: Record<string, unknown> };
        params.data = { ...params.data, editedAt: new Date(), editedById: editor.staffId, editedByName: editor.name };
      }
    }
    return next();
  });
}

type LifecycleEvent = { params: { data?: Record<string, unknown>; where?: unknown }; result?: unknown; state: Record<string, unknown> };

/**
 * Keeps what the entries say about their editors true when an account changes, however it is
 * changed (the staff account routes, the Strapi console): a new name (or e-mail, for someone with
 * no name) is written to the entries they edited last; a removed account's entries keep the name
 * and lose the id.
 */
export function followEditorAccounts() {
  const uids = [...EDITED_UIDS];
  const renames = (data?: Record<string, unknown>) => data?.displayName !== undefined || data?.email !== undefined;
  const idsWhere = async (where: unknown) =>
    ((await strapi.db.query(USER_UID).findMany({ where: where as never, select: ['id'] })) as { id: number }[]).map((row) => row.id);

  const rename = async (ids: number[]) => {
    if (ids.length === 0) return;
    const users = (await strapi.db
      .query(USER_UID)
      .findMany({ where: { id: { $in: ids } }, select: ['id', 'displayName', 'email'] })) as StaffUser[];
    for (const user of users) {
      for (const uid of uids) {
        await strapi.db.query(uid as never).updateMany({ where: { editedById: user.id }, data: { editedByName: staffName(user) } });
      }
    }
  };
  const forget = async (ids: number[]) => {
    if (ids.length === 0) return;
    for (const uid of uids)
      await strapi.db.query(uid as never).updateMany({ where: { editedById: { $in: ids } }, data: { editedById: null } });
  };
  const idOf = (event: LifecycleEvent) => {
    const id = Number((event.result as { id?: unknown } | undefined)?.id);
    return Number.isInteger(id) ? [id] : [];
  };

  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    afterUpdate: async (event) => {
      if (renames((event as LifecycleEvent).params.data)) await rename(idOf(event as LifecycleEvent));
    },
    beforeUpdateMany: async (event) => {
      const { params, state } = event as LifecycleEvent;
      if (renames(params.data)) state.editorIds = await idsWhere(params.where);
    },
    afterUpdateMany: async (event) => {
      await rename(((event as LifecycleEvent).state.editorIds as number[] | undefined) ?? []);
    },
    afterDelete: async (event) => {
      await forget(idOf(event as LifecycleEvent));
    },
    beforeDeleteMany: async (event) => {
      const { params, state } = event as LifecycleEvent;
      state.editorIds = await idsWhere(params.where);
    },
    afterDeleteMany: async (event) => {
      await forget(((event as LifecycleEvent).state.editorIds as number[] | undefined) ?? []);
    },
  });
}

/** The contract's `updated_by` ({id, name}: id null for a console user or a removed account) and `updated_at`. */
export function lastEdit(entry: Entry) {
  const id = Number(entry.editedById);
  const name = typeof entry.editedByName === 'string' ? entry.editedByName : '';
  const when = entry.editedAt ?? entry.updatedAt ?? null;
  return {
    updated_by: name ? { id: Number.isInteger(id) && id > 0 ? id : null, name } : null,
    updated_at: when instanceof Date ? when.toISOString() : ((when as string | null) ?? null),
  };
}
