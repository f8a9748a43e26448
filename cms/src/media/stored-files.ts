import { access } from 'fs/promises';
import path from 'path';
import type { Knex } from 'knex';
import { sniffFile } from '../contract/file-type';
import { removeMetadata } from './remove-metadata';

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
const storedName = (url: unknown): string | null => {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return null;
  const name = url.slice('/uploads/'.length);
  return name && path.basename(name) === name && !name.startsWith('.') ? name : null;
};

/**
 * Removes metadata from every file already stored in the uploads folder (originals and resized
 * copies): the files of a site from before metadata was removed on upload, or of a backup made
 * then. A cleaned original's size is updated in its row. Idempotent: a clean file is left as it is.
 */
export async function removeMetadataFromStoredFiles(knex: Knex, uploadsDir: string): Promise<StoredFilesReport> {
  const report: StoredFilesReport = { checked: 0, cleaned: 0, failed: [] };
  const rows = (await knex(FILES_TABLE).select('id', 'url', 'formats').orderBy('id')) as FileRow[];
  for (const row of rows) {
    const formats = (typeof row.formats === 'string' ? JSON.parse(row.formats) : row.formats) as Record<string, { url?: string }> | null;
    const names = [row.url, ...Object.values(formats ?? {}).map((format) => format?.url)].map(storedName);
    for (const [index, name] of names.entries()) {
      if (!name) continue;
      const file = path.join(uploadsDir, name);
      if (
        !(await access(file).then(
          () => true,
          () => false,
        ))
      )
        continue;
      report.checked += 1;
      try {
        const type = await sniffFile(file);
        if (!type) throw new Error('not a photo or video of a type the site takes');
        const { changed, size } = await removeMetadata(file, type);
        if (!changed) continue;
        report.cleaned += 1;
        // The row's size (kilobytes, as Strapi stores it) is the original's.
        if (index === 0)
          await knex(FILES_TABLE)
            .where({ id: row.id })
            .update({ size: Math.round((size / 1000) * 100) / 100 });
      } catch (error) {
        report.failed.push(`${name}: ${(error as Error).message}`);
      }
    }
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
  if (strapi.config.get('plugin::upload.provider', 'local') !== 'local') return;
  const uploadsDir = path.join(strapi.dirs.static.public, 'uploads');
  const started = Date.now();
  const report = await removeMetadataFromStoredFiles(strapi.db.connection, uploadsDir);
  strapi.log.info(
    `[media] removed metadata from ${report.cleaned} of ${report.checked} stored file(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const failure of report.failed) strapi.log.warn(`[media] could not check ${failure}`);
  await storeOf().set({ key: 'metadataRemovedVersion', value: REMOVAL_VERSION });
}
