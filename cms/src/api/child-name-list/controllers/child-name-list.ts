import type { Context } from 'koa';
import { storeChildNames, storedChildNames } from '../../../consent/child-names';
import { reply } from '../../../contract/errors';
import { writerOf } from '../../../contract/review';
import { childNamesProblem, parseChildNames } from '../../../contract/shared/child-names';

export default {
  /** GET /api/child-names -> {names} */
  async read(ctx: Context) {
    reply(ctx, 200, { names: (await storedChildNames())?.names ?? [] });
  },

  /** PUT /api/child-names {names: string[]} -> {names} as stored (trimmed, blanks and repeats left out). Managers. */
  async replace(ctx: Context) {
    const given = ((ctx.request.body ?? {}) as { names?: unknown }).names;
    const problem = childNamesProblem(given);
    if (problem) return reply(ctx, 400, { message: problem, errors: { names: [problem] } });
    const names = parseChildNames((given as string[]).join('\n'));
    await storeChildNames(names, writerOf(ctx).name);
    reply(ctx, 200, { names });
  },
};
