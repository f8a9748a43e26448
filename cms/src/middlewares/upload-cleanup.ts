import { rm } from 'fs/promises';
import type { Context, Next } from 'koa';
import { incomingFilesOf } from '../../config/limits';

type TempFile = { filepath?: string };

/**
 * Removes every temporary file the body parser wrote for this request, whatever its field
 * (Strapi's body middleware only cleans the `files` field; the contract uses photo/image/video/media),
 * also when the parse failed part-way (too many files, a file too large), before the answer goes.
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const files = (ctx.request as unknown as { files?: Record<string, TempFile | TempFile[]> }).files ?? {};
    const paths = Object.values(files)
      .flat()
      .map((file) => file?.filepath)
      .filter((path): path is string => Boolean(path));
    await Promise.all([...new Set([...paths, ...incomingFilesOf(ctx.req.headers)])].map((path) => rm(path, { force: true })));
  }
};
