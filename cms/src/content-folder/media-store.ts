import { randomBytes } from 'crypto';
import { createReadStream } from 'fs';
import { copyFile, mkdtemp, rm } from 'fs/promises';
import os from 'os';
import path from 'path';
import { removeMetadata } from '../media/remove-metadata';
import { uploadStore } from '../media/upload-store';
import type { StoredFile } from './stored';
import type { CheckedMedia } from './validate';

const FILE_UID = 'plugin::upload.file';

interface UploadFileData {
  name: string;
  alternativeText: string | null;
  caption: null;
  hash: string;
  ext: string;
  mime: string;
  size: number;
  sizeInBytes: number;
  folderPath: string;
  width?: number | null;
  height?: number | null;
  formats?: Record<string, unknown>;
  url?: string;
  provider?: string;
  filepath?: string;
  tmpWorkingDirectory?: string;
  getStream: () => NodeJS.ReadableStream;
}

const upload = () => strapi.plugin('upload');
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

/**
 * Strapi stores a picture's thumbnail and responsive sizes as `<key>_<hash><ext>`, with these keys:
 * the configured ones, and those of sizes made before (files from then keep them).
 */
const sizeKeys = () => [
  ...new Set([
    'thumbnail',
    'large',
    'medium',
    'small',
    'xsmall',
    ...Object.keys(strapi.config.get('plugin::upload.breakpoints', {}) as Record<string, number>),
  ]),
];

/**
 * Is `<hash><ext>` free for a new stored file, with the sizes Strapi makes of it
 * (`thumbnail_<hash><ext>`, `small_<hash><ext>`, ...)? Every name that may be written must be:
 * no row is stored under it, no row makes it as one of its own sizes, and no file is stored
 * there (on disk or in the bucket). Otherwise `media/thumbnail_hero.jpg` would overwrite the thumbnail of `hero.jpg`, and
 * `hero.jpg` the file stored as `thumbnail_hero.jpg`.
 */
async function nameIsFree(hash: string, ext: string) {
  const keys = sizeKeys();
  const written = [hash, ...keys.map((key) => `${key}_${hash}`)];
  const sizeOwners = written.flatMap((name) => keys.filter((key) => name.startsWith(`${key}_`)).map((key) => name.slice(key.length + 1)));
  const taken = await strapi.db.query(FILE_UID).findOne({ where: { ext, hash: { $in: [...written, ...sizeOwners] } }, select: ['id'] });
  if (taken) return false;
  const store = uploadStore();
  const stored = await Promise.all(written.map((name) => store.has(`${name}${ext}`)));
  return !stored.includes(true);
}

/**
 * Stores a folder's media file as a media-library file, without its metadata (the pixels or
 * streams as they are), under the folder's file name (`media/hero.jpg` is served at
 * `/uploads/hero.jpg`), or with a random suffix when another file already has that name. Strapi's
 * own upload would give a random name; a content folder keeps it. The name is taken when it, or a
 * name of its sizes, is stored or on disk already.
 * Thumbnails and responsive sizes are made as Strapi's upload makes them.
 * Returns the row and a function that removes what was written (for a rolled-back import).
 */
export async function storeMediaFile(media: CheckedMedia): Promise<{ file: StoredFile; undo: () => Promise<void> }> {
  const ext = path.extname(media.name);
  let hash = media.name.slice(0, -ext.length);
  while (!(await nameIsFree(hash, ext))) hash = `${media.name.slice(0, -ext.length)}_${randomBytes(3).toString('hex')}`;

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'content-import-'));
  // The folder's own file stays as it is: what is stored is a copy without its metadata.
  const cleanCopy = path.join(workDir, `clean${ext}`);
  const data: UploadFileData = {
    name: media.name,
    alternativeText: media.alt ?? null,
    caption: null,
    hash,
    ext,
    mime: media.type.mime,
    size: kilobytes(media.size),
    sizeInBytes: media.size,
    folderPath: '/',
    filepath: cleanCopy,
    tmpWorkingDirectory: workDir,
    getStream: () => createReadStream(cleanCopy),
  };
  const written: { hash: string; ext: string; url?: string }[] = [];
  const provider = upload().service('provider');
  const images = upload().service('image-manipulation');
  try {
    await copyFile(media.path, cleanCopy);
    const { size } = await removeMetadata(cleanCopy, media.type);
    Object.assign(data, { size: kilobytes(size), sizeInBytes: size });
    if (await images.isImage(data)) {
      Object.assign(data, await images.getDimensions(data));
      await provider.upload(data);
      written.push(data);
      if (await images.isResizableImage(data)) {
        const formats: Record<string, unknown> = {};
        const thumbnail = await images.generateThumbnail(data);
        const responsive = ((await images.generateResponsiveFormats(data)) ?? []) as { key: string; file: UploadFileData }[];
        for (const { key, file } of [...(thumbnail ? [{ key: 'thumbnail', file: thumbnail as UploadFileData }] : []), ...responsive]) {
          await provider.upload(file);
          written.push(file);
          const { getStream: _stream, filepath: _path, tmpWorkingDirectory: _tmp, ...format } = file;
          formats[key] = format;
        }
        if (Object.keys(formats).length > 0) data.formats = formats;
      }
    } else {
      await provider.upload(data);
      written.push(data);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const { getStream: _stream, filepath: _path, tmpWorkingDirectory: _tmp, ...row } = data;
  const file = (await strapi.db.query(FILE_UID).create({
    data: { ...row, provider: strapi.config.get('plugin::upload.provider', 'local') },
  })) as StoredFile;
  const undo = async () => {
    for (const item of written)
      await upload()
        .provider.delete(item)
        .catch(() => undefined);
  };
  return { file, undo };
}
