import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { checkUpload, createContractActions } from '../../../contract/actions';
import { blog } from '../../../contract/definitions';
import { ContractError, refuseInvalid, reply, replyWithError, type FieldErrors } from '../../../contract/errors';
import { incomingFile, storeUpload } from '../../../contract/files';
import { POST_PHOTO_FIELD, postPhotoAltProblem } from '../../../contract/shared/post-photo-rules';
import { FIELD_MESSAGES } from '../../../contract/shared/rules';
import { storedName } from '../../../media/stored-files';

const UNKNOWN_FIELD = 'This field cannot be changed here.';

/** A post page asks for its photos at once; more than this is not a post. */
const MAX_PHOTOS = 100;

// Strapi's core actions plus the product spec's /api/blog contract (routes/01-custom-blog.ts).
export default factories.createCoreController('api::blog.blog', () => ({
  ...createContractActions(blog),

  /**
   * POST /api/post-photos (multipart: photo, alt) -> 201 {url, width, height, alt}: a photo for a
   * post's text, checked (type by its bytes, size and pixel limits) and stored without its metadata
   * like a cover. Nothing links it yet: the post's text does once saved, and a photo taken out of a
   * post goes when the post is saved (media/post-photo-cleanup.ts).
   */
  async storePhoto(ctx: Context) {
    try {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = {};
      for (const key of Object.keys(body)) if (key !== 'alt') errors[key] = [UNKNOWN_FIELD];
      const altProblem = postPhotoAltProblem(body.alt);
      if (altProblem) errors.alt = [altProblem];
      const upload = incomingFile(ctx, POST_PHOTO_FIELD);
      if (!upload) errors[POST_PHOTO_FIELD] = [FIELD_MESSAGES.photoRequired];
      const sniffed = upload ? await checkUpload(POST_PHOTO_FIELD, 'image', upload, errors) : null;
      refuseInvalid(errors);
      const alt = String(body.alt).trim();
      const stored = await storeUpload(POST_PHOTO_FIELD, upload!, sniffed!, { label: 'post-photo', alt });
      reply(ctx, 201, { url: stored.url, width: stored.width, height: stored.height, alt });
    } catch (error) {
      if (error instanceof ContractError) return replyWithError(ctx, error);
      strapi.log.error(`[post-photos] ${(error as Error).stack ?? error}`);
      reply(ctx, 500, { message: 'Something went wrong' });
    }
  },

  /**
   * GET /api/post-photo-sizes?url=...&url=... -> {"<url as asked>": {"url": "/uploads/a.jpg", "width": 4000, "height": 3000}}:
   * the stored photos among the URLs a post's text shows, relative (/uploads/a.jpg) or at the CMS's
   * own address (what the Strapi console's Image button writes); other URLs are left out. Only the
   * path and size of files anyone may already fetch at /uploads.
   */
  async photoSizes(ctx: Context) {
    // Read from the raw query string: the parsed query turns a list of more than 100 into an object.
    const asked = [...new Set(new URLSearchParams(ctx.querystring).getAll('url'))];
    if (asked.length > MAX_PHOTOS) {
      ctx.status = 400;
      ctx.body = { message: `At most ${MAX_PHOTOS} photos at once`, errors: { url: [`At most ${MAX_PHOTOS} photos at once`] } };
      return;
    }
    const paths = new Map(
      asked.map((url) => [url, uploadPathOf(url)] as const).filter((pair): pair is [string, string] => pair[1] !== null),
    );
    const rows = paths.size
      ? ((await strapi.db.query('plugin::upload.file').findMany({
          where: { url: { $in: [...new Set(paths.values())] }, mime: { $startsWith: 'image/' } },
          select: ['url', 'width', 'height'],
        })) as { url: string; width: number | null; height: number | null }[])
      : [];
    const sizes = new Map(
      rows.filter((row) => row.width && row.height).map((row) => [row.url, { url: row.url, width: row.width, height: row.height }]),
    );
    ctx.body = Object.fromEntries([...paths].flatMap(([url, path]) => (sizes.has(path) ? [[url, sizes.get(path)]] : [])));
  },
}));

/** `/uploads/<name>` of an upload URL, relative or at the CMS's own public address; null for any other. */
function uploadPathOf(url: string): string | null {
  if (url.startsWith('/')) return storedName(url) ? url : null;
  try {
    const parsed = new URL(url);
    const own = new URL(strapi.config.get('server.url') as string);
    if (parsed.origin !== own.origin || parsed.search || parsed.hash) return null;
    return storedName(parsed.pathname) ? parsed.pathname : null;
  } catch {
    return null;
  }
}
