import type { Context } from 'koa';

const service = () =>
  strapi.service('api::demo-content.demo-content') as unknown as { count(): Promise<number>; remove(): Promise<number> };

/** Signed-in staff (the count) and Managers (the removal), by role permissions; errors in the contract's {message} shape. */
const handle = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  try {
    await action(ctx);
  } catch (error) {
    strapi.log.error(`[demo] ${(error as Error).stack ?? error}`);
    ctx.status = 500;
    ctx.body = { message: 'Something went wrong' };
  }
};

export default {
  /** GET /api/demo-content -> {count}: demo entries the site still shows. */
  status: handle(async (ctx) => {
    ctx.body = { count: await service().count() };
  }),

  /** DELETE /api/demo-content -> {removed}: deletes them (both languages, their files). */
  remove: handle(async (ctx) => {
    ctx.body = { removed: await service().remove() };
  }),
};
