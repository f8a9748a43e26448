import { createHmac } from 'crypto';
import { readCache } from './read-cache-instance';
import { kindOfWrite } from './read-kinds';

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

/** Calls on their way: a task (an import run from the command line) waits for them before it exits. */
const inFlight = new Set<Promise<void>>();

export async function notifyContentChange(uid: string, action: string, locale?: string) {
  // Committed: the CMS's own copies of reads go first, or the web app could read one of them again.
  readCache().invalidate(kindOfWrite(uid));
  const urls = strapi.config.get('web.revalidateUrls') as string[];
  const secret = strapi.config.get('web.proxySecret') as string;
  if (urls.length === 0 || !secret) return;
  const body = JSON.stringify({ uid, action, ...(locale ? { locale } : {}), at: Date.now() });
  const call = Promise.all(urls.map((url) => notifyOne(url, uid, body, secret))).then(() => undefined);
  inFlight.add(call);
  try {
    await call;
  } finally {
    inFlight.delete(call);
  }
}

/** Calls due later (the last change of a burst, a withdrawal told again), each by its timer. */
const later = new Map<NodeJS.Timeout, () => void>();

/** Tells the web app of a change `ms` from now; `beforeSending` runs first. */
export function notifyContentChangeLater(ms: number, uid: string, action: string, beforeSending = () => {}) {
  const send = () => {
    later.delete(timer);
    beforeSending();
    void notifyContentChange(uid, action);
  };
  const timer = setTimeout(send, ms).unref();
  later.set(timer, send);
  return timer;
}

/**
 * Resolves once every call sent so far has been answered or has timed out. Calls due later are
 * sent now: a task (an import run from the command line) tells the web app before it exits.
 */
export async function settleContentChangeNotifications() {
  for (const [timer, send] of later) {
    clearTimeout(timer);
    send();
  }
  await Promise.all([...inFlight]);
}

/** The CMS is stopping: calls not yet due are dropped (their timers would run after it is gone). */
export function dropLaterContentChangeNotifications() {
  for (const timer of later.keys()) clearTimeout(timer);
  later.clear();
}

async function notifyOne(url: string, uid: string, body: string, secret: string) {
  // Taken now: a task's CMS may be gone by the time the web app answers.
  const { log } = strapi;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cms-signature': signBody(body, secret) },
      body,
      // Generous: the web answers in milliseconds, but a CMS busy importing may take a while to send.
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) log.warn(`[revalidate] web answered ${response.status} for ${uid}`);
  } catch (error) {
    log.warn(`[revalidate] could not reach the web app: ${(error as Error).message}`);
  }
}

/** The notifications each open transaction (an import, the demo removal) has queued, sent once at its commit. */
const queuedByTransaction = new WeakMap<object, Set<string>>();

/** Tells the web app of a write now, or, made inside a larger transaction, once that commits. */
async function announce(uid: string, action: string, locale?: string) {
  if (!strapi.db.inTransaction()) {
    void notifyContentChange(uid, action, locale);
    return;
  }
  // Told after the commit, or the web app could cache the content as it was before, between this
  // call and the commit.
  await strapi.db.transaction(async ({ trx, onCommit }) => {
    const queued = queuedByTransaction.get(trx) ?? new Set<string>();
    queuedByTransaction.set(trx, queued);
    const key = [uid, action, locale].join('|');
    if (queued.has(key)) return;
    queued.add(key);
    onCommit(() => void notifyContentChange(uid, action, locale));
  });
}

const FILE_UID = 'plugin::upload.file';

/**
 * File changes come in bursts (a removal takes each of its entries' files, one by one): the web app
 * is told of the first at once, then at most once per FILE_CALLS_MS, the last of a burst always.
 */
const FILE_CALLS_MS = 250;
let lastFileCall = 0;
let trailingFileCall: NodeJS.Timeout | undefined;

function announceFileChange(action: string) {
  if (strapi.db.inTransaction()) return announce(FILE_UID, action);
  const wait = lastFileCall + FILE_CALLS_MS - Date.now();
  if (wait <= 0) {
    lastFileCall = Date.now();
    void notifyContentChange(FILE_UID, action);
  } else {
    trailingFileCall ??= notifyContentChangeLater(wait, FILE_UID, 'update', () => {
      trailingFileCall = undefined;
      lastFileCall = Date.now();
    });
  }
}

export function registerContentChangeNotifier() {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (WRITE_ACTIONS.has(context.action) && context.uid.startsWith('api::')) {
      const { locale } = (context.params ?? {}) as { locale?: unknown };
      await announce(context.uid, context.action, typeof locale === 'string' ? locale : undefined);
    }
    return result;
  });
  // A stored file changed or removed in place (the console's media library: its alternative text,
  // a replaced or deleted file) may show on any page, and the web app takes a change it cannot
  // place as a change of anything. A new file shows nowhere until an entry names it.
  const fileChanged = (action: string) => () => announceFileChange(action);
  strapi.db.lifecycles.subscribe({
    models: [FILE_UID],
    afterUpdate: fileChanged('update'),
    afterUpdateMany: fileChanged('update'),
    afterDelete: fileChanged('delete'),
    afterDeleteMany: fileChanged('delete'),
  });
}
