import sharp from 'sharp';
import { uploadLimits } from '../../config/limits';

export type ImageCheck = 'ok' | 'unreadable' | 'too-many-pixels';

/**
 * Whether an image's header is readable and declares at most IMAGE_MAX_PIXELS, without decoding a
 * pixel (a 5 KB PNG can declare 40 megapixels): what may be decoded at all.
 */
export async function checkImageHeader(filepath: string, maxPixels = uploadLimits.imageMaxPixels): Promise<ImageCheck> {
  try {
    const { width = 0, height = 0 } = await sharp(filepath, { limitInputPixels: false }).metadata();
    if (!width || !height) return 'unreadable';
    return width * height > maxPixels ? 'too-many-pixels' : 'ok';
  } catch {
    return 'unreadable';
  }
}

/**
 * Whether an image file is safe to store and process: its header first (checkImageHeader), then a
 * picture within IMAGE_MAX_PIXELS is decoded whole, with sharp's pixel limit and down to a
 * thumbnail, which libvips does row by row: corrupt or truncated data is found while memory stays
 * a few MB. Uploads are decoded once, on their way into storage (media/incoming.ts); this full check
 * is for files checked before anything is stored (content folders).
 */
export async function checkImage(filepath: string, maxPixels = uploadLimits.imageMaxPixels): Promise<ImageCheck> {
  const header = await checkImageHeader(filepath, maxPixels);
  if (header !== 'ok') return header;
  try {
    await sharp(filepath, { limitInputPixels: maxPixels, sequentialRead: true }).resize(64, 64, { fit: 'inside' }).toBuffer();
    return 'ok';
  } catch {
    return 'unreadable';
  }
}
