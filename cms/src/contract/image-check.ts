import sharp from 'sharp';
import { uploadLimits } from '../../config/limits';

export type ImageCheck = 'ok' | 'unreadable' | 'too-many-pixels';

/**
 * Whether an image file is safe to store and process: its dimensions come from the header first,
 * without decoding (a 5 KB PNG can declare 40 megapixels), and only a picture within
 * IMAGE_MAX_PIXELS is then decoded whole, with sharp's pixel limit and down to a thumbnail, which
 * libvips does row by row: corrupt or truncated data is found while memory stays a few MB.
 */
export async function checkImage(filepath: string, maxPixels = uploadLimits.imageMaxPixels): Promise<ImageCheck> {
  try {
    const { width = 0, height = 0 } = await sharp(filepath, { limitInputPixels: false }).metadata();
    if (!width || !height) return 'unreadable';
    if (width * height > maxPixels) return 'too-many-pixels';
    await sharp(filepath, { limitInputPixels: maxPixels, sequentialRead: true }).resize(64, 64, { fit: 'inside' }).toBuffer();
    return 'ok';
  } catch {
    return 'unreadable';
  }
}
