import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { env } from "~/lib/env.server";

/**
 * Resumable admin uploads (the tus protocol, server/resumable-uploads.ts) as the save actions see
 * them: a file the browser finished sending, kept on the web server's disk under an id that names
 * its owner, until the form that chose it is saved. The uploads folder is read through its
 * FileStore only, so the server's tus handler and the actions agree on what an upload is.
 */

/** Where the browser sends resumable uploads. */
export const RESUMABLE_UPLOADS_PATH = "/admin/uploads";

/** An upload not finished and saved within this time is removed. */
export const UPLOAD_EXPIRY_MS = 24 * 3_600_000;

/** Unfinished uploads one person may have at once (a video and its poster fit easily). */
export const MAX_PENDING_UPLOADS = 3;

/** `u<user id>-<128 random bits in hex>`: unguessable, and bound to the person who made it. */
const UPLOAD_ID = /^u([1-9]\d{0,9})-[0-9a-f]{32}$/;

export const ownerPrefix = (userId: number) => `u${userId}-`;

/** Whether `id` is a well-formed upload id of this person's. */
export function isUploadIdOf(userId: number, id: string): boolean {
  return UPLOAD_ID.test(id) && id.startsWith(ownerPrefix(userId));
}

export function uploadsDirectory(): string {
  return env.RESUMABLE_UPLOAD_DIR ?? path.join(os.tmpdir(), `childrens-home-web-uploads-${env.PORT}`);
}

const stores = new Map<string, FileStore>();

/** The one FileStore of a folder (it creates the folder). */
export function uploadStore(directory = uploadsDirectory()): FileStore {
  let store = stores.get(directory);
  if (!store) {
    store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    stores.set(directory, store);
  }
  return store;
}

export interface FinishedUpload {
  /** The file on the web server's disk. */
  path: string;
  size: number;
  /** The type and name the browser declared (checked when the upload began, and again at save). */
  type: string;
  name: string;
}

/** A finished upload of this person's, or null (unknown, someone else's, unfinished, expired). */
export async function finishedUpload(userId: number, id: string, store = uploadStore()): Promise<FinishedUpload | null> {
  if (!isUploadIdOf(userId, id)) return null;
  const upload = await store.getUpload(id).catch(() => null);
  if (!upload || upload.size === undefined || upload.offset !== upload.size || !upload.storage?.path) return null;
  return {
    path: upload.storage.path,
    size: upload.size,
    type: upload.metadata?.filetype ?? "",
    name: upload.metadata?.filename ?? "",
  };
}

/** Removes an upload of this person's (after the save used it). Unknown ids are ignored. */
export async function removeUpload(userId: number, id: string, store = uploadStore()): Promise<void> {
  if (!isUploadIdOf(userId, id)) return;
  await store.remove(id).catch(() => undefined);
}

/** How many of this person's uploads are still unfinished. */
export async function pendingUploadsOf(userId: number, store = uploadStore()): Promise<number> {
  const names = await readdir(store.directory).catch(() => [] as string[]);
  const ids = names.filter((name) => !name.endsWith(".json") && isUploadIdOf(userId, name));
  const uploads = await Promise.all(ids.map((id) => store.getUpload(id).catch(() => null)));
  return uploads.filter((upload) => upload && upload.offset !== upload.size).length;
}
