import { errors } from '@strapi/utils';
import { sniffFile } from '../contract/file-type';
import { removeMetadata } from './remove-metadata';

/** A file as Strapi's upload service receives it (the body parser's temporary file). */
export interface IncomingUpload {
  filepath?: string;
  size: number;
  mimetype?: string | null;
}

/**
 * Every file on its way into storage, whatever sent it (the /api contract, the staff admin,
 * Strapi's console and /api/upload): it must be a photo or video of a type the site shows, and
 * it is stored without its metadata. Its size is updated to what is stored.
 */
export async function prepareIncomingFile(file: IncomingUpload) {
  if (!file.filepath) throw new errors.ApplicationError('The file could not be read.');
  const type = await sniffFile(file.filepath);
  if (!type) throw new errors.ValidationError('Only photos (jpg, jpeg, png, gif) and videos (mp4, avi, mov, mkv, webm) can be stored.');
  const { size } = await removeMetadata(file.filepath, type).catch((error: Error) => {
    throw new errors.ValidationError(`The file could not be read: ${error.message}`);
  });
  file.size = size;
  file.mimetype = type.mime;
}

export async function prepareIncomingFiles(files: IncomingUpload | IncomingUpload[] | undefined) {
  for (const file of [files ?? []].flat()) await prepareIncomingFile(file);
}
