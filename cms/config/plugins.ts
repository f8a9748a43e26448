import type { Core } from '@strapi/strapi';
import { uploadLimits } from './limits';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      // Staff tokens live a day at most; the web session ends with them.
      jwt: { expiresIn: env('STAFF_JWT_EXPIRES_IN', '1d') },
      // Nobody may sign themselves up (registration is also switched off in bootstrap).
      register: { allowedFields: [] },
      ratelimit: { interval: 60_000, max: env.int('LOGIN_MAX_FAILURES', 5) },
    },
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: Math.max(uploadLimits.imageMaxBytes, uploadLimits.videoMaxBytes),
      // Responsive sizes the public site uses in srcset.
      breakpoints: { large: 1600, medium: 1024, small: 640, xsmall: 320 },
      sharp: { cache: false, concurrency: 1 },
    },
  },
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      landingPage: false,
      depthLimit: env.int('GRAPHQL_DEPTH_LIMIT', 10),
      defaultLimit: 25,
      maxLimit: env.int('API_MAX_PAGE_SIZE', 100),
      apolloServer: {
        introspection: env('NODE_ENV') !== 'production',
      },
    },
  },
});

export default config;
