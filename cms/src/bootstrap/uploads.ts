import { readdir, rm, stat } from 'fs/promises';
import os from 'os';
import path from 'path';
import { incomingUploadsDir } from '../../config/limits';

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

/**
 * A crash between storing a file and linking it to its entry (or between replacing a file and
 * deleting the old one) leaves a file nothing points at. At boot, remove:
 * - website uploads that no entry refers to, and
 * - files in the uploads folder that no media-library row refers to (local provider only),
 * - half-received request bodies and Strapi's image-processing folders.
 * Only files older than ORPHAN_SWEEP_MIN_AGE_MS, so another CMS process's upload in flight is safe.
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
    .select('f.id');
  for (const { id } of unlinked) {
    const file = await strapi.db.query(FILE_UID).findOne({ where: { id } });
    if (file) await strapi.plugin('upload').service('upload').remove(file);
  }

  let removedFromDisk = 0;
  if (strapi.config.get('plugin::upload.provider', 'local') === 'local') {
    const uploadsDir = path.join(strapi.dirs.static.public, 'uploads');
    const rows = (await strapi.db.query(FILE_UID).findMany({ select: ['url', 'formats'] })) as {
      url: string;
      formats?: Record<string, { url: string }> | null;
    }[];
    const referenced = new Set(
      rows.flatMap((row) => [row.url, ...Object.values(row.formats ?? {}).map((format) => format.url)]).map((url) => path.basename(url)),
    );
    const entries = await readdir(uploadsDir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.') || referenced.has(entry.name)) continue;
      const full = path.join(uploadsDir, entry.name);
      if ((await stat(full)).mtime < cutoff) {
        await rm(full, { force: true });
        removedFromDisk += 1;
      }
    }
  }
  // Request bodies and image-processing folders a crash left half-written.
  const leftovers = [
    ...(await readdir(incomingUploadsDir())).map((name) => path.join(incomingUploadsDir(), name)),
    ...(await readdir(os.tmpdir())).filter((name) => name.startsWith('strapi-upload-')).map((name) => path.join(os.tmpdir(), name)),
  ];
  for (const leftover of leftovers) {
    const info = await stat(leftover).catch(() => null);
    if (info && info.mtime < cutoff) {
      await rm(leftover, { recursive: true, force: true });
      removedFromDisk += 1;
    }
  }

  if (unlinked.length > 0 || removedFromDisk > 0) {
    strapi.log.warn(
      `[uploads] removed ${unlinked.length} unlinked upload(s) and ${removedFromDisk} unreferenced file(s) left by an interrupted write`,
    );
  }
}
