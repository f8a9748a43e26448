import { mkdtemp, rm } from 'fs/promises';
import os from 'os';
import path from 'path';
import type { Knex } from 'knex';
import { sniffFile } from '../contract/file-type';
import { removeMetadata } from './remove-metadata';
import { readUpload, uploadStore, type UploadStore } from './upload-store';

/** The media library's table (plugin::upload.file). */
const FILES_TABLE = 'files';

interface FileRow {
  id: number;
  url: string | null;
  formats: string | Record<string, { url?: string }> | null;
}

export interface StoredFilesReport {
  /** Files looked at (originals and their resized copies). */
  checked: number;
  /** Files that had metadata and were rewritten without it. */
  cleaned: number;
  /** Files that could not be read as what they claim to be: `name: why`. */
  failed: string[];
}

/** A stored name from a row's `/uploads/<name>` URL; anything else (another host, a path) is not ours to touch. */
export const storedName = (url: unknown): string | null => {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return null;
  const name = url.slice('/uploads/'.length);
  return name && path.basename(name) === name && !name.startsWith('.') ? name : null;
};

/**
 * Removes metadata from every file already stored (originals and resized copies, on disk or in
 * the bucket): the files of a site from before metadata was removed on upload, or of a backup made
 * then. A cleaned original's size is updated in its row. Idempotent: a clean file is left as it is.
 */
export async function removeMetadataFromStoredFiles(knex: Knex, store: UploadStore): Promise<StoredFilesReport> {
  const report: StoredFilesReport = { checked: 0, cleaned: 0, failed: [] };
  const rows = (await knex(FILES_TABLE).select('id', 'url', 'formats').orderBy('id')) as FileRow[];
  // A bucket's objects are cleaned in a copy here, then stored again.
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'stored-metadata-'));
  try {
    for (const row of rows) {
      const formats = (typeof row.formats === 'string' ? JSON.parse(row.formats) : row.formats) as Record<string, { url?: string }> | null;
      const names = [row.url, ...Object.values(formats ?? {}).map((format) => format?.url)].map(storedName);
      for (const [index, name] of names.entries()) {
        if (!name) continue;
        const file = await readUpload(store, name, scratch);
        if (!file) continue;
        report.checked += 1;
        try {
          const type = await sniffFile(file);
          if (!type) throw new Error('not a photo or video of a type the site takes');
          const { changed, size } = await removeMetadata(file, type);
          if (!changed) continue;
          if (!store.folder) await store.moveIn(name, file);
          report.cleaned += 1;
          // The row's size (kilobytes, as Strapi stores it) is the original's.
          if (index === 0)
            await knex(FILES_TABLE)
              .where({ id: row.id })
              .update({ size: Math.round((size / 1000) * 100) / 100 });
        } catch (error) {
          report.failed.push(`${name}: ${(error as Error).message}`);
        } finally {
          if (!store.folder) await rm(file, { force: true });
        }
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return report;
}

/** Bumped when the removal learns something new, so every site runs it again once. */
const REMOVAL_VERSION = 1;
const storeOf = () => strapi.store({ type: 'core', name: 'media' });

/**
 * At boot, once per site (and again after a restore of a backup from before): metadata is removed
 * from the files stored so far, before the CMS serves any of them.
 */
export async function removeStoredMetadataOnce() {
  const done = (await storeOf().get({ key: 'metadataRemovedVersion' })) as number | null;
  if (done === REMOVAL_VERSION) return;
  const started = Date.now();
  const report = await removeMetadataFromStoredFiles(strapi.db.connection, uploadStore());
  strapi.log.info(
    `[media] removed metadata from ${report.cleaned} of ${report.checked} stored file(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const failure of report.failed) strapi.log.warn(`[media] could not check ${failure}`);
  await storeOf().set({ key: 'metadataRemovedVersion', value: REMOVAL_VERSION });
}
