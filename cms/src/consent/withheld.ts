import { linkedRows, namesOf } from '../stored-files';
import { CONSENT_UID } from './photos';

/** The kinds whose entry is its photo or video: one whose file is withheld is left out of public lists. */
const ITEM_KINDS = ['api::image-gallery.image-gallery', 'api::video-gallery.video-gallery'];

/**
 * The photos whose consent was withdrawn: no public answer links them and /uploads does not serve
 * them. Read from the database at most once a second per process, so a withdrawal made by another
 * CMS process reaches this one within that second; one made here is forgotten at once.
 */
export interface WithheldPhotos {
  fileIds: Set<number>;
  names: Set<string>;
  /** The documentIds, by kind, of the gallery items that show one of them. */
  hiddenItems: Map<string, string[]>;
}

export const WITHHELD_FRESH_MS = 1000;
let cached: { at: number; value: Promise<WithheldPhotos> } | null = null;

async function load(): Promise<WithheldPhotos> {
  const rows = (await strapi.db.query(CONSENT_UID).findMany({ where: { withdrawnAt: { $notNull: true } }, select: ['fileId'] })) as {
    fileId: number;
  }[];
  const fileIds = new Set(rows.map((row) => row.fileId));
  if (fileIds.size === 0) return { fileIds, names: new Set(), hiddenItems: new Map() };
  const files = (await strapi.db
    .query('plugin::upload.file')
    .findMany({ where: { id: { $in: [...fileIds] } }, select: ['id', 'url', 'formats'] })) as { url: string; formats: unknown }[];
  const linkedIds = new Map<string, number[]>();
  for (const fileId of fileIds) {
    for (const { uid, id } of await linkedRows(fileId)) {
      if (ITEM_KINDS.includes(uid)) linkedIds.set(uid, [...(linkedIds.get(uid) ?? []), id]);
    }
  }
  const hiddenItems = new Map<string, string[]>();
  for (const [uid, ids] of linkedIds) {
    const rows = (await strapi.db.query(uid as never).findMany({ where: { id: { $in: ids } }, select: ['documentId'] })) as {
      documentId: string;
    }[];
    hiddenItems.set(uid, [...new Set(rows.map((row) => row.documentId))]);
  }
  return { fileIds, names: new Set(files.flatMap((file) => namesOf(file))), hiddenItems };
}

export function withheldPhotos(): Promise<WithheldPhotos> {
  const now = Date.now();
  if (!cached || now - cached.at > WITHHELD_FRESH_MS) {
    const value = load();
    cached = { at: now, value };
    // A failed read is not kept: the next request asks again.
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
  }
  return cached.value;
}

/** After a withdrawal in this process. */
export function forgetWithheldPhotos() {
  cached = null;
}
