import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Api => ({
  rest: {
    defaultLimit: 25,
    // Page sizes are capped so no client can ask for the whole table at once.
    maxLimit: env.int('API_MAX_PAGE_SIZE', 100),
    withCount: true,
  },
});

export default config;
