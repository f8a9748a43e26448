import { mkdtemp, rm } from 'fs/promises';
import os from 'os';
import path from 'path';
import { DEFAULT_LOCALE } from '../bootstrap/locales';
import { localizedTextFields } from '../contract/locale';
import { continueIdSequence, type Transaction } from '../db';
import { uploadStore, type UploadStore } from '../media/upload-store';
import { fileLinks, removeIfUnused } from '../stored-files';
import { readFolder, type EntryRecord, type MediaRef, type PageRecord, type Problem } from './files';
import { collectionKinds, pageKinds, type CollectionKind } from './kinds';
import { storeMediaFile } from './media-store';
import { folderMessages } from './messages';
import { isLocalized, schemaAttributes, type Attribute } from './schema';
import { readStoredEntries, readStoredPage, sha256AsStored, type StoredEntry, type StoredFile, type StoredPage } from './stored';
import { applySafeguarding, checkSafeguarding, readSafeguarding } from './safeguarding';
import { checkFolder, type CheckedFolder } from './validate';

export type Action = 'create' | 'update' | 'unchanged';

export interface ImportedEntry {
  file: string;
  action: Action;
  /** The entry's numeric id (after the import; for a dry run, the id it has or will be given, when known). */
  id?: number;
  documentId?: string;
  uid: string;
  note?: string;
}

export interface ImportReport {
  problems: Problem[];
  entries: ImportedEntry[];
  pages: { file: string; action: Action }[];
  /** False for a dry run and whenever there were problems: then nothing was changed. */
  applied: boolean;
}

interface PlannedEntry {
  record: EntryRecord;
  action: Action;
  target?: StoredEntry;
  /** The id to create the entry with (the file's), when it is free. */
  createId?: number;
  note?: string;
}

interface PlannedPage {
  record: PageRecord;
  action: Action;
  stored: StoredPage | null;
}

const FILE_UID = 'plugin::upload.file';
const KEYS = { type: 'core', name: 'content-folder', key: 'keys' } as const;
type KeyMap = Record<string, Record<string, string>>;

const keyStore = () => strapi.store({ type: KEYS.type, name: KEYS.name });
/** Which entry each file name (key) was imported into: kind -> key -> documentId. */
export const readKeys = async () => ((await keyStore().get({ key: KEYS.key })) ?? {}) as KeyMap;

const docs = (uid: string) =>
  strapi.documents(uid as never) as unknown as {
    create: (params: object) => Promise<{ id: number; documentId: string }>;
    update: (params: object) => Promise<{ id: number; documentId: string }>;
    delete: (params: object) => Promise<unknown>;
    findFirst: (params: object) => Promise<{ id: number; documentId: string } | null>;
  };

/**
 * `npm run content:import -- DIR`: reads a content folder, checks every file with the contract's
 * rules, and only if nothing is wrong creates or updates the entries and pages in one transaction.
 * An entry is found by its `id` when the file gives one, otherwise by its file name (the key of an
 * earlier import); an updated entry keeps its id. Importing the same folder again changes nothing.
 */
export async function importFolder(root: string, options: { dryRun?: boolean } = {}): Promise<ImportReport> {
  const checked = await checkFolder(await readFolder(root));
  const safeguarding = await readSafeguarding(root, checked.problems);
  checkSafeguarding(safeguarding, new Set(checked.media.keys()), checked.problems);
  const report: ImportReport = { problems: checked.problems, entries: [], pages: [], applied: false };
  if (checked.problems.length > 0) return report;

  const sha = memoSha();
  const plan = await planEntries(checked, sha);
  report.problems = plan.problems;
  const pages = await planPages(checked, sha);
  report.pages = pages.map((page) => ({ file: page.record.file, action: page.action }));
  if (report.problems.length > 0) return report;
  if (options.dryRun) {
    report.entries = plan.entries.map((item) => ({
      file: item.record.file,
      action: item.action,
      id: item.target?.id ?? item.createId,
      documentId: item.target?.documentId,
      uid: item.record.kind.def.uid,
      note: item.note,
    }));
    return report;
  }

  const replacedFiles: number[] = [];
  report.entries = await strapi.db.transaction(async ({ trx, onRollback }) => {
    const media = mediaResolver(checked, sha, trx, onRollback);
    const results = await applyEntries(plan.entries, media, replacedFiles, trx);
    for (const page of pages) if (page.action !== 'unchanged') await applyPage(page, media, replacedFiles);
    await applySafeguarding(safeguarding, media.idOf);
    const keys = await readKeys();
    for (const result of results) {
      const [kind, key] = [result.record.kind.dir, result.record.key];
      keys[kind] = { ...keys[kind], [key]: result.documentId };
    }
    await keyStore().set({ key: KEYS.key, value: keys });
    return results.map(({ record, ...rest }) => ({ ...rest, file: record.file, uid: record.kind.def.uid }));
  });
  // Files an update replaced go once the new ones are committed, if nothing else uses them.
  for (const fileId of replacedFiles) await removeIfUnused(fileId);
  report.applied = true;
  return report;
}

/** sha256AsStored of a stored upload (a bucket's is downloaded for it). */
async function storedSha(store: UploadStore, name: string): Promise<string> {
  if (store.folder) return sha256AsStored(path.join(store.folder, name));
  const work = await mkdtemp(path.join(os.tmpdir(), 'stored-sha-'));
  try {
    const copy = path.join(work, name);
    if (!(await store.copyTo(name, copy))) throw new Error(`${name} is not stored`);
    return await sha256AsStored(copy);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Hashes of a folder's files (`sha(path)`) and of stored uploads (`sha.ofStored(name)`), each computed once. */
const memoSha = () => {
  const cache = new Map<string, Promise<string | null>>();
  const memo = (key: string, compute: () => Promise<string>) => {
    if (!cache.has(key))
      cache.set(
        key,
        compute().catch(() => null),
      );
    return cache.get(key)!;
  };
  const store = uploadStore();
  const sha = (file: string) => memo(file, () => sha256AsStored(file));
  sha.ofStored = (name: string) => memo(`stored:${name}`, () => storedSha(store, name));
  return sha;
};
type Sha = ReturnType<typeof memoSha>;

/** Same file name, alt text and bytes (the folder's file against the stored one). */
async function sameMedia(folderRef: MediaRef | null | undefined, storedRef: MediaRef | null | undefined, checked: CheckedFolder, sha: Sha) {
  if (!folderRef || !storedRef) return !folderRef && !storedRef;
  if (folderRef.file !== storedRef.file || (folderRef.alt ?? '') !== (storedRef.alt ?? '')) return false;
  const source = checked.media.get(folderRef.file);
  return Boolean(source) && (await sha(source!.path)) === (await sha.ofStored(storedRef.file));
}

async function sameEntry(record: EntryRecord, stored: StoredEntry, checked: CheckedFolder, sha: Sha) {
  const equal = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!equal(given(record.text), given(stored.record.text))) return false;
  if (record.date !== undefined && record.date !== stored.record.date) return false;
  if (Boolean(record.draft) !== Boolean(stored.record.draft)) return false;
  if (Boolean(record.submitted) !== Boolean(stored.record.submitted)) return false;
  if (!equal(record.ne && given(record.ne), stored.record.ne && given(stored.record.ne))) return false;
  for (const field of record.kind.media) {
    if (!(await sameMedia(record.media[field.key], stored.record.media[field.key], checked, sha))) return false;
  }
  return true;
}

/** The fields that have a value, in a fixed order: an empty field and a missing one are the same (stored as null). */
const given = (value: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([, text]) => text !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

async function planEntries(checked: CheckedFolder, sha: Sha) {
  const problems: Problem[] = [];
  const entries: PlannedEntry[] = [];
  const keys = await readKeys();
  for (const kind of collectionKinds) {
    const stored = await readStoredEntries(kind);
    const byId = new Map(stored.map((entry) => [entry.id, entry]));
    const byDocument = new Map(stored.map((entry) => [entry.documentId, entry]));
    const claimed = new Map<string, string>();
    for (const record of checked.entries.filter((candidate) => candidate.kind === kind)) {
      let target: StoredEntry | undefined;
      let createId: number | undefined;
      let note: string | undefined;
      if (record.id !== undefined) {
        target = byId.get(record.id);
        if (!target) {
          // The id may belong to another row of the table (a Nepali version has its own row and id).
          const taken = await strapi.db.query(kind.def.uid as never).findOne({ where: { id: record.id }, select: ['id'] });
          if (taken) note = `id ${record.id} is taken by another row: the entry gets a new id`;
          else createId = record.id;
        }
      } else {
        const documentId = keys[kind.dir]?.[record.key];
        target = documentId ? byDocument.get(documentId) : undefined;
      }
      if (target) {
        const other = claimed.get(target.documentId);
        if (other) problems.push({ file: record.file, message: folderMessages.sameEntry(other) });
        claimed.set(target.documentId, record.file);
      }
      const action: Action = !target ? 'create' : (await sameEntry(record, target, checked, sha)) ? 'unchanged' : 'update';
      entries.push({ record, action, target, createId, note });
    }
  }
  return { entries, problems };
}

/** A copy of page values with every media value replaced (recursing into components). */
async function mapMedia(
  attributes: Record<string, Attribute>,
  values: Record<string, unknown> | undefined,
  replace: (ref: MediaRef) => Promise<unknown>,
): Promise<Record<string, unknown> | undefined> {
  if (!values) return values;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const attribute = attributes[name];
    if (attribute?.type === 'media') out[name] = value ? await replace(value as MediaRef) : null;
    else if (attribute?.type === 'component' && value) {
      const inner = schemaAttributes(attribute.component as string);
      out[name] = attribute.repeatable
        ? await Promise.all((value as Record<string, unknown>[]).map((item) => mapMedia(inner, item, replace)))
        : await mapMedia(inner, value as Record<string, unknown>, replace);
    } else out[name] = value;
  }
  return out;
}

async function planPages(checked: CheckedFolder, sha: Sha): Promise<PlannedPage[]> {
  const planned: PlannedPage[] = [];
  for (const record of checked.pages) {
    const stored = await readStoredPage(record.kind);
    let action: Action = stored ? 'unchanged' : 'create';
    if (stored) {
      const attributes = schemaAttributes(record.kind.uid);
      const comparable = async (values: Record<string, unknown> | undefined, fromFolder: boolean) =>
        JSON.stringify(
          await mapMedia(attributes, values, async (ref) => ({
            ...ref,
            sha: await (fromFolder ? sha(checked.media.get(ref.file)!.path) : sha.ofStored(ref.file)),
          })),
        );
      const same =
        (await comparable(record.en, true)) === (await comparable(stored.en, false)) &&
        (await comparable(record.ne, true)) === (await comparable(stored.ne, false));
      if (!same) action = 'update';
    }
    planned.push({ record, action, stored });
  }
  return planned;
}

/** The stored file a media/ name is (its hash and extension), if any. */
const storedFileNamed = async (name: string) => {
  const ext = path.extname(name);
  return (await strapi.db.query(FILE_UID).findOne({ where: { hash: name.slice(0, -ext.length), ext } })) as StoredFile | null;
};

/** Folder media file -> stored file id, storing each file once and reusing an identical stored one. */
function mediaResolver(checked: CheckedFolder, sha: Sha, trx: Transaction, onRollback: (cb: () => void | Promise<void>) => void) {
  const resolved = new Map<string, Promise<number>>();
  const resolve = async (ref: MediaRef, mayShareWith: (link: string) => boolean): Promise<number> => {
    const media = checked.media.get(ref.file)!;
    const existing = await storedFileNamed(ref.file);
    if (existing && (await sha(media.path)) === (await sha.ofStored(ref.file))) {
      const links = await fileLinks(existing.id, trx);
      if (links.every(mayShareWith)) {
        if ((existing.alternativeText ?? null) !== (ref.alt ?? null)) {
          await strapi.db.query(FILE_UID).update({ where: { id: existing.id }, data: { alternativeText: ref.alt ?? null } });
        }
        return existing.id;
      }
    }
    const { file, undo } = await storeMediaFile({ ...media, alt: ref.alt });
    onRollback(undo);
    return file.id;
  };
  const resolver = (ref: MediaRef, mayShareWith: (link: string) => boolean) => {
    if (!resolved.has(ref.file)) resolved.set(ref.file, resolve(ref, mayShareWith));
    return resolved.get(ref.file)!;
  };
  /** The stored file a folder photo became: stored by this import, or kept under its name by an earlier one. */
  const idOf = async (name: string): Promise<number | null> => {
    if (resolved.has(name)) return resolved.get(name)!;
    return (await storedFileNamed(name))?.id ?? null;
  };
  return Object.assign(resolver, { idOf });
}
type MediaResolver = ReturnType<typeof mediaResolver>;

interface AppliedEntry {
  record: EntryRecord;
  action: Action;
  id: number;
  documentId: string;
  note?: string;
}

/** Creates (with the file's id when it is free; oldest first otherwise) and updates the entries. */
async function applyEntries(planned: PlannedEntry[], media: MediaResolver, replacedFiles: number[], trx: Transaction) {
  const creates = planned
    .filter((item) => item.action === 'create')
    .sort((a, b) => {
      if ((a.createId === undefined) !== (b.createId === undefined)) return a.createId === undefined ? 1 : -1;
      if (a.createId !== undefined && b.createId !== undefined) return a.createId - b.createId;
      return (a.record.date ?? '').localeCompare(b.record.date ?? '') || a.record.key.localeCompare(b.record.key);
    });
  const results: AppliedEntry[] = [];
  // English first: the rows of Nepali versions take ids from the same sequence, and must not take
  // one that a file of this folder asks for.
  for (const item of creates) {
    const { kind } = item.record;
    const data = await englishData(item.record, media, () => false);
    if (item.createId !== undefined) data.id = item.createId;
    else if (kind.date.attribute === 'joinedAt' && !data.joinedAt) data.joinedAt = new Date().toISOString().slice(0, 10);
    const created = await docs(kind.def.uid).create({ locale: DEFAULT_LOCALE, data });
    if (item.createId !== undefined) await continueIdSequence(tableOf(kind), trx);
    results.push({ record: item.record, action: 'create', id: created.id, documentId: created.documentId, note: item.note });
  }
  for (const item of planned) {
    if (item.action === 'create') continue;
    const target = item.target!;
    if (item.action === 'update') {
      const { kind } = item.record;
      const owners = new Set([target.id, target.nepaliId].filter(Boolean).map((id) => `${kind.def.uid}:${id}`));
      const data = await englishData(item.record, media, (link) => owners.has(link));
      await docs(kind.def.uid).update({ documentId: target.documentId, locale: DEFAULT_LOCALE, data });
      const kept = new Set(Object.values(data).filter((value) => typeof value === 'number'));
      for (const file of target.files) if (!kept.has(file.id)) replacedFiles.push(file.id);
    }
    results.push({ record: item.record, action: item.action, id: target.id, documentId: target.documentId, note: item.note });
  }
  for (const result of results) {
    if (result.action === 'unchanged') continue;
    await applyDate(result);
    await applyNepali(result);
  }
  return results;
}

const tableOf = (kind: CollectionKind) => (strapi.db.metadata.get(kind.def.uid as never) as unknown as { tableName: string }).tableName;

async function englishData(record: EntryRecord, media: MediaResolver, mayShareWith: (link: string) => boolean) {
  const { kind } = record;
  const data: Record<string, unknown> = {};
  // A file holds the whole entry: a field it leaves out or empty is stored empty (null).
  for (const rule of kind.def.textFields) data[rule.attribute] = record.text[rule.field] || null;
  if (kind.date.attribute === 'joinedAt' && record.date !== undefined) data.joinedAt = record.date;
  // A post is published unless its file says `submitted: true` (waiting for review) or `draft: true`.
  if (kind.def.drafts) data.publication = record.submitted ? 'submitted' : record.draft ? 'draft' : 'published';
  for (const field of kind.media) {
    const ref = record.media[field.key];
    data[field.attribute] = ref ? await media(ref, mayShareWith) : null;
  }
  return data;
}

/** Strapi stamps createdAt itself; an entry keeps the date its file gives, in every language. */
async function applyDate({ record, documentId }: AppliedEntry) {
  if (record.kind.date.attribute !== 'createdAt' || record.date === undefined) return;
  await strapi.db.query(record.kind.def.uid as never).updateMany({ where: { documentId }, data: { createdAt: new Date(record.date) } });
}

/** The Nepali version as the file has it: created, updated, or removed when the file has none. */
async function applyNepali({ record, documentId }: AppliedEntry) {
  const { uid } = record.kind.def;
  const existing = await docs(uid).findFirst({ locale: 'ne', filters: { documentId }, fields: ['id'] });
  if (!record.ne) {
    if (existing) await docs(uid).delete({ documentId, locale: 'ne' });
    return;
  }
  const data = Object.fromEntries(localizedTextFields(record.kind.def).map((rule) => [rule.attribute, record.ne![rule.field] || null]));
  const saved = await docs(uid).update({ documentId, locale: 'ne', data });
  // A version carries its entry's date, as the contract's PUT ?locale=ne gives it.
  const english = (await strapi.db
    .query(uid as never)
    .findOne({ where: { documentId, locale: DEFAULT_LOCALE }, select: ['createdAt'] })) as {
    createdAt: Date | string;
  };
  await strapi.db.query(uid as never).update({ where: { id: saved.id }, data: { createdAt: english.createdAt } });
}

/** Every attribute of the version: what the file leaves out is emptied (the file is the whole page). */
function fullPageData(attributes: Record<string, Attribute>, values: Record<string, unknown>, nepali: boolean) {
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (nepali && !isLocalized(attribute)) continue;
    data[name] = values[name] ?? (attribute.type === 'component' && attribute.repeatable ? [] : null);
  }
  return data;
}

async function applyPage({ record, stored }: PlannedPage, media: MediaResolver, replacedFiles: number[]) {
  const { uid } = record.kind;
  const attributes = schemaAttributes(uid);
  const pageTypes = new Set(pageKinds.map((kind) => kind.uid));
  // Page files may be shared by the pages and their components, never with a collection entry.
  const mayShareWith = (link: string) => pageTypes.has(link.slice(0, link.lastIndexOf(':'))) || !link.includes('::');
  const toIds = (values: Record<string, unknown> | undefined) => mapMedia(attributes, values, (ref) => media(ref, mayShareWith));
  const english = fullPageData(attributes, (await toIds(record.en))!, false);
  const saved = stored
    ? await docs(uid).update({ documentId: stored.documentId, locale: DEFAULT_LOCALE, data: english })
    : await docs(uid).create({ locale: DEFAULT_LOCALE, data: english });
  if (record.ne) {
    await docs(uid).update({ documentId: saved.documentId, locale: 'ne', data: fullPageData(attributes, (await toIds(record.ne))!, true) });
  } else if (stored?.ne) {
    await docs(uid).delete({ documentId: saved.documentId, locale: 'ne' });
  }
  for (const file of stored?.files ?? []) replacedFiles.push(file.id);
}
