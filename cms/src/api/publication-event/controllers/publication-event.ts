import type { Context } from 'koa';
import { parseId } from '../../../contract/actions';
import { contractDefinitions } from '../../../contract/definitions';
import { ContractError, reply, replyWithError } from '../../../contract/errors';
import { serverMessages } from '../../../contract/messages';
import { eventsOf } from '../../../contract/review';

/** The kinds whose status changes are recorded: those with drafts (blog posts). */
const RECORDED_KINDS = new Set(contractDefinitions.filter((def) => def.drafts).map((def) => def.path));

export default {
  /**
   * GET /api/audit/:kind/:id -> {results: [{action, by, at}]}, newest first: who submitted,
   * approved, published and unpublished the entry, and when. Managers only (role permissions).
   */
  async forEntry(ctx: Context) {
    const kind = String(ctx.params.kind ?? '');
    if (!RECORDED_KINDS.has(kind)) return reply(ctx, 404, { message: serverMessages.notFound });
    try {
      reply(ctx, 200, { results: await eventsOf(kind, parseId(ctx.params.id)) });
    } catch (error) {
      if (error instanceof ContractError) return replyWithError(ctx, error);
      strapi.log.error(`[audit] ${(error as Error).stack ?? error}`);
      reply(ctx, 500, { message: 'Something went wrong' });
    }
  },
};
