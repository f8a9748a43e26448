/** The children's full names the home keeps (one row, staff-only): read and replaced here. */
const UID = 'api::child-name-list.child-name-list';

export async function storedChildNames(): Promise<{ id: number; names: string[] } | null> {
  const row = (await strapi.db.query(UID).findOne({ select: ['id', 'names'] })) as { id: number; names: unknown } | null;
  if (!row) return null;
  const names = typeof row.names === 'string' ? JSON.parse(row.names) : row.names;
  return { id: row.id, names: Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [] };
}

/** Replaces the list (already checked and tidied with the shared rules); `editedBy` names who did it. */
export async function storeChildNames(names: string[], editedBy: string | null) {
  const data = { names, editedByName: editedBy?.slice(0, 200) ?? null };
  const stored = await storedChildNames();
  if (stored) await strapi.db.query(UID).update({ where: { id: stored.id }, data });
  else await strapi.db.query(UID).create({ data });
}
