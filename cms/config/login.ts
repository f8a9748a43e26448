import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  // Failed logins per client address, and wrong current passwords per account, in a window.
  maxFailures: env.int('LOGIN_MAX_FAILURES', 5),
  windowMs: env.int('LOGIN_WINDOW_MS', 15 * 60_000),
});

export default config;
