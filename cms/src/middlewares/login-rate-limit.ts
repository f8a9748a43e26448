import type { Context, Next } from 'koa';
import { serverMessages } from '../contract/messages';

const LOGIN_PATHS = new Set(['/api/users/login', '/api/auth/local']);

interface Bucket {
  failures: number;
  resetAt: number;
}

/**
 * Counts failed logins per client address (ctx.ip: the socket address unless TRUST_PROXY is set)
 * and answers 429 once a client has failed too often in the window. Keyed by address only, so
 * changing the e-mail on every try does not help. In-memory: one process; see docs/security.md
 * for what moves to Redis when the CMS runs on several machines.
 */
export default (config: { maxFailures?: number; windowMs?: number } = {}) => {
  const maxFailures = config.maxFailures ?? Number(process.env.LOGIN_MAX_FAILURES ?? 5);
  const windowMs = config.windowMs ?? Number(process.env.LOGIN_WINDOW_MS ?? 15 * 60_000);
  const buckets = new Map<string, Bucket>();

  const prune = (now: number) => {
    if (buckets.size < 10_000) return;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
  };

  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'POST' || !LOGIN_PATHS.has(ctx.path.replace(/\/+$/, ''))) return next();

    const now = Date.now();
    const key = ctx.ip;
    let bucket = buckets.get(key);
    if (bucket && bucket.resetAt <= now) {
      buckets.delete(key);
      bucket = undefined;
    }
    if (bucket && bucket.failures >= maxFailures) {
      ctx.set('Retry-After', String(Math.ceil((bucket.resetAt - now) / 1000)));
      ctx.status = 429;
      ctx.body = { message: serverMessages.tooManyLogins };
      return;
    }

    const recordFailure = () => {
      prune(now);
      const current = buckets.get(key) ?? { failures: 0, resetAt: now + windowMs };
      current.failures += 1;
      buckets.set(key, current);
    };

    try {
      await next();
    } catch (error) {
      recordFailure();
      throw error;
    }
    if (ctx.status >= 400 && ctx.status < 500) recordFailure();
  };
};
