import { rm } from 'fs/promises';
import type { Context, Next } from 'koa';

type TempFile = { filepath?: string };

/**
 * Removes every temporary file the body parser wrote for this request, whatever its field
 * (Strapi's body middleware only cleans the `files` field; the contract uses photo/image/video/media).
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const files = (ctx.request as unknown as { files?: Record<string, TempFile | TempFile[]> }).files;
    if (files) {
      const paths = Object.values(files)
        .flat()
        .map((file) => file?.filepath)
        .filter((path): path is string => Boolean(path));
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    }
  }
};
