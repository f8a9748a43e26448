import { timingSafeEqual } from 'crypto';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { serverMessages } from '../contract/messages';
import { failureCounter, FailureCountersUnavailable, type Attempt } from '../failure-counters';
import { matchedRoutes } from '../routing';

// The login routes, as declared: whatever casing or trailing slash a request uses, the router's match says.
// The Strapi console's takes the same staff logins (ADR 014); Strapi's own limit on it counts per e-mail.
const CONSOLE_LOGIN_ROUTE = '/admin/login';
const LOGIN_ROUTES = new Set(['/api/users/login', '/api/auth/local', CONSOLE_LOGIN_ROUTE]);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The client a failed login is counted against. The web app logs staff in from its own address,
 * so it passes the visitor's address in x-client-ip, trusted only with the shared WEB_PROXY_SECRET;
 * anyone else's x-client-ip or X-Forwarded-For is ignored (unless TRUST_PROXY puts koa in proxy mode).
 */
export function clientKey(ctx: Context): string {
  const secret = process.env.WEB_PROXY_SECRET;
  const claimed = ctx.get('x-client-ip');
  if (secret && claimed && sameSecret(ctx.get('x-web-proxy-secret'), secret)) return `web:${claimed.slice(0, 64)}`;
  return ctx.ip;
}

/**
 * Counts failed logins (the site's and the Strapi console's) per client address (ctx.ip: the socket address unless TRUST_PROXY is set)
 * and answers 429 once a client has failed too often in the window. Keyed by address only, so
 * changing the e-mail on every try does not help. The counts are shared by every CMS process and
 * kept across restarts (src/failure-counters: the database, or Redis with REDIS_URL); while their
 * store does not answer, logins are refused with 503 rather than let through uncounted.
 */
export default (config: { maxFailures?: number; windowMs?: number } = {}) => {
  const failures = failureCounter('login', {
    maxFailures: config.maxFailures ?? (strapi.config.get('login.maxFailures', 5) as number),
    windowMs: config.windowMs ?? (strapi.config.get('login.windowMs', 15 * 60_000) as number),
  });

  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'POST') return next();
    const routes = matchedRoutes(ctx);
    if (!routes.some((route) => LOGIN_ROUTES.has(route))) return next();
    // The console shows the message of Strapi's error shape ({data, error}).
    const atConsole = routes.includes(CONSOLE_LOGIN_ROUTE);

    // The attempt counts before it runs; a login that did not fail gives it back.
    let attempt: Attempt;
    try {
      attempt = await failures.attempt(clientKey(ctx));
    } catch (error) {
      if (!(error instanceof FailureCountersUnavailable)) throw error;
      ctx.status = 503;
      ctx.body = atConsole
        ? { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: serverMessages.loginUnavailable, details: {} } }
        : { message: serverMessages.loginUnavailable };
      return;
    }
    if (!attempt.allowed) {
      ctx.set('Retry-After', String(attempt.retryAfter));
      if (atConsole) throw new errors.RateLimitError(serverMessages.tooManyLogins);
      ctx.status = 429;
      ctx.body = { message: serverMessages.tooManyLogins };
      return;
    }

    let failed = true;
    try {
      await next();
      failed = ctx.status >= 400 && ctx.status < 500;
    } finally {
      if (!failed) await attempt.giveBack();
    }
  };
};
