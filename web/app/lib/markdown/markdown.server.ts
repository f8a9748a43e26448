import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import workerCode from "virtual:markdown-worker";
import { noteStandIn } from "../cache.server";
import { env } from "../env.server";
import { PoolBusy, PoolClosed, TaskTimeout, WorkerPool } from "../worker-pool.server";
import type { RenderedMarkdown } from "./render.server";

/**
 * Blog Markdown as the pages show it, rendered off the main thread and within a time limit
 * (docs/decisions/017-bounded-markdown.md):
 * - two worker threads render (markdown-it, sanitize-html, plain text: render.server.ts), so a
 *   long or hostile post never holds up other requests;
 * - a rendering that runs past MARKDOWN_RENDER_TIMEOUT_MS has its worker replaced, and the post is
 *   shown as escaped plain text (logged once, kept until its text changes);
 * - a caller waits that long at most: a rendering still queued behind others by then goes on, and
 *   the caller shows the escaped text as a stand-in that the caches replace a second later;
 * - every rendering is kept, keyed by a hash of the source: a post is rendered once per version of
 *   its text, whichever pages (list, post, feed, either language) need it.
 */
export type { RenderedMarkdown };

const WORKERS = 2;
/** A rendering that found no free worker for this long is dropped: nobody waits for it any more. */
const QUEUE_TIMEOUT_MS = 30_000;
/** A caller waits a little longer than a worker may run, so one that started at once has ended, either way. */
const CALLER_MARGIN_MS = 100;
/** Memory the renderings may take (a 100,000-character post is at most ~1 MB of HTML). */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Heap of one worker: the largest post's tokens and HTML fit many times over. */
const WORKER_HEAP_MB = 256;

const renderings = new LRUCache<string, RenderedMarkdown>({
  maxSize: CACHE_MAX_BYTES,
  // Strings are UTF-16 in memory.
  sizeCalculation: (r) => 2 * (r.html.length + r.text.length) + 128,
});
/** Renderings under way, so pages asking for the same source at once share one. */
const pending = new Map<string, Promise<RenderedMarkdown>>();

/**
 * One pool per process, kept on globalThis: the dev server evaluates this module again when it
 * changes, and the new code then replaces the pool (and its workers) of the old one.
 */
const POOL = Symbol.for("childrens-home.markdown-workers");
type Holder = { pool?: WorkerPool<string, RenderedMarkdown>; code?: string };
const holder: Holder = ((globalThis as { [POOL]?: Holder })[POOL] ??= {});

function pool(): WorkerPool<string, RenderedMarkdown> {
  if (holder.pool && holder.code !== workerCode) void holder.pool.close();
  if (!holder.pool || holder.code !== workerCode) {
    holder.pool = new WorkerPool<string, RenderedMarkdown>({
      code: workerCode,
      name: "markdown",
      size: WORKERS,
      timeoutMs: env.MARKDOWN_RENDER_TIMEOUT_MS,
      queueTimeoutMs: QUEUE_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    holder.code = workerCode;
  }
  return holder.pool;
}

/** Starts the workers (server start-up), so the first pages do not wait for them. */
export function startMarkdownWorkers(): void {
  pool().start();
}

/** Stops the workers (server shutdown). */
export async function stopMarkdownWorkers(): Promise<void> {
  const current = holder.pool;
  holder.pool = undefined;
  await current?.close();
}

/**
 * `source` as safe HTML and plain text, within about MARKDOWN_RENDER_TIMEOUT_MS. Never rejects: a source
 * that cannot be rendered in time comes back as escaped text. `label` names it in the log ("blog 12 (ne)").
 */
export async function renderMarkdown(source: string, label: string): Promise<RenderedMarkdown> {
  if (!source?.trim()) return { html: "", text: "" };
  const key = createHash("sha256").update(source).digest("base64url");
  const kept = renderings.get(key);
  if (kept) return kept;
  let rendering = pending.get(key);
  if (!rendering) {
    rendering = renderOnWorker(source, key, label).finally(() => pending.delete(key));
    pending.set(key, rendering);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), env.MARKDOWN_RENDER_TIMEOUT_MS + CALLER_MARGIN_MS);
  });
  const rendered = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
  if (rendered) return rendered;
  // Still waiting for a worker (others are rendering): the text for now, the rendering soon.
  noteStandIn();
  return plainTextFallback(source);
}

async function renderOnWorker(source: string, key: string, label: string): Promise<RenderedMarkdown> {
  try {
    const rendered = await pool().run(source);
    renderings.set(key, rendered);
    return rendered;
  } catch (error) {
    const fallback = plainTextFallback(source);
    // Every worker busy for QUEUE_TIMEOUT_MS, or the server stopping: says nothing about this post.
    if (error instanceof PoolBusy || error instanceof PoolClosed) {
      if (error instanceof PoolBusy) busyLog.note();
      return fallback;
    }
    // Too slow, or failed: this version of the text is shown as text until it changes (logged once).
    renderings.set(key, fallback);
    const why =
      error instanceof TaskTimeout
        ? `took longer than ${error.ms} ms to render`
        : `could not be rendered (${error instanceof Error ? error.message : String(error)})`;
    console.error(`[markdown] ${label} (sha256 ${key.slice(0, 16)}) ${why}: shown as plain text`);
    return fallback;
  }
}

/** One line when renderings are dropped for want of a free worker, then at most one every 10 s. */
const busyLog = {
  lastLogged: 0,
  skipped: 0,
  note() {
    const now = Date.now();
    if (now - this.lastLogged < 10_000) {
      this.skipped++;
      return;
    }
    console.error(
      `[markdown] no worker free for ${QUEUE_TIMEOUT_MS / 1000} s: a rendering dropped${this.skipped ? ` (${this.skipped} more since the last line)` : ""}`,
    );
    this.lastLogged = now;
    this.skipped = 0;
  },
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * What a post shows when it could not be rendered in time: its source as escaped text, one
 * paragraph per block between blank lines. Linear, and safe without any parser.
 */
export function plainTextFallback(source: string): RenderedMarkdown {
  const blocks = (source ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return {
    html: blocks.map((block) => `<p>${escapeHtml(block)}</p>`).join("\n"),
    text: blocks.join(" ").replace(/\s+/g, " "),
  };
}
