import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { ContractError, reply, replyWithError } from '../../../contract/errors';
import type { staffSettings } from '../services/site-setting';

const settings = () => strapi.service('api::site-setting.site-setting') as typeof staffSettings;

/** Expected failures become {message, errors}; anything else a 500 with a plain message. */
const answer = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  try {
    await action(ctx);
  } catch (error) {
    if (error instanceof ContractError) return replyWithError(ctx, error);
    strapi.log.error(`[settings] ${(error as Error).stack ?? error}`);
    reply(ctx, 500, { message: 'Something went wrong' });
  }
};

export default factories.createCoreController('api::site-setting.site-setting', () => ({
  /** GET /api/settings -> {en: {...}, ne: {...} | null, updated_by, updated_at, versions: {en, ne}} */
  contractFind: answer(async (ctx) => {
    reply(ctx, 200, await settings().readForStaff());
  }),

  /** PUT /api/settings?locale=en|ne {name, phone, ...} (If-Match: that form's version) -> the settings as GET answers them; 409 when stale */
  contractUpdate: answer(async (ctx) => {
    reply(ctx, 200, await settings().writeForStaff(ctx));
  }),
}));
