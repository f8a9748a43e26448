import type { Core } from '@strapi/strapi';

/**
 * Outgoing mail, for "Forgot your password?" links only. Off unless SMTP_HOST is set: then the
 * login page offers the link and the CMS sends it through this server (Strapi's email plugin with
 * the nodemailer provider, config/plugins.ts).
 */
const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  const host = env('SMTP_HOST', '');
  const port = env.int('SMTP_PORT', 587);
  return {
    enabled: host !== '',
    smtp: {
      host,
      port,
      // Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it.
      secure: env.bool('SMTP_SECURE', port === 465),
      user: env('SMTP_USER', ''),
      password: env('SMTP_PASSWORD', ''),
    },
    from: env('MAIL_FROM', host ? `no-reply@${host}` : ''),
    // Where the link points: the web app's page that sets a new password.
    siteUrl: env('PUBLIC_SITE_URL', 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    // How long a link works (it works once).
    resetLinkMinutes: env.int('PASSWORD_RESET_LINK_MINUTES', 60),
    // Requests per client address, and links sent per e-mail address, in a window.
    resetRequestsPerClient: env.int('PASSWORD_RESET_MAX_PER_CLIENT', 5),
    resetLinksPerAddress: env.int('PASSWORD_RESET_MAX_PER_ADDRESS', 3),
    resetWindowMs: env.int('PASSWORD_RESET_WINDOW_MS', 60 * 60_000),
  };
};

export default config;
