import { readFile, rename, rm, stat, writeFile } from 'fs/promises';
import sharp from 'sharp';
import { uploadLimits } from '../../config/limits';
import type { SniffedType } from '../contract/file-type';
import { stripImageMetadata, type ImageFormat } from './image-metadata';
import { removeVideoMetadata } from './video-metadata';

const IMAGE_FORMATS: Record<string, ImageFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

/** Quality of a JPEG re-encoded to turn it upright: no visible loss, about the size a phone saves. */
const UPRIGHT_JPEG_QUALITY = 92;

/**
 * A photo whose EXIF orientation says "rotate me" is turned upright in its pixels first: once its
 * EXIF is gone nothing would tell a browser (or Strapi's thumbnail maker, which ignores it) to turn
 * it. Only then is it re-encoded (JPEG at high quality, PNG losslessly); upright photos keep their
 * compressed data as it is.
 */
async function upright(buf: Buffer, format: ImageFormat): Promise<Buffer> {
  if (format === 'gif') return buf;
  const { orientation = 1 } = await sharp(buf).metadata();
  if (orientation <= 1) return buf;
  const turned = sharp(buf, { limitInputPixels: uploadLimits.imageMaxPixels }).rotate().keepIccProfile();
  return format === 'jpeg' ? turned.jpeg({ quality: UPRIGHT_JPEG_QUALITY }).toBuffer() : turned.png().toBuffer();
}

/** Replaces a file's content through a sibling file and a rename, so a crash never leaves it half-written. */
async function replaceFile(filepath: string, content: Buffer) {
  const temporary = `${filepath}.clean`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, filepath);
  } finally {
    await rm(temporary, { force: true });
  }
}

export interface MetadataRemoval {
  /** Whether the file had anything to remove (and was rewritten). */
  changed: boolean;
  /** Its size afterwards. */
  size: number;
}

/**
 * Removes a photo's or video's metadata (place, time, device, person) in place, keeping what is
 * shown: the pixels of a photo, upright and with its colour profile; the streams of a video,
 * without re-encoding. Idempotent: a clean file is left as it is.
 */
export async function removeMetadata(filepath: string, type: SniffedType): Promise<MetadataRemoval> {
  if (type.kind === 'video') return removeVideoMetadata(filepath, type);
  const format = IMAGE_FORMATS[type.mime];
  if (!format) throw new Error(`no metadata remover for ${type.mime}`);
  const original = await readFile(filepath);
  const cleaned = stripImageMetadata(await upright(original, format), format);
  if (cleaned.equals(original)) return { changed: false, size: original.length };
  await replaceFile(filepath, cleaned);
  return { changed: true, size: (await stat(filepath)).size };
}
