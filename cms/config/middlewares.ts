import type { Core } from '@strapi/strapi';
import { bodyParseError, incomingUploadsDir, multipartLimits, refuseFilesPastLimit, uploadLimits } from './limits';

const config = ({ env }: Core.Config.Shared.ConfigParams) => [
  'strapi::logger',
  // Outside strapi::errors so it can reshape every error of the /api contract into {message, errors}.
  'global::contract-errors',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          'frame-ancestors': ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      // Only the web app's origin may call the API from a browser.
      origin: env.array('CORS_ORIGINS', ['http://127.0.0.1:3000', 'http://localhost:3000']),
      credentials: false,
    },
  },
  // A photo whose consent was withdrawn is not served, from disk or from the bucket.
  'global::withheld-uploads',
  // GET /uploads/<name> from the bucket when uploads are stored in one (UPLOAD_PROVIDER=s3).
  'global::uploads-from-bucket',
  // Before the body parser: refused requests are never read into temp files.
  'global::login-rate-limit',
  'global::closed-console-routes',
  'global::write-guard',
  'global::upload-cleanup',
  'global::graphql-request',
  // After the GraphQL body limit, before the body parser: anonymous reads may be answered from memory.
  'global::read-cache',
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      jsonLimit: '2mb',
      formLimit: '2mb',
      textLimit: '2mb',
      onError: bodyParseError,
      formidable: {
        maxFileSize: Math.max(uploadLimits.imageMaxBytes, uploadLimits.videoMaxBytes),
        maxFieldsSize: multipartLimits.maxFieldsBytes,
        onFileBegin: refuseFilesPastLimit,
        uploadDir: incomingUploadsDir(),
      },
    },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
