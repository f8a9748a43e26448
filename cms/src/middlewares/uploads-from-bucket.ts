import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Context, Next } from 'koa';
import type { Readable } from 'stream';
import type { StorageSettings } from '../../config/storage';
import { bucketClient, isMissingObject } from '../media/upload-store';

const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9._-]+)$/;

/** Response headers of the object worth passing on: type, size, ranges (video seeking) and validators (304s). */
const forward = (ctx: Context, object: Record<string, unknown>) => {
  const headers: [string, unknown][] = [
    ['Content-Type', object.ContentType],
    ['Content-Length', object.ContentLength],
    ['Content-Range', object.ContentRange],
    ['ETag', object.ETag],
    ['Last-Modified', object.LastModified instanceof Date ? object.LastModified.toUTCString() : undefined],
  ];
  for (const [name, value] of headers) if (value !== undefined && value !== null) ctx.set(name, String(value));
  ctx.set('Accept-Ranges', 'bytes');
  // Stored names change when a file is replaced, as on disk.
  ctx.set('Cache-Control', 'public, max-age=86400');
};

/**
 * With uploads in a bucket (UPLOAD_PROVIDER=s3), GET and HEAD /uploads/<name> answer with the
 * object, as the local provider answers with the file: every URL the CMS hands out stays
 * /uploads/<name>, the web's /uploads and /img read from here, and the bucket needs no public access.
 * Streamed, never buffered; the visitor's Range and conditional headers go to the bucket.
 */
export default () => {
  const storage = strapi.config.get('storage') as StorageSettings;
  if (storage.provider !== 's3') return async (_ctx: Context, next: Next) => next();
  const client = bucketClient(storage.s3);
  const Bucket = storage.s3.bucket;

  return async (ctx: Context, next: Next) => {
    const match = UPLOAD_PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const Key = match[1];
    if (Key.startsWith('.')) return next();
    const conditions = {
      Range: ctx.get('range') || undefined,
      IfNoneMatch: ctx.get('if-none-match') || undefined,
      IfModifiedSince: ctx.get('if-modified-since') ? new Date(ctx.get('if-modified-since')) : undefined,
    };
    try {
      if (ctx.method === 'HEAD') {
        const { Range: _range, ...headConditions } = conditions;
        forward(ctx, (await client.send(new HeadObjectCommand({ Bucket, Key, ...headConditions }))) as unknown as Record<string, unknown>);
        ctx.status = 200;
        return;
      }
      const object = await client.send(new GetObjectCommand({ Bucket, Key, ...conditions }));
      ctx.status = object.ContentRange ? 206 : 200;
      forward(ctx, object as unknown as Record<string, unknown>);
      // Koa destroys the stream when the visitor goes away, which stops reading from the bucket.
      ctx.body = object.Body as Readable;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (isMissingObject(error)) return next();
      if (status === 304 || status === 416) {
        ctx.status = status;
        return;
      }
      strapi.log.error(`[uploads] could not read ${Key} from the bucket: ${(error as Error).message}`);
      ctx.status = 502;
      ctx.body = 'Bad gateway';
    }
  };
};
