import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => {
  const port = env.int('CMS_PORT', 1337);
  return {
    host: env('CMS_HOST', '127.0.0.1'),
    port,
    // Absolute base used for photoUrl/mediaUrl in the /api contract.
    url: env('CMS_PUBLIC_URL', `http://127.0.0.1:${port}`),
    // Trust X-Forwarded-* only when explicitly told a proxy sits in front (see docs/security.md):
    // otherwise a client could spoof its IP and dodge the login rate limit.
    proxy: { koa: env.bool('TRUST_PROXY', false) },
    app: { keys: env.array('APP_KEYS') },
    dirs: { public: env('STRAPI_PUBLIC_DIR', './public') },
    webhooks: { populateRelations: false },
    // No transfer tokens: one would copy or overwrite the whole database and outlive the person
    // who made it (the console's people follow staff accounts; backups are npm run backup).
    transfer: { remote: { enabled: false } },
    // No update checks: the CMS must start and run with no internet.
    logger: { updates: { enabled: false }, startup: { enabled: env.bool('STRAPI_STARTUP_BANNER', false) } },
  } as Core.Config.Server;
};

export default config;
