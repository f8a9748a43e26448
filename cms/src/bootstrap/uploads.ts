import { lstat, readdir, rm } from 'fs/promises';
import os from 'os';
import path from 'path';
import { incomingUploadsDir } from '../../config/limits';
import { uploadStore } from '../media/upload-store';

/** Files uploaded through the /api contract live in this media-library folder. */
export const WEBSITE_UPLOADS_FOLDER = 'Website uploads';
const FILE_UID = 'plugin::upload.file';
const FOLDER_UID = 'plugin::upload.folder';

let folderCache: { id: number; path: string } | undefined;

export async function websiteUploadsFolder() {
  if (folderCache) return folderCache;
  const existing = await strapi.db.query(FOLDER_UID).findOne({ where: { name: WEBSITE_UPLOADS_FOLDER, parent: null } });
  const folder = existing ?? (await strapi.plugin('upload').service('folder').create({ name: WEBSITE_UPLOADS_FOLDER, parent: null }));
  folderCache = { id: folder.id, path: folder.path };
  return folderCache;
}

const minAgeMs = () => strapi.config.get('uploads.orphanSweepMinAgeMs') as number;

/** The file system calls of the sweep (a test passes its own, to change the folder under it). */
export interface SweepFs {
  readdir(dir: string): Promise<string[]>;
  lstat(file: string): Promise<{ isFile(): boolean; mtime: Date }>;
  rm(file: string, options: { recursive: boolean; force: boolean }): Promise<void>;
}
const diskFs: SweepFs = { readdir: (dir) => readdir(dir), lstat, rm };

/** Another process (a second CMS sweeping the same folder, a request finishing) removed it first. */
const vanished = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
const unlessVanished = <T>(promise: Promise<T>, fallback: T) =>
  promise.catch((error: unknown) => {
    if (vanished(error)) return fallback;
    throw error;
  });

/**
 * Removes the entries of `dir` last changed before `cutoff`, except dot files and those `keep`
 * names; only plain files unless `folders`. The folder may change meanwhile (two CMS processes
 * booting on shared uploads sweep it together): whatever is gone by the time it is looked at or
 * removed is skipped, and a missing folder has nothing to sweep. Returns how many it removed.
 */
export async function removeOldEntries(
  dir: string,
  options: { cutoff: Date; keep?: (name: string) => boolean; folders?: boolean; fs?: SweepFs },
): Promise<number> {
  const fs = options.fs ?? diskFs;
  let removed = 0;
  for (const name of await unlessVanished(fs.readdir(dir), [])) {
    if (name.startsWith('.') || options.keep?.(name)) continue;
    const full = path.join(dir, name);
    const info = await unlessVanished(fs.lstat(full), null);
    if (!info || !(info.mtime < options.cutoff) || (!options.folders && !info.isFile())) continue;
    if (
      await unlessVanished(
        fs.rm(full, { recursive: true, force: true }).then(() => true),
        false,
      )
    )
      removed += 1;
  }
  return removed;
}

/** How the sweep finds and removes a media-library file (a test passes its own). */
export interface FileStore {
  find(id: number): Promise<unknown>;
  remove(file: unknown): Promise<unknown>;
}
const mediaLibrary: () => FileStore = () => ({
  find: (id) => strapi.db.query(FILE_UID).findOne({ where: { id } }),
  remove: (file) => strapi.plugin('upload').service('upload').remove(file),
});

/**
 * Removes a media-library file: its bytes, sizes and row. Another process may be removing it at
 * the same moment: when its row is gone, or its bytes went between the provider's check and its
 * delete (ENOENT), it looks again once. Returns whether this call removed it.
 */
export async function removeStoredFile(id: number, store: FileStore = mediaLibrary()): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const file = await store.find(id);
    if (!file) return false;
    try {
      await store.remove(file);
      return true;
    } catch (error) {
      if (attempt > 1 || !(vanished(error) || !(await store.find(id)))) throw error;
    }
  }
}

/**
 * A crash between storing a file and linking it to its entry (or between replacing a file and
 * deleting the old one) leaves a file nothing points at. At boot, remove:
 * - website uploads that no entry refers to (but photos whose consent was withdrawn), and
 * - stored files (in the uploads folder or the bucket) that no media-library row refers to,
 * - half-received request bodies and Strapi's image-processing folders.
 * Only files older than ORPHAN_SWEEP_MIN_AGE_MS, so another CMS process's upload in flight is safe.
 * Another CMS process may sweep at the same time: what it removes first is no error here.
 */
export async function sweepOrphanUploads() {
  const cutoff = new Date(Date.now() - minAgeMs());
  const folder = await websiteUploadsFolder();
  const fileMeta = strapi.db.metadata.get(FILE_UID) as any;
  const morph = fileMeta.attributes.related.joinTable;
  const knex = strapi.db.connection;

  const unlinked: { id: number }[] = await knex(`${fileMeta.tableName} as f`)
    .leftJoin(`${morph.name} as r`, `r.${morph.joinColumn.name}`, 'f.id')
    .whereNull('r.id')
    .andWhere('f.folder_path', folder.path)
    .andWhere('f.created_at', '<', cutoff)
    // A photo whose consent was withdrawn stays with its record (stored-files.ts, removeIfUnused).
    .whereNotIn('f.id', knex('photo_consents').whereNotNull('withdrawn_at').whereNotNull('file_id').select('file_id'))
    .select('f.id');
  let removedUnlinked = 0;
  for (const { id } of unlinked) if (await removeStoredFile(id)) removedUnlinked += 1;

  const rows = (await strapi.db.query(FILE_UID).findMany({ select: ['url', 'formats'] })) as {
    url: string;
    formats?: Record<string, { url: string }> | null;
  }[];
  const referenced = new Set(
    rows.flatMap((row) => [row.url, ...Object.values(row.formats ?? {}).map((format) => format.url)]).map((url) => path.basename(url)),
  );
  let removedFromDisk = 0;
  const store = uploadStore();
  if (store.folder) removedFromDisk += await removeOldEntries(store.folder, { cutoff, keep: (name) => referenced.has(name) });
  else {
    // A bucket: removing an object another process removed first is no error there.
    for (const upload of await store.list()) {
      if (upload.modified < cutoff && !referenced.has(upload.name)) {
        await store.remove(upload.name);
        removedFromDisk += 1;
      }
    }
  }
  // Request bodies and image-processing folders a crash left half-written.
  removedFromDisk += await removeOldEntries(incomingUploadsDir(), { cutoff, folders: true });
  removedFromDisk += await removeOldEntries(os.tmpdir(), { cutoff, folders: true, keep: (name) => !name.startsWith('strapi-upload-') });

  if (removedUnlinked > 0 || removedFromDisk > 0) {
    strapi.log.warn(
      `[uploads] removed ${removedUnlinked} unlinked upload(s) and ${removedFromDisk} unreferenced file(s) left by an interrupted write`,
    );
  }
}
