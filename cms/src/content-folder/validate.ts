import { lstat } from 'fs/promises';
import path from 'path';
import type { SniffedType } from '../contract/file-type';
import { localizedTextFields } from '../contract/locale';
import { EMAIL_PATTERN, fieldMessages, serverMessages } from '../contract/messages';
import { checkFile, invalidTypeMessage, isCalendarDate, validateText } from '../contract/validation';
import { mediaRef, type EntryRecord, type Folder, type MediaRef, type PageRecord, type Problem } from './files';
import { MEDIA_DIR } from './kinds';
import { folderMessages } from './messages';
import { schemaAttributes, type Attribute } from './schema';

/** A media file of the folder that passed the contract's checks. */
export interface CheckedMedia {
  name: string;
  path: string;
  size: number;
  type: SniffedType;
  alt?: string;
}

export interface CheckedFolder {
  entries: EntryRecord[];
  pages: PageRecord[];
  media: Map<string, CheckedMedia>;
  problems: Problem[];
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A date or date-time as written in a file, as the ISO timestamp it is stored as (null if invalid). */
export function normalizeTimestamp(raw: string): string | null {
  if (!TIMESTAMP.test(raw) || !isCalendarDate(raw.slice(0, 10))) return null;
  const date = new Date(raw.length === 10 ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form field a problem is reported on: a post's `content` is its body. */
const fieldName = (record: EntryRecord, field: string) => (record.kind.format === 'markdown' && field === 'content' ? 'body' : field);

/**
 * Checks a folder with the contract's rules and messages (text fields, e-mail, lengths, dates, file
 * types by their bytes, size and pixel limits) and the pages against their schemas. Returns the
 * records with their text trimmed and dates normalised, as they would be stored, and every problem.
 */
export async function checkFolder(folder: Folder): Promise<CheckedFolder> {
  const problems = [...folder.problems];
  const media = new Map<string, CheckedMedia>();
  const checkedTypes = new Map<string, Promise<Problem | null>>();
  const usedBy = new Map<string, { owner: string; collection: boolean }>();
  const alts = new Map<string, string | undefined>();

  /** Checks a referenced media file once per expected kind; records who uses it. */
  const useMedia = async (ref: MediaRef, kind: 'image' | 'video', file: string, field: string, owner: string, collection: boolean) => {
    const source = folder.media.get(ref.file);
    if (!source) {
      problems.push({ file, field, message: folderMessages.missingMedia(ref.file) });
      return;
    }
    const other = usedBy.get(ref.file);
    if (other && other.owner !== owner && (collection || other.collection)) {
      problems.push({ file, field, message: folderMessages.sharedMedia(ref.file, other.owner) });
    } else if (!other) {
      usedBy.set(ref.file, { owner, collection });
    }
    if (alts.has(ref.file) && alts.get(ref.file) !== ref.alt) problems.push({ file, field, message: folderMessages.twoAlts(ref.file) });
    alts.set(ref.file, ref.alt);

    const checkKey = `${ref.file}:${kind}`;
    if (!checkedTypes.has(checkKey)) {
      checkedTypes.set(
        checkKey,
        (async () => {
          // lstat: a file swapped for a link since the folder was read is not followed either.
          const info = await lstat(source);
          if (!info.isFile()) return { file: `${MEDIA_DIR}/${ref.file}`, message: folderMessages.symbolicLink };
          const { size } = info;
          const { sniffed, problem } = await checkFile(kind, { filepath: source, size }, { decode: true });
          if (problem || !sniffed) return { file: `${MEDIA_DIR}/${ref.file}`, message: problem?.message ?? invalidTypeMessage(kind) };
          const ext = path.extname(ref.file).toLowerCase();
          if (ext !== sniffed.ext && !(sniffed.ext === '.jpg' && ext === '.jpeg')) {
            return { file: `${MEDIA_DIR}/${ref.file}`, message: folderMessages.wrongExtension(ref.file, sniffed.ext) };
          }
          media.set(ref.file, { name: ref.file, path: source, size, type: sniffed, alt: ref.alt });
          return null;
        })(),
      );
    }
    const problem = await checkedTypes.get(checkKey);
    // Reported on the entry's field, so a person sees where the file is used.
    if (problem) problems.push({ file, field, message: problem.message });
  };

  const ids = new Map<string, string>();
  for (const record of folder.entries) {
    const { def } = record.kind;
    const english = validateText(def.textFields, record.text);
    for (const [field, messages] of Object.entries(english.errors)) {
      for (const message of messages) problems.push({ file: record.file, field: fieldName(record, field), message });
    }
    record.text = english.values;
    if (record.ne) {
      const localized = localizedTextFields(def);
      const nepali = validateText(localized, record.ne);
      const file = record.neFile ?? record.file;
      const prefix = record.neFile ? '' : 'ne.';
      for (const name of Object.keys(record.ne)) {
        if (!localized.some((rule) => rule.field === name)) {
          problems.push({
            file,
            field: `${prefix}${fieldName(record, name)}`,
            message: folderMessages.sharedField(fieldName(record, name)),
          });
        }
      }
      for (const [field, messages] of Object.entries(nepali.errors)) {
        for (const message of messages) problems.push({ file, field: `${prefix}${fieldName(record, field)}`, message });
      }
      record.ne = nepali.values;
    }

    if (record.date !== undefined) {
      const key = record.kind.date.key;
      if (key === 'joined') {
        if (!isCalendarDate(record.date)) problems.push({ file: record.file, field: key, message: serverMessages.invalidDate });
      } else {
        const normalized = normalizeTimestamp(record.date);
        if (normalized) record.date = normalized;
        else problems.push({ file: record.file, field: key, message: folderMessages.invalidTimestamp });
      }
    }

    for (const field of record.kind.media) {
      const ref = record.media[field.key];
      if (!ref) {
        if (field.requiredMessage) problems.push({ file: record.file, field: field.key, message: field.requiredMessage });
        continue;
      }
      await useMedia(ref, field.kind, record.file, field.key, record.file, true);
    }

    if (record.id !== undefined) {
      const idKey = `${record.kind.dir}:${record.id}`;
      const other = ids.get(idKey);
      if (other) problems.push({ file: record.file, field: 'id', message: folderMessages.duplicateId(other) });
      else ids.set(idKey, record.file);
    }
  }

  for (const page of folder.pages) {
    const reader = { file: page.file, problems, useMedia };
    page.en = await checkAttributes(schemaAttributes(page.kind.uid), page.en, '', reader, false);
    if (page.ne) page.ne = await checkAttributes(schemaAttributes(page.kind.uid), page.ne, 'ne.', reader, true);
  }

  return { entries: folder.entries, pages: folder.pages, media, problems };
}

interface AttributeReader {
  file: string;
  problems: Problem[];
  useMedia: (ref: MediaRef, kind: 'image' | 'video', file: string, field: string, owner: string, collection: boolean) => Promise<void>;
}

/**
 * A page (or one of its components) against its schema: required fields, text, numbers, lists and
 * their sizes, e-mail addresses, media. Returns the values as they will be stored.
 * `nepali`: only attributes that differ per language belong there.
 */
async function checkAttributes(
  attributes: Record<string, Attribute>,
  values: Record<string, unknown>,
  prefix: string,
  reader: AttributeReader,
  nepali: boolean,
): Promise<Record<string, unknown>> {
  const { file, problems } = reader;
  const clean: Record<string, unknown> = {};
  for (const name of Object.keys(values)) {
    if (!(name in attributes)) problems.push({ file, field: `${prefix}${name}`, message: folderMessages.unknownField(name) });
    else if (nepali && attributes[name].pluginOptions?.i18n?.localized === false) {
      problems.push({ file, field: `${prefix}${name}`, message: folderMessages.sharedField(name) });
    }
  }
  for (const [name, attribute] of Object.entries(attributes)) {
    if (nepali && attribute.pluginOptions?.i18n?.localized === false) continue;
    const field = `${prefix}${name}`;
    const value = values[name];
    const missing = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (missing) {
      if (attribute.required) problems.push({ file, field, message: folderMessages.required(name) });
      continue;
    }
    switch (attribute.type) {
      case 'string':
      case 'text':
      case 'richtext':
      case 'email': {
        if (typeof value !== 'string' && typeof value !== 'number') {
          problems.push({ file, field, message: folderMessages.notText });
          break;
        }
        const textValue = String(value);
        if (attribute.type === 'email' && !EMAIL_PATTERN.test(textValue))
          problems.push({ file, field, message: fieldMessages.authorInvalid });
        if (attribute.maxLength && textValue.length > attribute.maxLength) {
          problems.push({ file, field, message: serverMessages.tooLong(name, attribute.maxLength) });
        }
        clean[name] = textValue;
        break;
      }
      case 'integer':
        if (typeof value !== 'number' || !Number.isInteger(value)) problems.push({ file, field, message: folderMessages.notWholeNumber });
        else clean[name] = value;
        break;
      case 'media': {
        const ref = mediaRef(value, field, { file, problems });
        if (ref) {
          await reader.useMedia(ref, attribute.allowedTypes?.includes('videos') ? 'video' : 'image', file, field, file, false);
          clean[name] = ref;
        }
        break;
      }
      case 'component': {
        const componentAttributes = schemaAttributes(attribute.component as string);
        const items = attribute.repeatable ? value : [value];
        if (!Array.isArray(items)) {
          problems.push({ file, field, message: folderMessages.notList });
          break;
        }
        if (attribute.max !== undefined && items.length > attribute.max)
          problems.push({ file, field, message: folderMessages.tooMany(attribute.max) });
        if (attribute.min !== undefined && items.length < attribute.min)
          problems.push({ file, field, message: folderMessages.tooFew(attribute.min) });
        const cleanItems: Record<string, unknown>[] = [];
        for (const [index, item] of items.entries()) {
          const itemPrefix = attribute.repeatable ? `${field}[${index}].` : `${field}.`;
          if (!item || typeof item !== 'object' || Array.isArray(item)) {
            problems.push({ file, field: itemPrefix.slice(0, -1), message: folderMessages.notMapping });
            continue;
          }
          // Components carry no language of their own: their whole content follows the parent's version.
          cleanItems.push(await checkAttributes(componentAttributes, item as Record<string, unknown>, itemPrefix, reader, false));
        }
        clean[name] = attribute.repeatable ? cleanItems : cleanItems[0];
        break;
      }
      default:
        problems.push({ file, field, message: folderMessages.unknownField(name) });
    }
  }
  return clean;
}
