import { errors } from '@strapi/utils';
import sharp from 'sharp';
import { uploadLimits } from '../../config/limits';
import { sniffFile, type SniffedType } from '../contract/file-type';
import { checkImageHeader } from '../contract/image-check';
import { removeMetadata } from './remove-metadata';

/** A file as Strapi's upload service receives it (the body parser's temporary file). */
export interface IncomingUpload {
  filepath?: string;
  size: number;
  mimetype?: string | null;
}

/** A file that is not the photo or video it claims to be (corrupt, truncated), or a picture past the pixel limit. */
export class UnreadableFileError extends errors.ValidationError {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'too-many-pixels' = 'unreadable',
  ) {
    super(message);
  }
}

/** The size of Strapi's thumbnails (its media library shows them); smaller pictures get none. */
const THUMBNAIL = { width: 245, height: 156 };

export interface DecodedThumbnail {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The thumbnail made while a picture was decoded on its way in, by its temporary file, for the
 * upload plugin to store instead of decoding the picture again (extensions/upload); null when the
 * picture is no larger than a thumbnail.
 */
export const decodedThumbnails = new Map<string, DecodedThumbnail | null>();

/**
 * A picture's one full decode on its way into storage: corrupt or truncated data is refused
 * before anything is stored, within the pixel limit, and the thumbnail comes out of the same decode.
 */
async function decodeOnce(filepath: string, type: SniffedType) {
  try {
    const { data, info } = await sharp(filepath, {
      animated: type.mime === 'image/gif',
      limitInputPixels: uploadLimits.imageMaxPixels,
      sequentialRead: true,
    })
      .resize({ ...THUMBNAIL, fit: 'inside', withoutEnlargement: true })
      .toBuffer({ resolveWithObject: true });
    const { width = 0, height = 0 } = await sharp(filepath).metadata();
    const larger = width > THUMBNAIL.width || height > THUMBNAIL.height;
    decodedThumbnails.set(filepath, larger ? { data, width: info.width, height: info.pageHeight ?? info.height } : null);
  } catch {
    throw new UnreadableFileError('The file is not a readable image.');
  }
}

/**
 * Every file on its way into storage, whatever sent it (the /api contract, the staff admin,
 * Strapi's console and /api/upload): it must be a photo or video of a type the site shows, and it
 * is stored without its metadata; a photo is decoded once here. Its size is updated to what is stored.
 */
export async function prepareIncomingFile(file: IncomingUpload) {
  if (!file.filepath) throw new errors.ApplicationError('The file could not be read.');
  const type = await sniffFile(file.filepath);
  if (!type) throw new errors.ValidationError('Only photos (jpg, jpeg, png, gif) and videos (mp4, avi, mov, mkv, webm) can be stored.');
  if (type.kind === 'image') {
    // Nothing is decoded before the header says the picture is within the pixel limit.
    const header = await checkImageHeader(file.filepath);
    if (header === 'too-many-pixels') throw new UnreadableFileError('The image is too large in dimensions.', 'too-many-pixels');
    if (header !== 'ok') throw new UnreadableFileError('The file is not a readable image.');
  }
  const { size } = await removeMetadata(file.filepath, type).catch((error: Error) => {
    throw new UnreadableFileError(`The file could not be read: ${error.message}`);
  });
  if (type.kind === 'image') await decodeOnce(file.filepath, type);
  file.size = size;
  file.mimetype = type.mime;
}

/**
 * Runs `store` (Strapi's upload or replace) on the files of one upload once each is prepared, and
 * forgets their thumbnails afterwards, stored or not.
 */
export async function storeIncoming<T>(files: IncomingUpload | IncomingUpload[] | undefined, store: () => Promise<T>): Promise<T> {
  const list = [files ?? []].flat();
  try {
    for (const file of list) await prepareIncomingFile(file);
    return await store();
  } finally {
    for (const file of list) if (file.filepath) decodedThumbnails.delete(file.filepath);
  }
}
