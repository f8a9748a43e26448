import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { readUpload, uploadStore } from '../media/upload-store';
import { entryFiles, pageFile, type MediaRef } from './files';
import { readKeys } from './import';
import { collectionKinds, MEDIA_DIR, PAGES_DIR, pageKinds, SAFEGUARDING_DIR } from './kinds';
import { safeguardingFiles } from './safeguarding';
import { schemaAttributes, type Attribute } from './schema';
import { readStoredEntries, readStoredPage, sha256OfFile, storedName, type StoredFile } from './stored';

export interface ExportReport {
  /** Files written or rewritten, relative to the folder. */
  written: string[];
  /** Files of earlier exports that no longer belong to the content (entries deleted since). */
  removed: string[];
  entries: number;
  pages: number;
}

/** A key from a title: lower case, words joined by '-', at most 60 characters. */
export const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/** Page values as a file holds them: a media value is its file name, or {file, alt}. */
function writtenPageValues(attributes: Record<string, Attribute>, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const attribute = attributes[name];
    if (attribute?.type === 'media') {
      const ref = value as MediaRef;
      out[name] = ref.alt ? { file: ref.file, alt: ref.alt } : ref.file;
    } else if (attribute?.type === 'component') {
      const inner = schemaAttributes(attribute.component as string);
      out[name] = attribute.repeatable
        ? (value as Record<string, unknown>[]).map((item) => writtenPageValues(inner, item))
        : writtenPageValues(inner, value as Record<string, unknown>);
    } else out[name] = value;
  }
  return out;
}

/**
 * `npm run content:export -- DIR`: the site's content as a content folder (see the README). Each
 * entry keeps the name it was imported under, otherwise it is named after its English title; its
 * numeric id is in the file, so importing the folder into an empty database gives the same ids.
 * Files of the folder's own sub-folders that are no longer content are removed; anything else in
 * DIR is left alone. `publicOnly` leaves out (and removes) safeguarding/, the staff-only records.
 */
export async function exportFolder(root: string, options: { publicOnly?: boolean } = {}): Promise<ExportReport> {
  const files = new Map<string, string>();
  const media = new Map<string, StoredFile>();
  const keys = await readKeys();
  let entries = 0;

  for (const kind of collectionKinds) {
    const byDocument = new Map(Object.entries(keys[kind.dir] ?? {}).map(([key, documentId]) => [documentId, key]));
    const used = new Set<string>();
    for (const stored of await readStoredEntries(kind)) {
      const title = stored.record.text.title ?? stored.record.text.name ?? '';
      let key = byDocument.get(stored.documentId) ?? (slugOf(title) || `${kind.dir}-${stored.id}`);
      if (used.has(key)) key = `${key}-${stored.id}`;
      used.add(key);
      for (const [file, text] of Object.entries(entryFiles({ ...stored.record, key, file: '' }))) files.set(file, text);
      for (const file of stored.files) media.set(storedName(file), file);
      entries += 1;
    }
  }

  let pages = 0;
  for (const kind of pageKinds) {
    const stored = await readStoredPage(kind);
    if (!stored) continue;
    const attributes = schemaAttributes(kind.uid);
    const record = {
      kind,
      file: '',
      en: writtenPageValues(attributes, stored.en),
      ...(stored.ne ? { ne: writtenPageValues(attributes, stored.ne) } : {}),
    };
    for (const [file, text] of Object.entries(pageFile(record))) files.set(file, text);
    for (const file of stored.files) media.set(storedName(file), file);
    pages += 1;
  }

  if (!options.publicOnly) for (const [file, text] of Object.entries(await safeguardingFiles(media))) files.set(file, text);

  const written: string[] = [];
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
    written.push(file);
  }
  await mkdir(path.join(root, MEDIA_DIR), { recursive: true });
  const store = uploadStore();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'content-export-'));
  try {
    for (const [name, file] of media) {
      const target = path.join(root, MEDIA_DIR, name);
      const source = await readUpload(store, storedName(file), scratch);
      if (!source) throw new Error(`The media library's ${storedName(file)} is not stored: it cannot be exported.`);
      const existing = await stat(target).catch(() => null);
      // Large videos are written only when they changed.
      if (existing && existing.size === (await stat(source)).size && (await sha256OfFile(target)) === (await sha256OfFile(source)))
        continue;
      await copyFile(source, target);
      written.push(`${MEDIA_DIR}/${name}`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  const removed: string[] = [];
  const owned = [...collectionKinds.map((kind) => kind.dir), PAGES_DIR, MEDIA_DIR, SAFEGUARDING_DIR];
  for (const dir of owned) {
    for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) {
      const file = `${dir}/${name}`;
      if (name.startsWith('.') || files.has(file) || (dir === MEDIA_DIR && media.has(name))) continue;
      await rm(path.join(root, file), { recursive: true, force: true });
      removed.push(file);
    }
  }
  return { written, removed, entries, pages };
}
