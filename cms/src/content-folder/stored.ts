import { createHash } from 'crypto';
import { createReadStream } from 'fs';
import { copyFile, mkdtemp, rm } from 'fs/promises';
import os from 'os';
import path from 'path';
import { DEFAULT_LOCALE } from '../bootstrap/locales';
import { sniffFile } from '../contract/file-type';
import { localizedTextFields } from '../contract/locale';
import { removeMetadata } from '../media/remove-metadata';
import type { EntryRecord, MediaRef } from './files';
import type { CollectionKind, PageKind } from './kinds';
import { deepPopulate, isLocalized, schemaAttributes, type Attribute } from './schema';
import { postStatusOf } from '../contract/shared/post-status';

/**
 * The content as stored, in the content folder's terms: what `content:export` writes, what
 * `content:import` compares a file with, and what a demo entry's fingerprint is taken of.
 */
export interface StoredFile {
  id: number;
  hash: string;
  ext: string;
  url: string;
  alternativeText?: string | null;
  provider?: string;
  formats?: Record<string, { url: string }> | null;
}

type Row = Record<string, unknown> & { id: number; documentId: string };

export interface StoredEntry {
  documentId: string;
  id: number;
  /** The Nepali row's id, when the entry has a Nepali version. */
  nepaliId?: number;
  /** Without key and file: those belong to a folder. */
  record: Omit<EntryRecord, 'key' | 'file'>;
  /** The files it points at, by attribute. */
  files: StoredFile[];
}

export interface StoredPage {
  documentId: string;
  en: Record<string, unknown>;
  ne?: Record<string, unknown>;
  files: StoredFile[];
}

const docs = (uid: string) =>
  strapi.documents(uid as never) as unknown as {
    findMany: (params: object) => Promise<Row[]>;
    findFirst: (params: object) => Promise<Row | null>;
  };

/** A stored file's name in a content folder's media/ (and in /uploads/): its hash and extension. */
export const storedName = (file: StoredFile) => `${file.hash}${file.ext}`;

const refOf = (file: StoredFile | null | undefined): MediaRef | null =>
  file ? (file.alternativeText ? { file: storedName(file), alt: file.alternativeText } : { file: storedName(file) }) : null;

const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(value as string).toISOString());

/** Every entry of a kind, or only those with the given documentIds. */
export async function readStoredEntries(kind: CollectionKind, documentIds?: string[]): Promise<StoredEntry[]> {
  const { uid } = kind.def;
  if (documentIds?.length === 0) return [];
  const filters = documentIds ? { documentId: { $in: documentIds } } : {};
  const mediaAttributes = kind.media.map((media) => media.attribute);
  const english = await docs(uid).findMany({ locale: DEFAULT_LOCALE, filters, populate: mediaAttributes, sort: ['id:asc'] });
  const nepaliFields = localizedTextFields(kind.def);
  const nepali = new Map(
    (await docs(uid).findMany({ locale: 'ne', filters, fields: nepaliFields.map((rule) => rule.attribute) })).map((row) => [
      row.documentId,
      row,
    ]),
  );
  return english.map((row) => {
    const text: Record<string, string> = {};
    for (const rule of kind.def.textFields) {
      const value = row[rule.attribute];
      // A whole-number field (a way to give's order) is text in a content folder, as a form sends it.
      if (typeof value === 'string') text[rule.field] = value;
      else if (typeof value === 'number') text[rule.field] = String(value);
    }
    const media: Record<string, MediaRef | null> = {};
    const files: StoredFile[] = [];
    for (const field of kind.media) {
      const file = row[field.attribute] as StoredFile | null | undefined;
      media[field.key] = refOf(file);
      if (file) files.push(file);
    }
    const dateValue = row[kind.date.attribute];
    const record: StoredEntry['record'] = { kind, id: row.id, text, media };
    if (dateValue) record.date = kind.date.attribute === 'createdAt' ? toIso(dateValue) : String(dateValue);
    if (kind.def.drafts && postStatusOf(row.publication) === 'draft') record.draft = true;
    if (kind.def.drafts && postStatusOf(row.publication) === 'submitted') record.submitted = true;
    const translation = nepali.get(row.documentId);
    if (translation) {
      record.ne = {};
      for (const rule of nepaliFields) {
        if (typeof translation[rule.attribute] === 'string') record.ne[rule.field] = translation[rule.attribute] as string;
      }
    }
    return { documentId: row.documentId, id: row.id, nepaliId: translation?.id, record, files };
  });
}

/** A page's attributes as values a folder holds: components without ids, media as MediaRef. */
function pageValues(attributes: Record<string, Attribute>, row: Record<string, unknown>, files: StoredFile[], nepali: boolean) {
  const values: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (nepali && !isLocalized(attribute)) continue;
    const value = row[name];
    if (value === null || value === undefined) continue;
    if (attribute.type === 'media') {
      files.push(value as StoredFile);
      values[name] = refOf(value as StoredFile);
    } else if (attribute.type === 'component') {
      const inner = schemaAttributes(attribute.component as string);
      const items = (attribute.repeatable ? (value as Record<string, unknown>[]) : [value as Record<string, unknown>]).map((item) =>
        pageValues(inner, item, files, false),
      );
      if (attribute.repeatable && items.length === 0) continue;
      values[name] = attribute.repeatable ? items : items[0];
    } else {
      values[name] = value;
    }
  }
  return values;
}

export async function readStoredPage(kind: PageKind): Promise<StoredPage | null> {
  const populate = deepPopulate(kind.uid);
  const english = await docs(kind.uid).findFirst({ locale: DEFAULT_LOCALE, populate });
  if (!english) return null;
  const nepali = await docs(kind.uid).findFirst({ locale: 'ne', populate });
  const attributes = schemaAttributes(kind.uid);
  const files: StoredFile[] = [];
  const page: StoredPage = { documentId: english.documentId, en: pageValues(attributes, english, files, false), files };
  if (nepali) page.ne = pageValues(attributes, nepali, files, true);
  return page;
}

export const sha256OfFile = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/**
 * The sha256 of a media file as it would be stored: without its metadata. A folder's photo still
 * carrying its EXIF is then the same as the stored copy imported from it before.
 */
export async function sha256AsStored(file: string): Promise<string> {
  const type = await sniffFile(file);
  if (!type) return sha256OfFile(file);
  const work = await mkdtemp(path.join(os.tmpdir(), 'as-stored-'));
  try {
    const copy = path.join(work, `copy${type.ext}`);
    await copyFile(file, copy);
    await removeMetadata(copy, type);
    return await sha256OfFile(copy);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** JSON with object keys sorted, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.keys(inner as object)
            .sort()
            .map((name) => [name, (inner as Record<string, unknown>)[name]]),
        )
      : inner,
  );
}

/** What an entry is made of (texts, date, files, Nepali version), as one hash: it changes with any edit. */
export function fingerprint(record: Omit<EntryRecord, 'key' | 'file'>): string {
  const { text, date, media, ne } = record;
  return createHash('sha256').update(canonicalJson({ text, date, media, ne })).digest('hex');
}
