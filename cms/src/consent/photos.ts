import { linkedRows, namesOf } from '../stored-files';
import { storedName } from '../media/stored-files';
import { eventsOf } from '../contract/review';
import { postRowsShowing } from '../media/post-body-uploads';
import { consentStateOf, dayOf, type ConsentRecord, type ConsentState } from '../contract/shared/consent-rules';

/**
 * The stored photos and the consent on record for each: a photo is named by its stored name
 * (`dashain_ab12.jpg`, or one of its resized copies' names), the record is kept by the media
 * library file's id. Staff-only; nothing here reaches a public answer.
 */
export const CONSENT_UID = 'api::photo-consent.photo-consent';
const FILE_UID = 'plugin::upload.file';
const BLOG_UID = 'api::blog.blog';

export interface StoredPhoto {
  id: number;
  url: string;
  formats: unknown;
}

export interface ConsentRow {
  id: number;
  fileId: number;
  showsChildren: boolean | null;
  givenBy: ConsentRecord['givenBy'];
  givenOn: string | null;
  website: boolean | null;
  socialMedia: boolean | null;
  reviewOn: string | null;
  note: string | null;
  recordedByName: string | null;
  updatedAt: string | Date | null;
  withdrawnAt: string | Date | null;
  withdrawnByName: string | null;
}

/** Nepal's calendar day (UTC+5:45): the home's, so a consent dated today in the office is not "in the future". */
export const today = () => dayOf(new Date(Date.now() + NEPAL_OFFSET_MS));
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

const isoOrNull = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** A date column as YYYY-MM-DD whatever the engine gives back (PostgreSQL: a Date at midnight, or a string). */
const dayOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return dayOf(value);
  return String(value).slice(0, 10);
};

export const recordOf = (row: ConsentRow | null): ConsentRecord | null =>
  row && {
    showsChildren: row.showsChildren ?? null,
    givenBy: row.givenBy ?? null,
    givenOn: dayOrNull(row.givenOn),
    website: Boolean(row.website),
    socialMedia: Boolean(row.socialMedia),
    reviewOn: dayOrNull(row.reviewOn),
    note: row.note ?? null,
    withdrawnAt: isoOrNull(row.withdrawnAt),
  };

/** The media library file a stored name belongs to (as its original or one of its copies), if any. */
export async function photoByName(name: string): Promise<StoredPhoto | null> {
  const url = `/uploads/${name}`;
  const select = ['id', 'url', 'formats'];
  const original = (await strapi.db.query(FILE_UID).findOne({ where: { url }, select })) as StoredPhoto | null;
  if (original) return original;
  // A copy's name is inside its original's `formats`; confirmed after the text match. `$containsi`
  // reads the JSON as text on PostgreSQL too (its `LIKE` takes no jsonb), and the case is checked next.
  const candidates = (await strapi.db
    .query(FILE_UID)
    .findMany({ where: { formats: { $containsi: url } }, select, limit: 5 })) as StoredPhoto[];
  return candidates.find((file) => namesOf(file).includes(name)) ?? null;
}

export const consentRowsOf = async (fileIds: number[]): Promise<Map<number, ConsentRow>> => {
  if (fileIds.length === 0) return new Map();
  const rows = (await strapi.db.query(CONSENT_UID).findMany({ where: { fileId: { $in: fileIds } } })) as ConsentRow[];
  return new Map(rows.map((row) => [row.fileId, row]));
};

export const stateOf = (row: ConsentRow | null): ConsentState => consentStateOf(recordOf(row), today());

/** The columns of a consent row that say what was given, by whom, and any withdrawal. */
const CARRIED = [
  'showsChildren',
  'givenBy',
  'givenOn',
  'website',
  'socialMedia',
  'reviewOn',
  'note',
  'recordedById',
  'recordedByName',
  'withdrawnAt',
  'withdrawnById',
  'withdrawnByName',
] as const;

/**
 * Files made from another (a video's web copy and its poster frame) show what it shows: each takes
 * on its consent record, withdrawal included, unless it has one of its own. Whether one was carried.
 */
export async function carryConsent(fromFileId: number, toFileIds: number[]): Promise<boolean> {
  const row = (await consentRowsOf([fromFileId])).get(fromFileId) as (ConsentRow & Record<string, unknown>) | undefined;
  if (!row) return false;
  const existing = await consentRowsOf(toFileIds);
  const data = Object.fromEntries(CARRIED.map((column) => [column, row[column] ?? null]));
  for (const fileId of toFileIds) {
    if (fileId === fromFileId || existing.has(fileId)) continue;
    try {
      await strapi.db.query(CONSENT_UID).create({ data: { fileId, ...data } });
    } catch (error) {
      // Staff recorded one for it meanwhile (one record per file): theirs stands.
      if (!(await consentRowsOf([fileId])).has(fileId)) throw error;
    }
  }
  return true;
}

export interface PhotoUse {
  kind: 'blog' | 'image-gallery' | 'video-gallery' | 'team-member';
  id: number;
  title: string;
}

const KIND_OF_UID: Record<string, PhotoUse['kind']> = {
  'api::blog.blog': 'blog',
  'api::image-gallery.image-gallery': 'image-gallery',
  'api::video-gallery.video-gallery': 'video-gallery',
  'api::team-member.team-member': 'team-member',
};

/** The English rows of the entries that show a photo: by a media field, or (posts) inside their text. */
export async function usesOf(photo: StoredPhoto): Promise<PhotoUse[]> {
  const linked = new Map<string, number[]>();
  for (const { uid, id } of await linkedRows(photo.id)) {
    if (KIND_OF_UID[uid]) linked.set(uid, [...(linked.get(uid) ?? []), id]);
  }
  const bodyIds = await postRowsShowing(namesOf(photo));
  if (bodyIds.length) linked.set(BLOG_UID, [...(linked.get(BLOG_UID) ?? []), ...bodyIds]);

  const uses: PhotoUse[] = [];
  for (const [uid, ids] of linked) {
    // Any language version's row stands for its entry: answered by the English one.
    const rows = (await strapi.db.query(uid as never).findMany({ where: { id: { $in: ids } }, select: ['documentId'] })) as {
      documentId: string;
    }[];
    const documentIds = [...new Set(rows.map((row) => row.documentId))];
    if (documentIds.length === 0) continue;
    const titleField = uid === 'api::team-member.team-member' ? 'name' : 'title';
    const english = (await strapi.db.query(uid as never).findMany({
      where: { documentId: { $in: documentIds }, locale: 'en' },
      select: ['id', titleField],
      orderBy: { id: 'asc' },
    })) as Record<string, unknown>[];
    for (const row of english) uses.push({ kind: KIND_OF_UID[uid], id: Number(row.id), title: String(row[titleField] ?? '') });
  }
  return uses;
}

/** A stored photo's own name (`dashain_ab12.jpg`). */
export const photoNameOf = (photo: StoredPhoto): string => storedName(photo.url) ?? String(photo.id);

/**
 * What staff are told of a photo: its state, the record, and where it is shown; for Managers
 * (`withHistory`), also every consent recorded and the withdrawal, newest first.
 */
export async function describePhoto(name: string, photo: StoredPhoto, row: ConsentRow | null, withHistory = false) {
  const record = recordOf(row);
  return {
    ...(withHistory ? { history: await eventsOf('photo', photo.id) } : {}),
    name,
    url: photo.url,
    state: consentStateOf(record, today()),
    record: record && {
      ...record,
      recordedBy: row?.recordedByName ?? null,
      recordedAt: isoOrNull(row?.updatedAt),
      withdrawnBy: row?.withdrawnByName ?? null,
    },
    usedBy: await usesOf(photo),
  };
}
