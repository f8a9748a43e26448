import type { Context } from 'koa';
import { reply } from '../../../contract/errors';
import { writerOf } from '../../../contract/review';
import { childNamesProblem, parseChildNames } from '../../../contract/shared/child-names';

const UID = 'api::child-name-list.child-name-list';

const storedNames = async (): Promise<{ id: number; names: string[] } | null> => {
  const row = (await strapi.db.query(UID).findOne({ select: ['id', 'names'] })) as { id: number; names: unknown } | null;
  if (!row) return null;
  const names = typeof row.names === 'string' ? JSON.parse(row.names) : row.names;
  return { id: row.id, names: Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [] };
};

export default {
  /** GET /api/child-names -> {names} */
  async read(ctx: Context) {
    reply(ctx, 200, { names: (await storedNames())?.names ?? [] });
  },

  /** PUT /api/child-names {names: string[]} -> {names} as stored (trimmed, blanks and repeats left out). Managers. */
  async replace(ctx: Context) {
    const given = ((ctx.request.body ?? {}) as { names?: unknown }).names;
    const problem = childNamesProblem(given);
    if (problem) return reply(ctx, 400, { message: problem, errors: { names: [problem] } });
    const names = parseChildNames((given as string[]).join('\n'));
    const data = { names, editedByName: writerOf(ctx).name.slice(0, 200) };
    const stored = await storedNames();
    if (stored) await strapi.db.query(UID).update({ where: { id: stored.id }, data });
    else await strapi.db.query(UID).create({ data });
    reply(ctx, 200, { names });
  },
};
