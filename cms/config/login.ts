import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  // Failed logins per client address, and wrong current passwords per account, in a window.
  maxFailures: env.int('LOGIN_MAX_FAILURES', 5),
  windowMs: env.int('LOGIN_WINDOW_MS', 15 * 60_000),
  // Where those failures are counted, for every CMS process and across restarts: Redis when set
  // (redis://[:password@]host:port[/db], rediss:// with TLS), else a table of the CMS's database.
  redisUrl: env('REDIS_URL', ''),
});

export default config;
