import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { ownAccount } from '../../api/staff-session/controllers/staff-session';
import type StaffSessions from '../../api/staff-session/services/staff-session';
import { ACCOUNT_LIMITS, ADMIN_LANGUAGES } from '../../contract/shared/account-rules';
import { serverMessages } from '../../contract/messages';

type StaffSessionService = ReturnType<typeof StaffSessions>;

type Controller = Record<string, (ctx: Context) => unknown>;
type JwtService = { verify(token: string): Promise<Record<string, unknown>> } & Record<string, unknown>;
type Schema = { attributes: Record<string, unknown> } & Record<string, unknown>;
type Plugin = {
  contentTypes: Record<string, { schema: Schema }>;
  controllers: Record<string, Controller | ((deps: unknown) => Controller)>;
  services: Record<string, (deps: { strapi: Core.Strapi }) => unknown>;
};

const staffSessions = () => strapi.service('api::staff-session.staff-session') as StaffSessionService;

export default (plugin: Plugin) => {
  // Staff accounts: the name people are shown by (set by a manager, changed by the person), when
  // they last signed in (shown to managers) and the language of their admin screens (chosen by the
  // person; kept here so it follows them to every device).
  const user = plugin.contentTypes.user.schema;
  plugin.contentTypes.user.schema = {
    ...user,
    attributes: {
      ...user.attributes,
      displayName: { type: 'string', maxLength: ACCOUNT_LIMITS.nameMaxLength, configurable: false },
      lastSignInAt: { type: 'datetime', configurable: false },
      adminLanguage: { type: 'enumeration', enum: [...ADMIN_LANGUAGES], default: 'en', configurable: false },
    },
  };

  // Every token must belong to a session that still exists: a logged-out token is refused on
  // every route that checks one (REST, GraphQL, /api/users/{id}, the write guard), at once and in
  // every process. The stock verify checks the signature, expiry, token type and user.
  const stockJwt = plugin.services.jwt;
  plugin.services.jwt = (deps) => {
    const service = stockJwt(deps) as JwtService;
    return {
      ...service,
      async verify(token: string) {
        const claims = await service.verify(token);
        if (!(await staffSessions().isActive(claims.sessionId))) throw new Error('Invalid token.');
        return claims;
      },
    };
  };

  // GET /api/users/{id}: a signed-in staff member may read their own public fields only
  // (the stock action lets any holder of the permission read any user).
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
        const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: current.id }, populate: ['role'] });
        if (!user) throw new errors.NotFoundError(serverMessages.notFound);
        ctx.body = ownAccount(user);
      },
    };
  };
  return plugin;
};
