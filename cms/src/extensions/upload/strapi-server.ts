import { checkImage } from '../../contract/image-check';
import { prepareIncomingFiles, type IncomingUpload } from '../../media/incoming';

type UploadedFile = { filepath?: string };
type ImageManipulation = { isFaultyImage: (file: UploadedFile) => Promise<boolean>; [name: string]: unknown };
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
    // 130 MB for 40 megapixels); checkImage reads the header first and decodes within the pixel limit.
    async isFaultyImage(file: UploadedFile) {
      return file.filepath ? (await checkImage(file.filepath)) !== 'ok' : stock.isFaultyImage(file);
    },
    // Strapi re-encodes the original at full size ("size optimization"), which holds the whole
    // picture in memory (200+ MB for 40 megapixels): the original is kept as uploaded. The site
    // shows resized copies (responsive sizes, the web's /img) and never needs it smaller.
    async optimize<T>(file: T) {
      return file;
    },
  };

  // Every file the upload service stores (the /api contract, the staff admin, Strapi's console,
  // /api/upload) is a photo or video of a type the site shows, and loses its metadata (GPS
  // position, camera serial, owner) before Strapi measures it, makes its thumbnail or stores it.
  const stockUpload = plugin.services.upload as (deps: unknown) => UploadService;
  plugin.services.upload = (deps: unknown) => {
    const service = stockUpload(deps);
    return {
      ...service,
      async upload(args: UploadArgs, opts?: unknown) {
        await prepareIncomingFiles(args.files);
        return service.upload(args, opts);
      },
      async replace(id: unknown, args: { data: unknown; file: IncomingUpload }, opts?: unknown) {
        await prepareIncomingFiles(args.file);
        return service.replace(id, args, opts);
      },
    };
  };
  return plugin;
};
