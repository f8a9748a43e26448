import { createHash } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { MEDIA_CACHE_CONTROL } from "~/lib/http-cache";
import { fallbackFormat, IMAGE_WIDTHS, type ImageFormat, isResizable } from "~/lib/images";

const ROUTE = /^\/(\d{2,4})\/(webp|jpeg|png|gif)\/([A-Za-z0-9._-][A-Za-z0-9._\-/]*)$/;
const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

export interface ImageHandlerOptions {
  /** Where the originals are read: the CMS's /uploads, or a public bucket's address. */
  uploadsUrl: string;
  /** Where resized files are kept between requests and restarts. */
  cacheDir: string;
  /** Largest upload read from the CMS (bytes) and largest image decoded (pixels). */
  maxInputBytes?: number;
  maxInputPixels?: number;
  timeoutMs?: number;
  /** Resizes at once; more wait. Two cores: two. */
  concurrency?: number;
  /** Resizes allowed to wait; beyond that the answer is 503 (retry later), not a growing queue. */
  maxQueue?: number;
  /** Uploads remembered as existing or gone (least recently asked forgotten first). */
  maxRemembered?: number;
}

type UploadState = "exists" | "gone" | "unknown";

export interface ImageHandler {
  (req: Request, res: Response): Promise<void>;
  /** Forget which originals were seen to exist (content changed: one may have been deleted). */
  forgetVerified(): void;
}

/**
 * GET /img/{width}/{format}/{file}: an upload resized to an allowed width (never enlarged) in
 * WebP or in the upload's own format, made with sharp on first request and kept on disk.
 * Only the widths of app/lib/images.ts and those two formats exist, so the number of files one
 * upload can cause is bounded. Before serving, the original is checked to still exist on the
 * CMS (once per content change), so a deleted photo stops being served.
 */
export function createImageHandler(opts: ImageHandlerOptions): ImageHandler {
  const maxInputBytes = opts.maxInputBytes ?? 25 * 1024 * 1024;
  const maxInputPixels = opts.maxInputPixels ?? 40_000_000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const limit = createLimiter(opts.concurrency ?? 2);
  const maxQueue = opts.maxQueue ?? 200;
  const inflight = new Map<string, Promise<void>>();
  // Bounded: every name a visitor makes up is looked up once, and a crawler or attacker asking
  // for 40,000 missing names must not grow the process (10,000 entries: a few MB).
  const verified = new LRUCache<string, Promise<UploadState>>({ max: opts.maxRemembered ?? 10_000 });
  sharp.concurrency(1);
  sharp.cache(false);

  const base = opts.uploadsUrl.replace(/\/+$/, "");
  const dirFor = (rest: string) => path.join(opts.cacheDir, createHash("sha256").update(rest).digest("hex").slice(0, 32));

  async function verify(rest: string): Promise<UploadState> {
    let pending = verified.get(rest);
    if (!pending) {
      pending = fetch(`${base}/${rest}`, { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) }).then(
        (r) => (r.ok ? "exists" : r.status === 404 ? "gone" : "unknown"),
        () => "unknown" as const,
      );
      verified.set(rest, pending);
      // Do not remember failures: ask again next time.
      void pending.then((state) => {
        if (state === "unknown" && verified.peek(rest) === pending) verified.delete(rest);
      });
    }
    return pending;
  }

  async function render(rest: string, width: number, format: ImageFormat, file: string) {
    const response = await fetch(`${base}/${rest}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new HttpError(response.status === 404 ? 404 : 502);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > maxInputBytes) throw new HttpError(413);
    const input = Buffer.from(await response.arrayBuffer());
    if (input.length > maxInputBytes) throw new HttpError(413);
    const animated = format === "gif" || (format === "webp" && /\.gif$/i.test(rest));
    let pipeline = sharp(input, { limitInputPixels: maxInputPixels, animated }).rotate().resize({ width, withoutEnlargement: true });
    pipeline =
      format === "webp"
        ? pipeline.webp({ quality: 72, effort: 4 })
        : format === "jpeg"
          ? pipeline.jpeg({ quality: 76, mozjpeg: true, progressive: true })
          : format === "png"
            ? pipeline.png({ compressionLevel: 9, palette: true, quality: 85, effort: 7 })
            : pipeline.gif();
    const output = await pipeline.toBuffer();
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, output);
    await rename(tmp, file);
  }

  const handler = (async (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).end();
      return;
    }
    const match = ROUTE.exec(req.path);
    const width = Number(match?.[1]);
    const format = match?.[2] as ImageFormat | undefined;
    const rest = match?.[3] ?? "";
    const upload = `/uploads/${rest}`;
    if (
      !match ||
      !format ||
      rest.includes("..") ||
      !(IMAGE_WIDTHS as readonly number[]).includes(width) ||
      !isResizable(upload) ||
      (format !== "webp" && format !== fallbackFormat(upload))
    ) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const dir = dirFor(rest);
    const file = path.join(dir, `${width}.${format}`);
    try {
      const state = await verify(rest);
      if (state === "gone") {
        await rm(dir, { recursive: true, force: true });
        throw new HttpError(404);
      }
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        if (state === "unknown") throw new HttpError(502);
        let pending = inflight.get(file);
        if (!pending && limit.waiting() >= maxQueue) throw new HttpError(503);
        if (!pending) {
          pending = limit(() => render(rest, width, format, file));
          inflight.set(file, pending);
          void pending.then(
            () => inflight.delete(file),
            () => inflight.delete(file),
          );
        }
        await pending;
      }
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 502;
      if (!(error instanceof HttpError)) console.error(`[img] ${upload} at ${width} ${format}: ${(error as Error).message}`);
      if (status === 503) res.setHeader("Retry-After", "5");
      const text = status === 404 ? "Not found" : status === 503 ? "Busy, try again" : "Bad gateway";
      if (!res.headersSent) res.status(status).type("text/plain").send(text);
      return;
    }
    res.sendFile(file, {
      // The cache folder may sit under a dot-folder (.test-tmp); the path is ours, not the visitor's.
      dotfiles: "allow",
      cacheControl: false,
      headers: {
        "Cache-Control": MEDIA_CACHE_CONTROL,
        "Content-Type": CONTENT_TYPES[format],
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  }) as ImageHandler;

  handler.forgetVerified = () => {
    verified.clear();
  };
  return handler;
}

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Runs at most `n` tasks at once; the others wait their turn. */
export function createLimiter(n: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  function run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            queue.shift()?.();
          });
      };
      if (running < n) start();
      else queue.push(start);
    });
  }
  run.waiting = () => queue.length;
  return run;
}
