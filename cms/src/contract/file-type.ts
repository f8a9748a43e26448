import { open } from 'fs/promises';

/** What a file really is, decided by its first bytes (never by its name or declared type). */
export interface SniffedType {
  kind: 'image' | 'video';
  mime: string;
  ext: string;
}

const HEAD_BYTES = 4100;

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((byte, i) => buf[offset + i] === byte);

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

export function sniffBuffer(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: '.jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png', ext: '.png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', mime: 'image/gif', ext: '.gif' };

  // ISO base media (MP4, MOV): a box whose type is 'ftyp'; the major brand tells QuickTime apart.
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: '.mov' };
    if (/^(isom|iso[2-9]|mp4[12]|avc1|M4V |M4VH|M4VP|dash|MSNV|NDAS|f4v |3gp[4-6]|mmp4)$/.test(brand)) {
      return { kind: 'video', mime: 'video/mp4', ext: '.mp4' };
    }
    return null;
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return { kind: 'video', mime: 'video/x-msvideo', ext: '.avi' };
  // Matroska and WebM share the EBML header; its DocType says which.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const header = ascii(head, 0, 64);
    if (header.includes('webm')) return { kind: 'video', mime: 'video/webm', ext: '.webm' };
    if (header.includes('matroska')) return { kind: 'video', mime: 'video/x-matroska', ext: '.mkv' };
  }
  return null;
}

export async function sniffFile(filepath: string): Promise<SniffedType | null> {
  const handle = await open(filepath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return sniffBuffer(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
