import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { consoleMessages } from '../console-access';
import { matchedRoutes } from '../routing';

// The console's own account routes (declared paths), which would make a console password or a
// console user that no staff account stands behind: a reset token by e-mail, and an invitation taken up.
const CLOSED_ROUTES = new Map<string, string>([
  ['/admin/forgot-password', consoleMessages.noPasswordReset],
  ['/admin/reset-password', consoleMessages.noPasswordReset],
  ['/admin/register', consoleMessages.noInvitations],
]);

/**
 * Answers the console's password reset and invitation routes with 403 before anything runs: no
 * body read, no token written, no e-mail sent, and the same answer whatever the e-mail. The
 * console opens with a Manager's staff login only (ADR 014). Decided by the router's match, so
 * `/ADMIN/Forgot-Password/` is closed too.
 */
export default () => async (ctx: Context, next: Next) => {
  if (ctx.method !== 'POST') return next();
  const message = matchedRoutes(ctx)
    .map((route) => CLOSED_ROUTES.get(route))
    .find(Boolean);
  if (message) throw new errors.ForbiddenError(message);
  return next();
};
