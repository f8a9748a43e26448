import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { publicUser } from '../../api/staff-session/controllers/staff-session';
import { serverMessages } from '../../contract/messages';

type Controller = Record<string, (ctx: Context) => unknown>;
type Plugin = { controllers: Record<string, Controller | ((deps: unknown) => Controller)> };

/**
 * GET /api/users/{id}: a signed-in staff member may read their own public fields only
 * (the stock action lets any holder of the permission read any user).
 */
export default (plugin: Plugin) => {
  const stock = plugin.controllers.user;
  plugin.controllers.user = (deps: unknown) => {
    const controller = typeof stock === 'function' ? stock(deps) : stock;
    return {
      ...controller,
      async findOne(ctx: Context) {
        const raw = String(ctx.params.id ?? '');
        if (!/^[1-9]\d{0,9}$/.test(raw)) throw new errors.ValidationError(serverMessages.invalidId);
        const current = ctx.state.user as { id: number } | undefined;
        if (!current) throw new errors.UnauthorizedError(serverMessages.unauthorized);
        if (current.id !== Number(raw)) throw new errors.ForbiddenError(serverMessages.forbidden);
        const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: current.id } });
        if (!user) throw new errors.NotFoundError(serverMessages.notFound);
        ctx.body = publicUser(user);
      },
    };
  };
  return plugin;
};
