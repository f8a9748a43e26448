import type { Core } from '@strapi/strapi';
import ms from 'ms';
import { FILE_TYPES } from '../src/contract/shared/rules';
import { uploadLimits } from './limits';
import mailConfig from './mail';
import { storageSettingsFrom, type StorageSettings } from './storage';

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

/**
 * The upload provider: the local disk, or Strapi's S3 provider. Objects are keyed by their stored
 * name and their URL stays /uploads/<name>, as on disk: the CMS serves /uploads from the bucket
 * (src/middlewares/uploads-from-bucket.ts), so pages, the contract, backups and the console's
 * previews are the same on both and the bucket needs no public access.
 */
function uploadProvider(storage: StorageSettings) {
  if (storage.provider === 'local') return { provider: 'local' };
  const { s3 } = storage;
  return {
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: '/uploads',
      s3Options: {
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        // Checksums only where an operation requires them: S3-compatible servers that do not know
        // the SDK's default CRC32 trailers refuse or corrupt streamed bodies.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // No ACL header: many S3-compatible stores refuse one, and reads go through the CMS.
        params: { Bucket: s3.bucket, ACL: undefined },
      },
    },
  };
}

const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  const devTools = env.bool('GRAPHQL_DEV_TOOLS', false);
  const graphqlRequestLimits = {
    maxBodyBytes: env.int('GRAPHQL_MAX_BODY_BYTES', 32 * 1024),
    maxTokens: env.int('GRAPHQL_MAX_TOKENS', 1000),
    maxAliases: env.int('GRAPHQL_MAX_ALIASES', 15),
    maxDirectives: env.int('GRAPHQL_MAX_DIRECTIVES', 10),
    maxCost: env.int('GRAPHQL_MAX_COST', 12_000),
  };
  const staffSession = staffSessionSeconds(env);
  const mail = mailConfig({ env } as Core.Config.Shared.ConfigParams);
  return {
    // Password reset links go out through the home's SMTP server, when one is configured (config/mail.ts).
    ...(mail.enabled
      ? {
          email: {
            config: {
              provider: 'nodemailer',
              providerOptions: {
                host: mail.smtp.host,
                port: mail.smtp.port,
                secure: mail.smtp.secure,
                ...(mail.smtp.user ? { auth: { user: mail.smtp.user, pass: mail.smtp.password } } : {}),
                connectionTimeout: 10_000,
                greetingTimeout: 10_000,
                socketTimeout: 20_000,
              },
              settings: { defaultFrom: mail.from },
            },
          },
        }
      : {}),
    'users-permissions': {
      config: {
        jwtSecret: env('JWT_SECRET'),
        // Every token belongs to a session stored in the database (Strapi's session manager):
        // logging out deletes the session and the token is refused from then on, by every process.
        jwtManagement: 'refresh',
        // Staff tokens live a day at most; the web session ends with them.
        jwt: { expiresIn: staffSession },
        sessions: sessionLifespans(staffSession),
        // Nobody may sign themselves up (registration is also switched off in bootstrap).
        register: { allowedFields: [] },
        ratelimit: { interval: 60_000, max: env.int('LOGIN_MAX_FAILURES', 5) },
      },
    },
    upload: {
      config: {
        ...uploadProvider(storageSettingsFrom((name) => env(name))),
        sizeLimit: Math.max(uploadLimits.imageMaxBytes, uploadLimits.videoMaxBytes),
        // No responsive sizes: pages get every size they need from the web's /img. Strapi still makes
        // a thumbnail, which its media library shows.
        breakpoints: {},
        sharp: { cache: false, concurrency: 1 },
        // The media library (Strapi's console, /api/upload) takes what the site can show: the
        // photos and videos of the contract, whose metadata is removed on the way in.
        security: { allowedTypes: [...FILE_TYPES.image.mimes, ...FILE_TYPES.video.mimes] },
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
        // The bounds on one request, checked before it runs (src/graphql/request-limits.ts). The web's
        // real page queries pass them with room to spare and 20 times any of them is refused
        // (tests/attacks-graphql.test.ts records the queries and checks both).
        requestLimits: graphqlRequestLimits,
        // Introspection and stack traces in GraphQL errors, for `npm run dev` only (scripts/start.mjs).
        devTools,
        apolloServer: {
          introspection: devTools,
          includeStacktraceInErrorResponses: devTools,
          parseOptions: { maxTokens: graphqlRequestLimits.maxTokens },
          // The GraphQL route's body parser: JSON only, refused past the limit while it streams.
          bodyParserConfig: { enableTypes: ['json'], jsonLimit: graphqlRequestLimits.maxBodyBytes },
        },
      },
    },
  };
};

export default config;
