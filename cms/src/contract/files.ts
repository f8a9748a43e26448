import type { Context } from 'koa';
import { websiteUploadsFolder } from '../bootstrap/uploads';
import { removeIfUnused } from '../stored-files';
import type { ContractDefinition, MediaFile } from './definitions';
import type { SniffedType } from './file-type';
import { UnreadableFileError } from '../media/incoming';
import { ContractError } from './errors';
import { serverMessages } from './messages';
import { invalidTypeMessage } from './validation';

// The contract's files: taken from the request, stored in the website's uploads folder under a
// name made from the title, removed with their entry when no other entry uses them.

/** A file as the body parser (formidable) leaves it on disk. */
export interface IncomingFile {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
  size: number;
}

/** A request's checked files: the kind's main file and any optional images. */
export interface RequestFiles {
  file?: { file: IncomingFile; sniffed: SniffedType };
  images: { field: string; file: IncomingFile; sniffed: SniffedType }[];
}

/** A file's absolute URL, as the contract answers it. */
export const fileUrlFor = (file: MediaFile | null | undefined): string | null => {
  if (!file?.url) return null;
  if (/^https?:\/\//.test(file.url)) return file.url;
  return `${strapi.config.get('server.absoluteUrl')}${file.url}`;
};

/** The request's upload in a multipart field, if one came (an empty file input counts as none). */
export function incomingFile(ctx: Context, field: string): IncomingFile | undefined {
  const files = (ctx.request as unknown as { files?: Record<string, IncomingFile | IncomingFile[]> }).files;
  const file = files?.[field];
  if (Array.isArray(file)) return file[0];
  return file && file.size > 0 ? file : undefined;
}

/** A stored name built from the title, never from the client's file name. */
const storedFileName = (label: string, sniffed: SniffedType) => {
  const base = label
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'file'}${sniffed.ext}`;
};

const uploadService = () => strapi.plugin('upload').service('upload');

/**
 * Stores one checked upload in the website's uploads folder (metadata removed on the way in,
 * media/incoming.ts) under a name made from `label`: the contract's kinds and the hero slides'
 * photos go through it alike. A picture that cannot be decoded is the client's error.
 */
export async function storeUpload(field: string, file: IncomingFile, sniffed: SniffedType, { label, alt }: { label: string; alt: string }) {
  const name = storedFileName(label, sniffed);
  const prepared = { ...file, originalFilename: name, mimetype: sniffed.mime };
  const folder = await websiteUploadsFolder();
  try {
    const [stored] = await uploadService().upload({
      data: { fileInfo: { name, alternativeText: alt, folder: folder.id } },
      files: prepared,
    });
    return stored as MediaFile;
  } catch (error) {
    // A picture is decoded on its way into storage: a corrupt one is the client's error, in the contract's words.
    if (!(error instanceof UnreadableFileError)) throw error;
    const message = error.reason === 'too-many-pixels' ? serverMessages.imageTooManyPixels : invalidTypeMessage(sniffed.kind);
    throw new ContractError(400, message, { [field]: [message] });
  }
}

const storeFile = (
  def: ContractDefinition,
  field: string,
  file: IncomingFile,
  sniffed: SniffedType,
  values: Record<string, string>,
  suffix = '',
) => storeUpload(field, file, sniffed, { label: `${values.title ?? values.name ?? def.fileField}${suffix}`, alt: def.altText(values) });

/** Stores the request's files; returns the attributes that point at them. All or nothing: a failure removes what was stored. */
export async function storeFiles(def: ContractDefinition, { file, images, values }: RequestFiles & { values: Record<string, string> }) {
  const stored: { field: string; file: MediaFile }[] = [];
  try {
    if (file) stored.push({ field: def.fileField, file: await storeFile(def, def.fileField, file.file, file.sniffed, values) });
    for (const image of images) {
      stored.push({ field: image.field, file: await storeFile(def, image.field, image.file, image.sniffed, values, `-${image.field}`) });
    }
  } catch (error) {
    await removeFiles(stored.map((entry) => entry.file));
    throw error;
  }
  return { attributes: Object.fromEntries(stored.map((entry) => [entry.field, entry.file.id])), files: stored };
}

/**
 * Removes files an entry no longer uses (replaced, or the entry deleted): each goes only when no
 * other entry or component links to it, since the Strapi console can give one file to several entries.
 */
export const removeFiles = async (files: (MediaFile | null | undefined)[]) => {
  for (const file of files) if (file?.id) await removeIfUnused(file.id);
};
