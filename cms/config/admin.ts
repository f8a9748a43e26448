import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin =>
  ({
    auth: { secret: env('ADMIN_JWT_SECRET') },
    apiToken: { salt: env('API_TOKEN_SALT') },
    transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
    secrets: { encryptionKey: env('ENCRYPTION_KEY') },
    // Nothing in the console may call home: no NPS survey, no EE promotion, no AI features.
    flags: { nps: false, promoteEE: false },
    ai: { enabled: false },
    autoOpen: false,
    watchIgnoreFiles: ['**/.tmp/**', '**/public/uploads/**'],
  }) as Core.Config.Admin;

export default config;
