import type { Context, Next } from 'koa';
import { withheldPhotos } from '../consent/withheld';

const UPLOAD_PATH = /^\/uploads\/([^/]+)$/;

/**
 * GET and HEAD /uploads/<name> of a photo whose consent was withdrawn (the original or any resized
 * copy) answer 404 to everyone: the web's /uploads and /img read from here, so visitors lose it
 * there too. Other paths cost nothing; an upload's path one cached set lookup.
 */
export default () => async (ctx: Context, next: Next) => {
  const match = UPLOAD_PATH.exec(ctx.path);
  if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return next();
  }
  const { names } = await withheldPhotos();
  if (names.has(name)) {
    ctx.status = 404;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = 'Not Found';
    return;
  }
  return next();
};
