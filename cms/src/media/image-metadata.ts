/**
 * Removes what a photo says about where, when and with what it was taken, keeping its pixels.
 *
 * Phone photos carry EXIF (GPS position, camera serial number, owner name, date), XMP (the same
 * again, and edit history), IPTC (captions, names, places) and comments. The site shows photos of
 * children: none of that may reach a visitor. Each format is walked by its structure (segments,
 * chunks, blocks), never searched for byte patterns, and only what a picture needs to be drawn
 * the same way is kept:
 * - JPEG: the frame, tables and scans; JFIF (APP0), the colour profile (APP2 ICC_PROFILE) and
 *   Adobe's colour transform (APP14). Everything after the end-of-image marker goes too (phones
 *   append motion-photo videos and depth maps there).
 * - PNG: the chunks that affect drawing (palette, transparency, colour space, animation); text,
 *   EXIF, time and unknown ancillary chunks go.
 * - GIF: images, their graphic controls and the looping extension; comments, XMP and other
 *   application data go.
 * Removing segments is lossless: the compressed picture data is copied as it is.
 */

export type ImageFormat = 'jpeg' | 'png' | 'gif';

export class UnreadableImageError extends Error {}

const fail = (format: string, why: string): never => {
  throw new UnreadableImageError(`not a well-formed ${format}: ${why}`);
};

/* JPEG ------------------------------------------------------------------------------- */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

const startsWithText = (buf: Buffer, start: number, text: string) => buf.toString('latin1', start, start + text.length) === text;

/** Whether an APPn or COM segment (marker, payload) is kept. */
function keepsJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === APP0) return startsWithText(payload, 0, 'JFIF\0');
  if (marker === APP2) return startsWithText(payload, 0, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWithText(payload, 0, 'Adobe');
  // APP1 (EXIF, XMP), APP3-APP13 (IPTC in APP13), APP15 and COM.
  return false;
}

const isAppOrComment = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
/** Markers without a length: restart markers, SOI, EOI and TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01;

/** Where the entropy-coded data that starts at `from` ends: the next marker that is not a restart or a stuffed byte. */
function endOfScanData(buf: Buffer, from: number): number {
  let i = from;
  while (i < buf.length - 1) {
    if (buf[i] === 0xff) {
      const next = buf[i + 1];
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
      else if (next === 0xff) i += 1;
      else return i;
    } else {
      i += 1;
    }
  }
  return fail('JPEG', 'no end of image');
}

function stripJpeg(buf: Buffer): Buffer {
  if (buf[0] !== 0xff || buf[1] !== SOI) fail('JPEG', 'no start of image');
  const kept: Buffer[] = [buf.subarray(0, 2)];
  let i = 2;
  for (;;) {
    if (i + 1 >= buf.length) fail('JPEG', 'no end of image');
    if (buf[i] !== 0xff) fail('JPEG', `no marker at ${i}`);
    // Fill bytes (0xFF 0xFF ...) may precede a marker.
    let markerAt = i;
    while (buf[markerAt + 1] === 0xff) markerAt += 1;
    const marker = buf[markerAt + 1];
    if (marker === EOI) {
      kept.push(buf.subarray(markerAt, markerAt + 2));
      return Buffer.concat(kept);
    }
    if (standsAlone(marker)) {
      kept.push(buf.subarray(markerAt, markerAt + 2));
      i = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > buf.length) fail('JPEG', 'cut short');
    const length = buf.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > buf.length) fail('JPEG', `segment ${marker.toString(16)} runs past the end`);
    if (!isAppOrComment(marker) || keepsJpegSegment(marker, buf.subarray(markerAt + 4, end))) {
      // A scan is followed by its compressed data, copied as it is up to the next marker.
      const to = marker === SOS ? endOfScanData(buf, end) : end;
      kept.push(buf.subarray(markerAt, to));
      i = to;
    } else {
      i = end;
    }
  }
}

/* PNG -------------------------------------------------------------------------------- */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks that change how the picture is drawn (or animated); every other chunk is left out. */
const PNG_KEPT_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(buf: Buffer): Buffer {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) fail('PNG', 'no signature');
  const kept: Buffer[] = [PNG_SIGNATURE];
  let i = 8;
  for (;;) {
    if (i + 12 > buf.length) fail('PNG', 'no IEND chunk');
    const length = buf.readUInt32BE(i);
    const type = buf.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > buf.length) fail('PNG', `chunk ${type} runs past the end`);
    const critical = (buf[i + 4] & 0x20) === 0;
    if (critical && !PNG_KEPT_CHUNKS.has(type)) fail('PNG', `unknown critical chunk ${type}`);
    if (PNG_KEPT_CHUNKS.has(type)) kept.push(buf.subarray(i, end));
    if (type === 'IEND') return Buffer.concat(kept);
    i = end;
  }
}

/* GIF -------------------------------------------------------------------------------- */

/** Application extensions that change how the picture is shown: looping, and a colour profile. */
const GIF_KEPT_APPLICATIONS = ['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012'];

/** Where the sub-blocks starting at `from` end (after their zero-length terminator). */
function endOfSubBlocks(buf: Buffer, from: number): number {
  let i = from;
  for (;;) {
    if (i >= buf.length) fail('GIF', 'data runs past the end');
    const size = buf[i];
    i += 1 + size;
    if (size === 0) return i;
  }
}

function stripGif(buf: Buffer): Buffer {
  const version = buf.toString('latin1', 0, 6);
  if (version !== 'GIF87a' && version !== 'GIF89a') fail('GIF', 'no signature');
  if (buf.length < 13) fail('GIF', 'cut short');
  const packed = buf[10];
  const globalTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  let i = 13 + globalTable;
  const kept: Buffer[] = [buf.subarray(0, i)];
  for (;;) {
    if (i >= buf.length) fail('GIF', 'no trailer');
    const introducer = buf[i];
    if (introducer === 0x3b) {
      kept.push(buf.subarray(i, i + 1));
      return Buffer.concat(kept);
    }
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes), its own colour table, the LZW code size, then the data.
      if (i + 10 > buf.length) fail('GIF', 'cut short');
      const local = buf[i + 9] & 0x80 ? 3 * 2 ** ((buf[i + 9] & 0x07) + 1) : 0;
      const end = endOfSubBlocks(buf, i + 10 + local + 1);
      kept.push(buf.subarray(i, end));
      i = end;
      continue;
    }
    if (introducer !== 0x21 || i + 2 > buf.length) fail('GIF', `unknown block at ${i}`);
    const label = buf[i + 1];
    const end = endOfSubBlocks(buf, i + 2);
    // Graphic control (timing, transparency) and plain text are drawn; comments (0xFE) are not.
    const application = label === 0xff && buf[i + 2] === 11 ? buf.toString('latin1', i + 3, i + 14) : null;
    const keep = label === 0xf9 || label === 0x01 || (application !== null && GIF_KEPT_APPLICATIONS.includes(application));
    if (keep) kept.push(buf.subarray(i, end));
    i = end;
  }
}

/* ------------------------------------------------------------------------------------ */

/** The picture without its metadata; throws UnreadableImageError when the file is not well formed. */
export function stripImageMetadata(buf: Buffer, format: ImageFormat): Buffer {
  if (format === 'jpeg') return stripJpeg(buf);
  if (format === 'png') return stripPng(buf);
  return stripGif(buf);
}
