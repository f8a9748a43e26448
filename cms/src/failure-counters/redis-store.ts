import Redis from 'ioredis';
import type { FailureStore, StoreHealth } from './counter';

/** Every key this site writes to Redis starts so, so the server can be shared. */
const KEY_PREFIX = 'childrens-home:failures:';

/** How long a command or a connection may take before the counter counts as unavailable. */
const TIMEOUT_MS = 2000;

// One script per step: Redis runs each alone, so concurrent counts from any process never lose one.
// A window is a hash {failures, reset_at} that Redis deletes itself when it ends (PEXPIREAT).
const ADD = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset_at'))
if reset == nil or reset <= tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'failures', 1, 'reset_at', ARGV[2])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
  return {1, ARGV[2]}
end
return {redis.call('HINCRBY', KEYS[1], 'failures', 1), redis.call('HGET', KEYS[1], 'reset_at')}`;
const TAKE_BACK = `
if redis.call('HGET', KEYS[1], 'reset_at') == ARGV[1] and tonumber(redis.call('HGET', KEYS[1], 'failures')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'failures', -1)
end
return 0`;

interface CounterCommands {
  failureAdd(key: string, now: string, resetIfNew: string): Promise<[number, string]>;
  failureTakeBack(key: string, resetAt: string): Promise<number>;
}

export interface RedisFailureStore extends FailureStore {
  /** Resolves once Redis answers, or after `timeoutMs` (false) while it does not. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Failure counts in Redis (REDIS_URL). Commands are never queued while Redis is unreachable: they
 * fail at once (or after TIMEOUT_MS), so a login waits for nothing; the client reconnects by itself.
 */
export function createRedisFailureStore(url: string, health?: StoreHealth): RedisFailureStore {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
  });
  redis.defineCommand('failureAdd', { numberOfKeys: 1, lua: ADD });
  redis.defineCommand('failureTakeBack', { numberOfKeys: 1, lua: TAKE_BACK });
  const commands = redis as unknown as CounterCommands;
  // Without a listener, ioredis prints every failed reconnection; the health logs an outage once.
  redis.on('error', (error: Error) => health?.failed(error));
  redis.on('ready', () => health?.answered());

  return {
    async read(key, now) {
      const [failures, resetAt] = await redis.hmget(KEY_PREFIX + key, 'failures', 'reset_at');
      if (failures === null || resetAt === null || Number(resetAt) <= now) return null;
      return { failures: Number(failures), resetAt: Number(resetAt) };
    },

    async add(key, now, windowMs) {
      const [failures, resetAt] = await commands.failureAdd(KEY_PREFIX + key, String(now), String(now + windowMs));
      return { failures: Number(failures), resetAt: Number(resetAt) };
    },

    async takeBack(key, resetAt) {
      await commands.failureTakeBack(KEY_PREFIX + key, String(resetAt));
    },

    ready: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (redis.status === 'ready') return resolve(true);
        const timer = setTimeout(() => {
          redis.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        redis.once('ready', onReady);
      }),

    async close() {
      redis.disconnect();
    },
  };
}
