import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  // Demo content (cms/demo-content/) goes into a brand-new database once, at its first boot; never
  // in production unless asked for explicitly.
  seedDemo: env.bool('SEED_DEMO_CONTENT', env('NODE_ENV') !== 'production'),
});

export default config;
