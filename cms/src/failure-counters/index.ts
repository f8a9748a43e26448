import type { Core } from '@strapi/strapi';
import { createFailureCounter, type FailureCounter, type FailureStore, type StoreHealth } from './counter';
import { createSqlFailureStore, ensureFailureCountersTable } from './sql-store';

export { FailureCountersUnavailable, type Attempt, type FailureCounter } from './counter';

/** How long a boot waits for Redis before it serves anyway (sign-ins answer 503 until Redis answers). */
const REDIS_BOOT_WAIT_MS = 5000;

interface Shared {
  store: FailureStore;
  secret: string;
  health: StoreHealth;
  close(): Promise<void>;
}

let shared: Shared | undefined;

/** Logs an outage of the store once when it starts and once when it ends, however many requests meet it. */
function outageLog(strapi: Core.Strapi, where: string): StoreHealth {
  let down = false;
  return {
    failed(error) {
      if (down) return;
      down = true;
      strapi.log.error(
        `[failure-counters] ${where} does not answer (${error.message}): sign-ins and password changes answer 503 until it does`,
      );
    },
    answered() {
      if (!down) return;
      down = false;
      strapi.log.info(`[failure-counters] ${where} answers again`);
    },
  };
}

/** The server a Redis URL names, without its password. */
const redisServer = (url: string) => {
  try {
    const { host } = new URL(url);
    return `Redis at ${host}`;
  } catch {
    return 'Redis';
  }
};

/**
 * Sets up the store of the failure counters (at bootstrap): Redis where REDIS_URL is set, else the
 * `failure_counters` table of the CMS's database, created here if it is missing.
 */
export async function prepareFailureCounters(strapi: Core.Strapi) {
  const redisUrl = strapi.config.get('login.redisUrl', '') as string;
  const [secret] = strapi.config.get('server.app.keys', []) as string[];
  if (!secret) throw new Error('APP_KEYS must be set: the failure counters store their keys hashed with it');
  if (redisUrl) {
    const health = outageLog(strapi, redisServer(redisUrl));
    // Loaded only when configured: a site on one machine needs no Redis client.
    const { createRedisFailureStore } = await import('./redis-store');
    const store = createRedisFailureStore(redisUrl, health);
    shared = { store, secret, health, close: () => store.close() };
    await store.ready(REDIS_BOOT_WAIT_MS);
    return;
  }
  await ensureFailureCountersTable(strapi.db.connection);
  shared = {
    store: createSqlFailureStore(strapi.db.connection),
    secret,
    health: outageLog(strapi, 'The database'),
    close: async () => undefined,
  };
}

/** Closes the connection to Redis, if there is one (at destroy: a script's process can then end). */
export async function closeFailureCounters() {
  await shared?.close();
  shared = undefined;
}

/**
 * A counter of failed attempts for one purpose ('login', 'current-password'), in the shared store.
 * May be made before the store is set up (a middleware is); it is first used after.
 */
export function failureCounter(purpose: string, limits: { maxFailures: number; windowMs: number }): FailureCounter {
  let counter: FailureCounter | undefined;
  let madeWith: Shared | undefined;
  const current = () => {
    if (!shared) throw new Error('The failure counters are used before prepareFailureCounters ran');
    if (madeWith !== shared) {
      madeWith = shared;
      counter = createFailureCounter({ ...shared, purpose, ...limits });
    }
    return counter!;
  };
  return {
    retryAfter: (key, now) => current().retryAfter(key, now),
    attempt: (key, now) => current().attempt(key, now),
  };
}
