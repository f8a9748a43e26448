import type { Core } from '@strapi/strapi';
import ms from 'ms';
import { uploadLimits } from './limits';

type Env = Core.Config.Shared.ConfigParams['env'];

/** STAFF_JWT_EXPIRES_IN ("1d", "12h", "3600", ...) in seconds: how long a staff token and its session live. */
function staffSessionSeconds(env: Env): number {
  const value = env('STAFF_JWT_EXPIRES_IN', '1d');
  const millis = /^\d+$/.test(value) ? Number(value) * 1000 : ms(value as ms.StringValue);
  if (typeof millis !== 'number' || !Number.isFinite(millis) || millis < 60_000) {
    throw new Error(`STAFF_JWT_EXPIRES_IN must be a duration of at least a minute ("1d", "12h", "3600"), got "${value}"`);
  }
  return Math.floor(millis / 1000);
}

/** Every session Strapi's session manager keeps for users-permissions ends with the staff token. */
const sessionLifespans = (seconds: number) => ({
  maxSessionLifespan: seconds,
  idleSessionLifespan: seconds,
  maxRefreshTokenLifespan: seconds,
  idleRefreshTokenLifespan: seconds,
});

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      // Every token belongs to a session stored in the database (Strapi's session manager):
      // logging out deletes the session and the token is refused from then on, by every process.
      jwtManagement: 'refresh',
      // Staff tokens live a day at most; the web session ends with them.
      jwt: { expiresIn: staffSessionSeconds(env) },
      sessions: sessionLifespans(staffSessionSeconds(env)),
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
