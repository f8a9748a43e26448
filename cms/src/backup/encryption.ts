import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'crypto';
import { createReadStream, createWriteStream } from 'fs';
import { open } from 'fs/promises';
import { pipeline } from 'stream/promises';
import type { Readable, Writable } from 'stream';

/**
 * Backups hold staff accounts' password hashes: with BACKUP_KEY set they are encrypted with
 * AES-256-GCM (authenticated: a wrong key or a changed byte is refused, never half-restored).
 * Layout: MAGIC, salt (16), IV (12), ciphertext, tag (16). The key is scrypt(BACKUP_KEY, salt).
 */
const MAGIC = Buffer.from('CHBACKUP1');
const SALT = 16;
const IV = 12;
const TAG = 16;

const keyFrom = (secret: string, salt: Buffer) => scryptSync(secret, salt, 32);

export const encryptedName = (file: string) => `${file}.enc`;

/** Writes `source` to `file`, encrypted. */
export async function writeEncrypted(source: Readable, file: string, secret: string) {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret, salt), iv);
  const out = createWriteStream(file);
  out.write(Buffer.concat([MAGIC, salt, iv]));
  await pipeline(source, cipher, out as Writable);
  const tag = cipher.getAuthTag();
  await new Promise<void>((resolve, reject) => {
    const append = createWriteStream(file, { flags: 'a' });
    append.on('error', reject);
    append.end(tag, () => resolve());
  });
}

export class BackupKeyError extends Error {}

/** Decrypts `file` into `target`; throws BackupKeyError for a wrong key or a damaged file. */
export async function decryptTo(file: string, target: Writable, secret: string) {
  const handle = await open(file, 'r');
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    header = Buffer.alloc(MAGIC.length + SALT + IV);
    await handle.read(header, 0, header.length, 0);
    tag = Buffer.alloc(TAG);
    await handle.read(tag, 0, TAG, size - TAG);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC) || size < header.length + TAG) {
    throw new BackupKeyError('This is not an encrypted backup of this site.');
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT);
  const iv = header.subarray(MAGIC.length + SALT);
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, salt), iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: header.length, end: size - TAG - 1 }), decipher, target);
  } catch (error) {
    if ((error as Error).message.includes('authenticate')) {
      throw new BackupKeyError('The backup could not be decrypted: wrong BACKUP_KEY, or the file is damaged.');
    }
    throw error;
  }
}

export const isEncrypted = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    await handle.close();
  }
};
