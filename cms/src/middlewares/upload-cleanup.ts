import { rm } from 'fs/promises';
import type { Context, Next } from 'koa';
import { incomingFilesOf, type IncomingFile } from '../../config/limits';

type TempFile = Partial<IncomingFile>;

/**
 * Removes every temporary file the body parser wrote for this request, whatever its field
 * (Strapi's body middleware only cleans the `files` field; the contract uses photo/image/video/media),
 * also when the parse failed part-way (too many files, a file too large), before the answer goes.
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const requestFiles = (ctx.request as unknown as { files?: Record<string, TempFile | TempFile[]> }).files ?? {};
    const byPath = new Map<string, TempFile>();
    for (const file of [...Object.values(requestFiles).flat(), ...incomingFilesOf(ctx.req.headers)]) {
      if (file?.filepath) byPath.set(file.filepath, file);
    }
    await Promise.all([...byPath.values()].map(removeTempFile));
  }
};

/**
 * Removes a temporary file once nothing writes it: a parse stopped just after a file began leaves
 * its write stream still opening the file, which would create it again after an earlier removal.
 */
export async function removeTempFile(file: TempFile) {
  const stream = file._writeStream;
  if (stream && !stream.closed) {
    await new Promise<void>((resolve) => {
      stream.once('close', resolve);
      stream.destroy();
    });
  }
  await rm(file.filepath!, { force: true });
}
