import { RULE_MESSAGES } from "@contract/rules";
import { isAllowedFile } from "./schemas";

/**
 * Photos are made the size the site shows before they leave the phone. A phone photo is
 * 4000x3000 pixels and 3-10 MB; the site never shows more than PHOTO_MAX_SIDE pixels of it
 * (the largest /img width), so a photo larger than that is decoded with its EXIF orientation
 * applied, drawn at PHOTO_MAX_SIDE on its long side and encoded again. The new file carries
 * no metadata at all (a canvas has none to write), and is about a tenth of the original.
 *
 * The browser also says at once when a photo has too many pixels (read from its header,
 * nothing decoded), instead of after the whole upload. The server checks every rule again:
 * this is a courtesy to slow connections, not a defence.
 */

/** The largest width the site serves a photo at (the largest /img width). */
export const PHOTO_MAX_SIDE = 2560;
/** JPEG quality of a resized photo: no visible loss at screen size, ~700 KB for 2560x1920. */
export const PHOTO_QUALITY = 0.82;

export type PreparedPhoto =
  | { ok: true; file: File; resized: boolean }
  | {
      ok: false;
      message: string;
    };

interface Size {
  width: number;
  height: number;
}

/** Reads a photo's size from its header (JPEG SOF, PNG IHDR, GIF screen), without decoding it. */
export async function readImageSize(file: Blob): Promise<Size | null> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const view = new DataView(head.buffer);
  if (head.length >= 24 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (head.length >= 10 && head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return readJpegSize(file);
  return null;
}

/** Walks the JPEG's segments by their lengths up to the frame header (EXIF may come first, 64 KB each). */
async function readJpegSize(file: Blob): Promise<Size | null> {
  let offset = 2;
  while (offset + 4 <= file.size) {
    const header = new DataView(await file.slice(offset, offset + 10).arrayBuffer());
    if (header.byteLength < 4 || header.getUint8(0) !== 0xff) return null;
    const marker = header.getUint8(1);
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = header.getUint16(2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (header.byteLength < 9) return null;
      return { height: header.getUint16(5), width: header.getUint16(7) };
    }
    if (marker === 0xda || length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/**
 * What to upload for a chosen photo: a refusal with the rule's message, the file itself (small
 * enough, not a photo this handles, or a browser that cannot redraw it), or a resized copy.
 */
export async function preparePhoto(file: File, maxPixels: number): Promise<PreparedPhoto> {
  // A type the rules refuse is the form schema's to say; it is never read here.
  if (!isAllowedFile(file, "image")) return { ok: true, file, resized: false };
  const size = await readImageSize(file);
  if (size && size.width * size.height > maxPixels) return { ok: false, message: RULE_MESSAGES.imageTooManyPixels };
  // GIFs may move, and a redraw keeps one frame: they go as they are.
  const type = file.type.toLowerCase();
  const isJpeg = type === "image/jpeg" || type === "image/jpg" || /\.jpe?g$/i.test(file.name);
  const isPng = type === "image/png" || /\.png$/i.test(file.name);
  if (!size || (!isJpeg && !isPng) || Math.max(size.width, size.height) <= PHOTO_MAX_SIDE) {
    return { ok: true, file, resized: false };
  }
  try {
    return { ok: true, file: await redraw(file, isJpeg ? "image/jpeg" : "image/png"), resized: true };
  } catch {
    // A browser that cannot decode or encode it here: the original goes, and the server decides.
    return { ok: true, file, resized: false };
  }
}

async function redraw(file: File, type: "image/jpeg" | "image/png"): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const scale = PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas");
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
    canvas.width = canvas.height = 0;
    if (!blob) throw new Error("The canvas could not encode the photo");
    const base = file.name.replace(/\.[^.]*$/, "") || "photo";
    return new File([blob], `${base}${type === "image/jpeg" ? ".jpg" : ".png"}`, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
