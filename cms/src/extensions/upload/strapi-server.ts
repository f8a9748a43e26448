import { createReadStream } from 'fs';
import { writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { checkImageHeader } from '../../contract/image-check';
import { decodedThumbnails, storeIncoming, type IncomingUpload } from '../../media/incoming';

type UploadedFile = {
  filepath?: string;
  name: string;
  hash: string;
  ext?: string;
  mime?: string;
  path?: string | null;
  tmpWorkingDirectory?: string;
};
type ImageManipulation = {
  isFaultyImage: (file: UploadedFile) => Promise<boolean>;
  generateThumbnail: (file: UploadedFile) => Promise<unknown>;
  [name: string]: unknown;
};
type UploadArgs = { data: unknown; files: IncomingUpload | IncomingUpload[] };
type UploadService = {
  upload(args: UploadArgs, opts?: unknown): Promise<unknown>;
  replace(id: unknown, args: { data: unknown; file: IncomingUpload }, opts?: unknown): Promise<unknown>;
  [name: string]: unknown;
};
type Plugin = { services: Record<string, unknown> };

/**
 * The upload plugin's image handling, bounded in memory for every upload (contract, Strapi's
 * console, /api/upload). Its thumbnails and responsive sizes are made row by row and stay as they are.
 */
export default (plugin: Plugin) => {
  const stock = plugin.services['image-manipulation'] as ImageManipulation;
  plugin.services['image-manipulation'] = {
    ...stock,
    // Strapi decodes the whole picture into memory to see whether it is corrupt (sharp's stats():
    // 130 MB for 40 megapixels). Pictures are decoded once on their way in (media/incoming.ts),
    // within the pixel limit and row by row; here only the header is read again.
    async isFaultyImage(file: UploadedFile) {
      return file.filepath ? (await checkImageHeader(file.filepath)) !== 'ok' : stock.isFaultyImage(file);
    },
    // The thumbnail made by that one decode, stored as Strapi would store its own.
    async generateThumbnail(file: UploadedFile) {
      const decoded = file.filepath ? decodedThumbnails.get(file.filepath) : undefined;
      if (decoded === undefined) return stock.generateThumbnail(file);
      if (decoded === null) return null;
      const hash = `thumbnail_${file.hash}`;
      const filepath = path.join(file.tmpWorkingDirectory ?? os.tmpdir(), hash);
      await writeFile(filepath, decoded.data);
      return {
        name: `thumbnail_${file.name}`,
        hash,
        ext: file.ext,
        mime: file.mime,
        filepath,
        path: file.path ?? null,
        getStream: () => createReadStream(filepath),
        width: decoded.width,
        height: decoded.height,
        size: Math.round((decoded.data.length / 1000) * 100) / 100,
        sizeInBytes: decoded.data.length,
      };
    },
    // Strapi re-encodes the original at full size ("size optimization"), which holds the whole
    // picture in memory (200+ MB for 40 megapixels): the original is kept as uploaded. The site
    // shows resized copies (the web's /img) and never needs it smaller.
    async optimize<T>(file: T) {
      return file;
    },
  };

  // Every file the upload service stores (the /api contract, the staff admin, Strapi's console,
  // /api/upload) is a photo or video of a type the site shows, and loses its metadata (GPS
  // position, camera serial, owner) and is decoded once before Strapi measures it, makes its
  // thumbnail or stores it.
  const stockUpload = plugin.services.upload as (deps: unknown) => UploadService;
  plugin.services.upload = (deps: unknown) => {
    const service = stockUpload(deps);
    return {
      ...service,
      upload: (args: UploadArgs, opts?: unknown) => storeIncoming(args.files, () => service.upload(args, opts)),
      replace: (id: unknown, args: { data: unknown; file: IncomingUpload }, opts?: unknown) =>
        storeIncoming(args.file, () => service.replace(id, args, opts)),
    };
  };
  return plugin;
};
