import type { Core } from '@strapi/strapi';

/** How the CMS reaches the web app: it tells every web process when published content changes. */
const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  // Each web process's revalidation address (WEB_REVALIDATE_URL, comma-separated).
  revalidateUrls: env
    .array('WEB_REVALIDATE_URL', [])
    .map((url) => String(url).trim())
    .filter(Boolean),
  // The secret the web and the CMS share: it signs those calls and the web's forwarded client address.
  proxySecret: env('WEB_PROXY_SECRET', ''),
});

export default config;
