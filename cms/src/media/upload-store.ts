import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'fs';
import { copyFile, lstat, mkdir, readdir, rename, rm, stat } from 'fs/promises';
import path from 'path';
import type { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { storageSettingsFrom, type BucketSettings, type StorageSettings } from '../../config/storage';

/** An upload as the store holds it: its stored name (`garden_3f2a.jpg`) and when it was last written. */
export interface StoredUpload {
  name: string;
  modified: Date;
}

/**
 * The stored bytes of the media library, by stored name, on the local disk or in a bucket: what
 * the tasks that copy, check or sweep files use, so they work the same on both.
 */
export interface UploadStore {
  /** The folder on this machine's disk that holds the uploads (read them in place), or null for a bucket. */
  readonly folder: string | null;
  /** Every stored upload (plain names only: sub-folders and dot files are not uploads). */
  list(): Promise<StoredUpload[]>;
  has(name: string): Promise<boolean>;
  /** Copies a stored upload to `file`; false when nothing is stored under that name. */
  copyTo(name: string, file: string): Promise<boolean>;
  /** Stores `file` under `name`, replacing what was there; `file` is used up (moved or uploaded, then removed). */
  moveIn(name: string, file: string): Promise<void>;
  /** Removes a stored upload; one that is already gone (another process removed it) is no error. */
  remove(name: string): Promise<void>;
}

const vanished = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** The local provider's folder (STRAPI_PUBLIC_DIR/uploads). */
export function folderStore(dir: string): UploadStore {
  const full = (name: string) => path.join(dir, name);
  return {
    folder: dir,
    async list() {
      const names = await readdir(dir).catch((error: unknown) => (vanished(error) ? [] : Promise.reject(error)));
      const uploads: StoredUpload[] = [];
      for (const name of names) {
        if (name.startsWith('.')) continue;
        const info = await lstat(full(name)).catch((error: unknown) => (vanished(error) ? null : Promise.reject(error)));
        if (info?.isFile()) uploads.push({ name, modified: info.mtime });
      }
      return uploads;
    },
    has: (name) =>
      stat(full(name)).then(
        (info) => info.isFile(),
        () => false,
      ),
    copyTo: (name, file) =>
      copyFile(full(name), file).then(
        () => true,
        (error: unknown) => (vanished(error) ? false : Promise.reject(error)),
      ),
    async moveIn(name, file) {
      await mkdir(dir, { recursive: true });
      await rename(file, full(name));
    },
    remove: (name) => rm(full(name), { force: true }),
  };
}

/** Media types of the stored names, for the bucket's Content-Type (what browsers are sent). */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
};
export const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

const clients = new Map<string, S3Client>();

/** One S3 client per bucket configuration (it keeps its connections). */
export function bucketClient(settings: BucketSettings): S3Client {
  const key = JSON.stringify(settings);
  let client = clients.get(key);
  if (!client) {
    client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // As the upload provider (config/plugins.ts): checksums only where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.set(key, client);
  }
  return client;
}

/** The SDK's "there is no such object" (GetObject says NoSuchKey, HeadObject only 404). */
export const isMissingObject = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
};

/** A bucket that the upload provider writes objects to, keyed by their stored names. */
export function bucketStore(settings: BucketSettings): UploadStore {
  const client = bucketClient(settings);
  const Bucket = settings.bucket;
  return {
    folder: null,
    async list() {
      const uploads: StoredUpload[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key ?? '';
          if (name && !name.includes('/') && !name.startsWith('.')) uploads.push({ name, modified: object.LastModified ?? new Date() });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return uploads;
    },
    has: (name) =>
      client.send(new HeadObjectCommand({ Bucket, Key: name })).then(
        () => true,
        (error: unknown) => (isMissingObject(error) ? false : Promise.reject(error)),
      ),
    async copyTo(name, file) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        await pipeline(object.Body as Readable, createWriteStream(file));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },
    async moveIn(name, file) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({ Bucket, Key: name, Body: createReadStream(file), ContentLength: size, ContentType: contentTypeOf(name) }),
      );
      await rm(file, { force: true });
    },
    async remove(name) {
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
  };
}

/** The store of these settings; `uploadsDir` is the local provider's folder. */
export const uploadStoreFor = (settings: StorageSettings, uploadsDir: string): UploadStore =>
  settings.provider === 's3' ? bucketStore(settings.s3) : folderStore(uploadsDir);

/** The store a task without a running CMS uses (backup, restore): from the CMS's environment variables. */
export const uploadStoreFromEnv = (env: Record<string, string | undefined>, uploadsDir: string): UploadStore =>
  uploadStoreFor(
    storageSettingsFrom((name) => env[name]),
    uploadsDir,
  );

/** The running CMS's store (config/storage.ts). */
export const uploadStore = () =>
  uploadStoreFor(strapi.config.get('storage') as StorageSettings, path.join(strapi.dirs.static.public, 'uploads'));

/** A file on this disk with a stored upload's bytes: the stored file itself, or a copy in `scratchDir` from a bucket (null when not stored). */
export async function readUpload(store: UploadStore, name: string, scratchDir: string): Promise<string | null> {
  if (store.folder) return (await store.has(name)) ? path.join(store.folder, name) : null;
  const file = path.join(scratchDir, name);
  return (await store.copyTo(name, file)) ? file : null;
}
