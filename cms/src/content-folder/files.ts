import { lstat, readdir, readFile } from 'fs/promises';
import path from 'path';
import YAML from 'yaml';
import { collectionKinds, MEDIA_DIR, PAGES_DIR, pageKinds, SAFE_NAME, SAFEGUARDING_DIR, type CollectionKind, type PageKind } from './kinds';
import { folderMessages } from './messages';

/**
 * Reading and writing the files of a content folder: YAML documents and Markdown posts with YAML
 * front matter. Only the shape is checked here (fields, types); the contract's rules are checked
 * in validate.ts.
 */
export interface Problem {
  /** The file, relative to the folder (`blog/health-camp.md`). */
  file: string;
  field?: string;
  message: string;
}

/** A file in media/, with the alt text of the stored file. */
export interface MediaRef {
  file: string;
  alt?: string;
}

export interface EntryRecord {
  kind: CollectionKind;
  key: string;
  file: string;
  /** A post's Nepali file (`blog/<key>.ne.md`). */
  neFile?: string;
  /** The numeric id of the contract and the public URLs, when the file gives one. */
  id?: number;
  /** The contract's text fields by their form names (a post's `content` is its Markdown body). */
  text: Record<string, string>;
  date?: string;
  /** A post kept from visitors (`draft: true` in its file); without it, a post is published. */
  draft?: boolean;
  /** A post waiting for a Manager's review (`submitted: true`), also kept from visitors. */
  submitted?: boolean;
  /** By the media field's name in the file (`cover`, `photo`, ...). */
  media: Record<string, MediaRef | null>;
  /** The Nepali version's text fields, when it has one. */
  ne?: Record<string, string>;
}

export interface PageRecord {
  kind: PageKind;
  file: string;
  /** Attributes as in the content type's schema; media as MediaRef. */
  en: Record<string, unknown>;
  ne?: Record<string, unknown>;
}

export interface Folder {
  entries: EntryRecord[];
  pages: PageRecord[];
  /** Files of media/, by name. */
  media: Map<string, string>;
  problems: Problem[];
}

const NEPALI_SUFFIX = '.ne.md';

// ── YAML and front matter ─────────────────────────────────────────────────────────────

/** YAML as people write and diff it: no folding of long lines, multi-line text as literal blocks. */
export const toYaml = (value: unknown) => YAML.stringify(value, { lineWidth: 0, blockQuote: 'literal' });

/** How many aliases (`*name`) a file may resolve: more is the "billion laughs" attack, which expands a few lines into gigabytes. */
const MAX_YAML_ALIASES = 100;

export function parseYaml(text: string, file: string, problems: Problem[]): Record<string, unknown> | null {
  const document = YAML.parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    for (const error of document.errors) problems.push({ file, message: folderMessages.notYaml(error.message.split('\n')[0]) });
    return null;
  }
  let value: unknown;
  try {
    // Refuses (throws) past the alias limit, before expanding them.
    value = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    problems.push({ file, message: folderMessages.notYaml((error as Error).message.split('\n')[0]) });
    return null;
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ file, message: folderMessages.notMapping });
    return null;
  }
  return value as Record<string, unknown>;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/** `---\n<yaml>---\n<body>`; the body keeps its bytes, less the one line break an editor adds at the end. */
export function parseMarkdown(text: string, file: string, problems: Problem[]) {
  const match = FRONT_MATTER.exec(text);
  if (!match || match.index !== 0) {
    problems.push({ file, message: folderMessages.noFrontMatter });
    return null;
  }
  const front = parseYaml(match[1], file, problems);
  if (!front) return null;
  const body = text.slice(match[0].length).replace(/\r?\n$/, '');
  return { front, body };
}

export const toMarkdown = (front: Record<string, unknown>, body: string) => `---\n${toYaml(front)}---\n${body}\n`;

// ── Field values ──────────────────────────────────────────────────────────────────────

type Reader = { file: string; problems: Problem[] };

function text(value: unknown, field: string, { file, problems }: Reader): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  problems.push({ file, field, message: folderMessages.notText });
  return undefined;
}

function wholeNumber(value: unknown, field: string, { file, problems }: Reader): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) return value;
  problems.push({ file, field, message: folderMessages.invalidId });
  return undefined;
}

export function mediaRef(value: unknown, field: string, { file, problems }: Reader): MediaRef | null {
  if (value === undefined || value === null || value === '') return null;
  const ref = typeof value === 'string' ? { file: value } : value;
  if (!ref || typeof ref !== 'object' || Array.isArray(ref)) {
    problems.push({ file, field, message: folderMessages.mediaRef });
    return null;
  }
  const { file: name, alt, ...rest } = ref as Record<string, unknown>;
  for (const unknown of Object.keys(rest))
    problems.push({ file, field: `${field}.${unknown}`, message: folderMessages.unknownField(unknown) });
  if (typeof name !== 'string' || !name) {
    problems.push({ file, field, message: folderMessages.mediaRef });
    return null;
  }
  if (!SAFE_NAME.test(name)) problems.push({ file, field, message: folderMessages.badName });
  const altText = text(alt, `${field}.alt`, { file, problems });
  return altText ? { file: name, alt: altText } : { file: name };
}

const textFieldNames = (kind: CollectionKind) => kind.def.textFields.map((rule) => rule.field);

/** The fields of an entry file, in the order they are written. */
const entryFieldNames = (kind: CollectionKind) =>
  kind.format === 'markdown'
    ? [
        'id',
        ...textFieldNames(kind).filter((name) => name !== 'content'),
        kind.date.key,
        ...kind.media.map((media) => media.key),
        ...(kind.def.drafts ? ['draft', 'submitted'] : []),
      ]
    : ['id', ...textFieldNames(kind), kind.date.key, ...kind.media.map((media) => media.key), 'ne'];

function entryFromFields(
  kind: CollectionKind,
  key: string,
  file: string,
  fields: Record<string, unknown>,
  problems: Problem[],
): EntryRecord {
  const reader = { file, problems };
  const allowed = new Set(entryFieldNames(kind));
  for (const name of Object.keys(fields)) {
    if (!allowed.has(name)) problems.push({ file, field: name, message: folderMessages.unknownField(name) });
  }
  const record: EntryRecord = { kind, key, file, text: {}, media: {} };
  const id = wholeNumber(fields.id, 'id', reader);
  if (id !== undefined) record.id = id;
  for (const name of textFieldNames(kind)) {
    const value = text(fields[name], name, reader);
    if (value !== undefined) record.text[name] = value;
  }
  const date = text(fields[kind.date.key], kind.date.key, reader);
  if (date !== undefined) record.date = date;
  for (const media of kind.media) record.media[media.key] = mediaRef(fields[media.key], media.key, reader);
  for (const flag of ['draft', 'submitted'] as const) {
    if (fields[flag] === undefined || fields[flag] === null) continue;
    if (typeof fields[flag] !== 'boolean') problems.push({ file, field: flag, message: folderMessages.notTrueFalse });
    else if (fields[flag]) record[flag] = true;
  }
  if (fields.ne !== undefined && fields.ne !== null) {
    if (typeof fields.ne !== 'object' || Array.isArray(fields.ne)) {
      problems.push({ file, field: 'ne', message: folderMessages.notMapping });
    } else {
      record.ne = nepaliText(kind, fields.ne as Record<string, unknown>, 'ne.', reader);
    }
  }
  return record;
}

function nepaliText(kind: CollectionKind, fields: Record<string, unknown>, prefix: string, reader: Reader) {
  // Shared fields are named (and refused) by the check against the schema; local_name exists only here.
  const names = new Set([...textFieldNames(kind), ...(kind.def.translationFields ?? []).map((rule) => rule.field)]);
  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries(fields)) {
    if (!names.has(name)) {
      reader.problems.push({ file: reader.file, field: `${prefix}${name}`, message: folderMessages.unknownField(name) });
      continue;
    }
    const value = text(raw, `${prefix}${name}`, reader);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

// ── Reading a folder ──────────────────────────────────────────────────────────────────

/**
 * The files of one of the folder's directories (`blog`, `media`, ...), by name. Symbolic links,
 * the directory's own or its files', are problems and are never followed: a link could bring in
 * any file of the machine (`media -> /etc`) and publish it.
 */
async function listFiles(root: string, dir: string, problems: Problem[]) {
  const info = await lstat(path.join(root, dir)).catch(() => null);
  if (info?.isSymbolicLink()) problems.push({ file: `${dir}/`, message: folderMessages.symbolicLink });
  if (!info?.isDirectory()) return [];
  const names: string[] = [];
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) problems.push({ file: `${dir}/${entry.name}`, message: folderMessages.symbolicLink });
    else if (entry.isFile()) names.push(entry.name);
  }
  return names.sort();
}

/** A content folder's entries (of `kinds`: the site's own unless told), pages and media, with every problem found. */
export async function readFolder(root: string, kinds: CollectionKind[] = collectionKinds): Promise<Folder> {
  const knownDirs = new Set<string>([...kinds.map((kind) => kind.dir), PAGES_DIR, MEDIA_DIR, SAFEGUARDING_DIR]);
  const problems: Problem[] = [];
  const entries: EntryRecord[] = [];
  const pages: PageRecord[] = [];

  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || knownDirs.has(entry.name)) continue;
    // Notes beside the content (a README) are fine; a misspelt folder is not silently skipped.
    if (entry.isDirectory()) problems.push({ file: `${entry.name}/`, message: folderMessages.unknownFile });
  }

  for (const kind of kinds) {
    const names = await listFiles(root, kind.dir, problems);
    const extension = kind.format === 'markdown' ? '.md' : '.yaml';
    const nepali = new Map<string, string>();
    for (const name of names) {
      const file = `${kind.dir}/${name}`;
      if (kind.format === 'markdown' && name.endsWith(NEPALI_SUFFIX)) {
        nepali.set(name.slice(0, -NEPALI_SUFFIX.length), file);
        continue;
      }
      if (!name.endsWith(extension) && !(kind.format === 'yaml' && name.endsWith('.yml'))) {
        problems.push({ file, message: folderMessages.unknownFile });
        continue;
      }
      const key = name.slice(0, name.lastIndexOf('.'));
      if (!SAFE_NAME.test(key)) problems.push({ file, message: folderMessages.badName });
      const contents = await readFile(path.join(root, file), 'utf8');
      if (kind.format === 'markdown') {
        const parsed = parseMarkdown(contents, file, problems);
        if (!parsed) continue;
        const record = entryFromFields(kind, key, file, parsed.front, problems);
        record.text.content = parsed.body;
        entries.push(record);
      } else {
        const fields = parseYaml(contents, file, problems);
        if (fields) entries.push(entryFromFields(kind, key, file, fields, problems));
      }
    }
    for (const [key, file] of nepali) {
      const english = entries.find((record) => record.kind === kind && record.key === key);
      if (!english) {
        problems.push({ file, message: folderMessages.nepaliWithoutEnglish(`${kind.dir}/${key}.md`) });
        continue;
      }
      const parsed = parseMarkdown(await readFile(path.join(root, file), 'utf8'), file, problems);
      if (!parsed) continue;
      // The body is the Nepali post; its front matter holds the other translated fields (the title...).
      const { content, ...front } = parsed.front;
      if (content !== undefined) problems.push({ file, field: 'content', message: folderMessages.unknownField('content') });
      english.neFile = file;
      english.ne = nepaliText(kind, front, '', { file, problems });
      english.ne.content = parsed.body;
    }
  }

  for (const name of await listFiles(root, PAGES_DIR, problems)) {
    const file = `${PAGES_DIR}/${name}`;
    const kind = pageKinds.find((page) => `${page.name}.yaml` === name || `${page.name}.yml` === name);
    if (!kind) {
      problems.push({ file, message: folderMessages.unknownPage(pageKinds.map((page) => `${page.name}.yaml`)) });
      continue;
    }
    const fields = parseYaml(await readFile(path.join(root, file), 'utf8'), file, problems);
    if (!fields) continue;
    const { ne, ...en } = fields;
    if (ne !== undefined && ne !== null && (typeof ne !== 'object' || Array.isArray(ne))) {
      problems.push({ file, field: 'ne', message: folderMessages.notMapping });
      continue;
    }
    pages.push({ kind, file, en, ...(ne ? { ne: ne as Record<string, unknown> } : {}) });
  }

  const media = new Map<string, string>();
  for (const name of await listFiles(root, MEDIA_DIR, problems)) {
    if (!SAFE_NAME.test(name)) problems.push({ file: `${MEDIA_DIR}/${name}`, message: folderMessages.badName });
    media.set(name, path.join(root, MEDIA_DIR, name));
  }
  return { entries, pages, media, problems };
}

// ── Writing ───────────────────────────────────────────────────────────────────────────

const mediaValue = (ref: MediaRef | null | undefined) => (ref ? (ref.alt ? { file: ref.file, alt: ref.alt } : ref.file) : undefined);

/** The file(s) of an entry: path relative to the folder -> contents. */
export function entryFiles(record: EntryRecord): Record<string, string> {
  const { kind } = record;
  const fields: Record<string, unknown> = {};
  if (record.id !== undefined) fields.id = record.id;
  for (const name of textFieldNames(kind)) {
    if (kind.format === 'markdown' && name === 'content') continue;
    if (record.text[name] !== undefined) fields[name] = record.text[name];
  }
  if (record.date !== undefined) fields[kind.date.key] = record.date;
  for (const media of kind.media) {
    const value = mediaValue(record.media[media.key]);
    if (value !== undefined) fields[media.key] = value;
  }
  if (record.draft) fields.draft = true;
  if (record.submitted) fields.submitted = true;
  if (kind.format === 'yaml') {
    if (record.ne) fields.ne = record.ne;
    return { [`${kind.dir}/${record.key}.yaml`]: toYaml(fields) };
  }
  const files = { [`${kind.dir}/${record.key}.md`]: toMarkdown(fields, record.text.content ?? '') };
  if (record.ne) {
    const { content = '', ...front } = record.ne;
    files[`${kind.dir}/${record.key}${NEPALI_SUFFIX}`] = toMarkdown(front, content);
  }
  return files;
}

export const pageFile = (record: PageRecord) => ({
  [`${PAGES_DIR}/${record.kind.name}.yaml`]: toYaml(record.ne ? { ...record.en, ne: record.ne } : record.en),
});
