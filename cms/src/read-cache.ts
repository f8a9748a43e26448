import type { Context, Next } from 'koa';
import { LRUCache } from 'lru-cache';

/**
 * A micro-cache of anonymous reads (the public REST contract and GraphQL queries): identical
 * reads within `ttlMs` (2 s) get one answer, worked out once while the others wait for it. A page
 * that many visitors open at the same moment, a flood of the same query, or the web app's reads
 * after its own caches were emptied cost the CMS one read instead of one each.
 *
 * Never stale after a write made through this process: a write forgets every answer it could have
 * changed (and a read under way that it could have changed does not keep its answer), at three
 * points that between them follow every write to its commit:
 * - any database write (a lifecycle event of any model: content, files, permissions, accounts);
 * - a content write's commit, before the web app is told of it (content-change-notifier.ts);
 * - the end of every signed-in request that is not a read (its transaction has committed by then;
 *   anonymous ones cannot write content, so refused logins and mutations leave the cache as it is).
 * Each answer names the kinds of content it was read from (read-kinds.ts); a write of one kind
 * forgets only the answers read from it, any other write (a file, a consent, a permission) forgets
 * them all, and so does every write for an answer that could not name its kinds.
 * Writes made by another process (a command-line task, another CMS on the same database) are seen
 * within `ttlMs`, or at once by a caller that names the time of the change (the web app, told of it).
 */
export interface ReadCacheOptions {
  enabled: boolean;
  ttlMs: number;
  maxBytes: number;
  /** Monotonic milliseconds (tests pass a fake clock). */
  clock?: { now(): number };
  /** Milliseconds since the epoch, comparable with other processes' (tests pass a fake one). */
  wallClock?: () => number;
}

/** The kinds of content (CMS type uids) an answer was read from; undefined: it could show anything. */
export type Kinds = ReadonlySet<string> | undefined;

interface Answer {
  type: string;
  body: string;
  /** When the read that made it began (ms since the epoch). */
  readAt: number;
  kinds: Kinds;
}

/** A read under way; a write it could have changed removes it, so those still here may be joined. */
interface Pending {
  readAt: number;
  kinds: Kinds;
  answer: Promise<Answer | undefined>;
}

export class ReadCache {
  readonly enabled: boolean;
  /** Writes so far, and the count at the last write of each kind and of anything. */
  private writes = 0;
  private readonly lastWriteOf = new Map<string, number>();
  private lastWriteOfAnything = 0;
  private readonly answers: LRUCache<string, Answer>;
  private readonly pending = new Map<string, Pending>();
  private readonly wallClock: () => number;

  constructor(options: ReadCacheOptions) {
    this.enabled = options.enabled;
    this.wallClock = options.wallClock ?? Date.now;
    this.answers = new LRUCache<string, Answer>({
      maxSize: options.maxBytes,
      sizeCalculation: (answer, key) => answer.body.length * 2 + key.length * 2 + 200,
      ttl: options.ttlMs,
      ttlAutopurge: false,
      ttlResolution: 0,
      ...(options.clock ? { perf: options.clock } : {}),
    });
  }

  /**
   * What was read from `kind` so far is out of date; without a kind, everything is. An answer that
   * could show anything is out of date either way.
   */
  invalidate = (kind?: string) => {
    this.writes++;
    if (kind === undefined) {
      this.lastWriteOfAnything = this.writes;
      this.answers.clear();
      this.pending.clear();
      return;
    }
    this.lastWriteOf.set(kind, this.writes);
    const touched = (kinds: Kinds) => kinds === undefined || kinds.has(kind);
    const outOfDate = [...this.answers.entries()].filter(([, answer]) => touched(answer.kinds)).map(([key]) => key);
    for (const key of outOfDate) this.answers.delete(key);
    for (const [key, pending] of this.pending) if (touched(pending.kinds)) this.pending.delete(key);
  };

  /** Whether a write since the count `began` could have changed a read of `kinds`. */
  private writtenSince(began: number, kinds: Kinds) {
    if (this.lastWriteOfAnything > began) return true;
    if (kinds === undefined) return this.writes > began;
    for (const kind of kinds) if ((this.lastWriteOf.get(kind) ?? 0) > began) return true;
    return false;
  }

  get size() {
    return this.answers.size;
  }

  /**
   * Answers `ctx` from the cache under `key`, or lets `next` answer it and keeps that answer when it
   * is a 200 JSON without GraphQL errors. Requests arriving while the same read is under way wait
   * for it instead of repeating it. `changedAt` (ms since the epoch): only an answer read after
   * that time will do (the caller knows of a change made through another CMS process then).
   * `kinds`: what the read shows (undefined: it could show anything).
   */
  async serve(ctx: Context, key: string, next: Next, { changedAt = 0, kinds }: { changedAt?: number; kinds?: Kinds } = {}): Promise<void> {
    const cached = this.answers.get(key);
    if (cached && cached.readAt > changedAt) return send(ctx, cached, 'hit');
    const pending = this.pending.get(key);
    if (pending && pending.readAt > changedAt) {
      const answer = await pending.answer;
      if (answer) return send(ctx, answer, 'shared');
    }
    let settle: (answer: Answer | undefined) => void = () => {};
    const answer = new Promise<Answer | undefined>((resolve) => (settle = resolve));
    const began = this.writes;
    const readAt = this.wallClock();
    const mine = { readAt, kinds, answer };
    this.pending.set(key, mine);
    let shareable: Answer | undefined;
    try {
      await next();
      shareable = keepable(ctx, readAt, kinds);
      if (shareable && !this.writtenSince(began, kinds)) {
        this.answers.set(key, shareable);
        ctx.set('X-Read-Cache', 'miss');
      }
    } finally {
      // Those waiting joined before any write since the read began: a write after that overlapped
      // their requests too, so this answer is as right for them as for its own caller (and working
      // it out again for each, under a stream of writes, would pile reads on reads). Only keeping
      // it for later requests is wrong after a write.
      settle(shareable);
      if (this.pending.get(key) === mine) this.pending.delete(key);
    }
  }
}

function send(ctx: Context, answer: Answer, state: 'hit' | 'shared') {
  ctx.status = 200;
  ctx.type = answer.type;
  ctx.body = answer.body;
  ctx.set('X-Read-Cache', state);
}

/** The answer worth sharing: 200, JSON, complete in memory, and (GraphQL) without errors. */
function keepable(ctx: Context, readAt: number, kinds: Kinds): Answer | undefined {
  if (ctx.status !== 200) return undefined;
  const type = ctx.response.get('Content-Type');
  if (!/^application\/json\b/i.test(type)) return undefined;
  const { body } = ctx;
  let text: string;
  if (typeof body === 'string') text = body;
  else if (Buffer.isBuffer(body)) text = body.toString('utf8');
  else if (body && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    text = JSON.stringify(body);
    ctx.body = text; // the same bytes koa would send, stringified once
  } else return undefined;
  // A key "errors" can only appear unescaped as a key: inside a string its quotes are escaped.
  if (text.includes('"errors":')) return undefined;
  return { type, body: text, readAt, kinds };
}
