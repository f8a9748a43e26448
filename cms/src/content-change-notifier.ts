import { createHmac } from 'crypto';

/**
 * Tells the web app that published content changed, so its cache of CMS reads can drop what is
 * stale at once (a staff edit shows on the public site within a second). The call is signed with
 * the secret the two share (WEB_PROXY_SECRET) and carries a timestamp against replays.
 * Best effort: the web cache also expires by itself, so a failed call only delays the update.
 *
 * With several web processes, WEB_REVALIDATE_URL lists each one, separated by commas.
 *
 * POST $WEB_REVALIDATE_URL  body {"uid": "api::blog.blog", "action": "update", "locale": "ne", "at": 1795321170123}
 * (`locale`: the language version written, "*" for all of an entry's; absent when the call gave none)
 * header x-cms-signature: sha256=<hex HMAC-SHA256 of the raw body>
 */
const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'clone']);

export const signBody = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export async function notifyContentChange(uid: string, action: string, locale?: string) {
  const urls = (process.env.WEB_REVALIDATE_URL ?? '').split(',').map((url) => url.trim()).filter(Boolean);
  const secret = process.env.WEB_PROXY_SECRET;
  if (urls.length === 0 || !secret) return;
  const body = JSON.stringify({ uid, action, ...(locale ? { locale } : {}), at: Date.now() });
  await Promise.all(urls.map((url) => notifyOne(url, uid, body, secret)));
}

async function notifyOne(url: string, uid: string, body: string, secret: string) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cms-signature': signBody(body, secret) },
      body,
      signal: AbortSignal.timeout(1000),
    });
    if (!response.ok) strapi.log.warn(`[revalidate] web answered ${response.status} for ${uid}`);
  } catch (error) {
    strapi.log.warn(`[revalidate] could not reach the web app: ${(error as Error).message}`);
  }
}

export function registerContentChangeNotifier() {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (WRITE_ACTIONS.has(context.action) && context.uid.startsWith('api::')) {
      const { locale } = (context.params ?? {}) as { locale?: unknown };
      void notifyContentChange(context.uid, context.action, typeof locale === 'string' ? locale : undefined);
    }
    return result;
  });
}
