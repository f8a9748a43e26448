import { createHash } from 'crypto';
import { createReadStream, createWriteStream, existsSync } from 'fs';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { Readable } from 'stream';
import { env } from '@strapi/utils';
import knexFactory, { type Knex } from 'knex';
import * as tar from 'tar';
import databaseConfig from '../../config/database';
import { BackupKeyError, decryptTo, encryptedName, isEncrypted, writeEncrypted } from './encryption';
import { from, insertionOrder, listTables, readNextIds, writeNextIds, type Client, type Table } from './tables';
import type { UploadStore } from '../media/upload-store';

/**
 * `npm run backup` / `npm run restore`: a copy of the whole site, database and uploads, that gives
 * back the same site: every row of every table as stored (numeric ids, documentIds, dates, staff
 * accounts, settings), the id sequences where they stood, and every upload under its stored name,
 * byte for byte. One .tar.gz (encrypted with BACKUP_KEY when set):
 *
 *   manifest.json        format, database engine, tables and their columns, next ids, uploads with sha256
 *   tables/<table>.jsonl one row per line, values in the manifest's column order
 *   uploads/<file>       the uploads the database refers to
 *
 * A backup is read in one transaction, so it is consistent while the CMS runs. A restore goes into
 * the same kind of database (SQLite or PostgreSQL) and replaces everything in one transaction.
 */
export const BACKUP_FORMAT = 'childrens-home-backup';
export const BACKUP_VERSION = 1;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Client;
  tables: (Table & { rows: number })[];
  nextIds: Record<string, number>;
  uploads: { name: string; size: number; sha256: string }[];
  /** Files the database refers to that were not on disk when the backup was made. */
  missingUploads: string[];
}

export class BackupError extends Error {}

interface DatabaseSettings {
  client: Client;
  schema: string;
  connection: Knex.Config;
}

/** The CMS's own database settings (config/database.ts), for a connection of our own. */
export function databaseSettings(): DatabaseSettings {
  const { connection } = databaseConfig({ env } as never) as { connection: Record<string, any> };
  const client = connection.client as Client;
  if (client === 'postgres') {
    return {
      client,
      schema: connection.connection.schema ?? 'public',
      connection: {
        client: 'pg',
        // Every value as PostgreSQL writes it out, so it goes back in unchanged (no Date or number conversions).
        connection: { ...connection.connection, types: { getTypeParser: () => (value: string) => value } },
        pool: { min: 0, max: 1 },
      },
    };
  }
  return {
    client,
    schema: '',
    connection: { client: 'better-sqlite3', connection: { filename: connection.connection.filename }, useNullAsDefault: true },
  };
}

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/** A value of a row as JSON can hold it (SQLite blobs are tagged base64). */
const toJson = (value: unknown) => (Buffer.isBuffer(value) ? { $base64: value.toString('base64') } : value);
const fromJson = (value: unknown) =>
  value && typeof value === 'object' && '$base64' in (value as object)
    ? Buffer.from((value as { $base64: string }).$base64, 'base64')
    : value;

/** Stored names of the uploads the `files` table refers to (main file and resized formats). */
function referencedUploads(rows: Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  const add = (url: unknown) => {
    if (typeof url === 'string' && url.startsWith('/uploads/')) names.add(url.slice('/uploads/'.length));
  };
  for (const row of rows) {
    add(row.url);
    const formats = typeof row.formats === 'string' ? (JSON.parse(row.formats) as Record<string, { url?: string }> | null) : row.formats;
    for (const format of Object.values((formats ?? {}) as Record<string, { url?: string }>)) add(format?.url);
  }
  return [...names].sort();
}

/**
 * Writes the backup to `file` (`.tar.gz`, or `.tar.gz.enc` with a key). Returns the manifest.
 * `store`: where the CMS keeps uploads (its uploads folder or its bucket).
 */
export async function createBackup({ file, key, store }: { file: string; key?: string; store: UploadStore }) {
  const settings = databaseSettings();
  const filename = (settings.connection.connection as { filename?: string }).filename;
  // A backup never creates a database: a missing file is an error, not an empty backup.
  if (filename && !existsSync(filename)) throw new BackupError(`There is no database at ${filename}.`);
  const knex = knexFactory(settings.connection);
  const work = await mkdtemp(path.join(os.tmpdir(), 'site-backup-'));
  try {
    await mkdir(path.join(work, 'tables'));
    let fileRows: Record<string, unknown>[] = [];
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: settings.client,
      tables: [],
      nextIds: {},
      uploads: [],
      missingUploads: [],
    };
    // One snapshot of the whole database, even while the CMS writes.
    await knex.transaction(
      async (trx) => {
        const tables = await listTables(trx, settings.client, settings.schema);
        for (const table of tables) {
          const hasId = table.columns.includes('id');
          const query = from(trx, settings.client, settings.schema, table.name);
          const rows = (await (hasId ? query.orderBy('id') : query).select(table.columns)) as Record<string, unknown>[];
          if (table.name === 'files') fileRows = rows;
          const lines = rows.map((row) => JSON.stringify(table.columns.map((column) => toJson(row[column]))));
          await writeFile(path.join(work, 'tables', `${table.name}.jsonl`), lines.length ? `${lines.join('\n')}\n` : '');
          manifest.tables.push({ ...table, rows: rows.length });
        }
        manifest.nextIds = await readNextIds(trx, settings.client, settings.schema, tables);
      },
      settings.client === 'postgres' ? { isolationLevel: 'repeatable read', readOnly: true } : undefined,
    );

    // The uploads the snapshot refers to: linked (not copied) from a folder, downloaded from a bucket.
    await mkdir(path.join(work, 'uploads'));
    for (const name of referencedUploads(fileRows)) {
      const target = path.join(work, 'uploads', name);
      const source = store.folder ? path.join(store.folder, name) : target;
      const stored = store.folder ? (await stat(source).catch(() => null))?.isFile() : await store.copyTo(name, target);
      if (!stored) {
        manifest.missingUploads.push(name);
        continue;
      }
      manifest.uploads.push({ name, size: (await stat(source)).size, sha256: await sha256Of(source) });
      if (store.folder) await symlink(source, target);
    }
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(path.dirname(file), { recursive: true });
    const options = { gzip: true, cwd: work, follow: true, portable: true } as const;
    const entries = ['manifest.json', 'tables', 'uploads'];
    const target = key ? encryptedName(file) : file;
    if (key) await writeEncrypted(Readable.from(tar.c(options, entries)), target, key);
    else await tar.c({ ...options, file: target }, entries);
    return { file: target, manifest };
  } finally {
    await knex.destroy();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A name an upload can be restored under: one file inside the uploads folder. The manifest names
 * where each file goes; `../x.html` would put a page beside the uploads, which the CMS serves.
 * No separators (`/`, `\`), no NUL, and no leading dot (`..`, `.`, hidden files); dots inside a
 * name (`a..b.png`, which a content folder may hold) stay in the folder.
 */
export const isPlainFileName = (name: unknown): name is string =>
  typeof name === 'string' && name.length > 0 && name.length <= 255 && !name.startsWith('.') && !/[/\\\0]/.test(name);

/**
 * Unpacks and checks a backup into `stagingDir` (on the uploads' disk, so restoring them is a
 * rename): the format, every table file's row count and every upload's size and sha256. Nothing
 * of the site is touched; any problem throws BackupError.
 */
export async function openBackup({ file, key, stagingDir }: { file: string; key?: string; stagingDir: string }): Promise<Manifest> {
  await mkdir(stagingDir, { recursive: true });
  let archive = file;
  if (await isEncrypted(file)) {
    if (!key) throw new BackupError('This backup is encrypted: set BACKUP_KEY to the key it was made with.');
    archive = path.join(stagingDir, 'backup.tar.gz');
    try {
      await decryptTo(file, createWriteStream(archive), key);
    } catch (error) {
      if (error instanceof BackupKeyError) throw new BackupError(error.message);
      throw error;
    }
  }
  await tar.x({ file: archive, cwd: stagingDir, strict: true }).catch((error: Error) => {
    throw new BackupError(`This is not a backup of this site (${error.message}).`);
  });

  const manifest = JSON.parse(await readFile(path.join(stagingDir, 'manifest.json'), 'utf8').catch(() => '{}')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This is not a backup of this site (no manifest).');
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(`This backup has format version ${manifest.version}; this CMS reads up to ${BACKUP_VERSION}.`);
  for (const upload of manifest.uploads ?? []) {
    if (!isPlainFileName(upload?.name)) {
      throw new BackupError(`The backup is damaged: the upload name ${JSON.stringify(upload?.name)} is not a plain file name.`);
    }
  }
  for (const table of manifest.tables) {
    const text = await readFile(path.join(stagingDir, 'tables', `${table.name}.jsonl`), 'utf8').catch(() => null);
    const rows = text === null ? -1 : text.split('\n').filter(Boolean).length;
    if (rows !== table.rows)
      throw new BackupError(`The backup is damaged: tables/${table.name}.jsonl has ${rows} rows, the manifest says ${table.rows}.`);
  }
  for (const upload of manifest.uploads) {
    const staged = path.join(stagingDir, 'uploads', upload.name);
    const size = (await stat(staged).catch(() => null))?.size;
    if (size !== upload.size || (await sha256Of(staged)) !== upload.sha256)
      throw new BackupError(`The backup is damaged: uploads/${upload.name} differs from its checksum.`);
  }
  return manifest;
}

/**
 * Replaces every row of every table with the backup's, in one transaction (nothing changes if any
 * statement fails), then sets the id sequences where the backup had them. The schema is the
 * running CMS's; a backup of tables or columns it does not have is refused before anything changes.
 */
export async function replaceDatabase(knex: Knex, client: Client, schema: string, stagingDir: string, manifest: Manifest) {
  if (manifest.database !== client) {
    throw new BackupError(
      `This backup is of a ${manifest.database} database; the CMS is configured for ${client}. Restore into the same kind of database.`,
    );
  }
  const current = await listTables(knex, client, schema);
  const columnsOf = new Map(current.map((table) => [table.name, new Set(table.columns)]));
  for (const table of manifest.tables) {
    const columns = columnsOf.get(table.name);
    const unknown = columns ? table.columns.filter((column) => !columns.has(column)) : [];
    if (!columns) throw new BackupError(`This CMS has no table ${table.name}: the backup was made by another version of the site.`);
    if (unknown.length)
      throw new BackupError(
        `Table ${table.name} has no column ${unknown.join(', ')} here: the backup was made by another version of the site.`,
      );
  }
  const order = await insertionOrder(
    knex,
    client,
    schema,
    current.map((table) => table.name),
  );
  const tables = new Map(manifest.tables.map((table) => [table.name, table]));
  await knex.transaction(async (trx) => {
    for (const name of [...order].reverse()) await from(trx, client, schema, name).del();
    for (const name of order) {
      const table = tables.get(name);
      if (!table || table.rows === 0) continue;
      const text = await readFile(path.join(stagingDir, 'tables', `${name}.jsonl`), 'utf8');
      const rows = text
        .split('\n')
        .filter(Boolean)
        .map((line) => Object.fromEntries((JSON.parse(line) as unknown[]).map((value, index) => [table.columns[index], fromJson(value)])));
      // Well under SQLite's and PostgreSQL's limits on bound values per statement.
      const perInsert = Math.max(1, Math.floor(900 / table.columns.length));
      for (let start = 0; start < rows.length; start += perInsert) {
        await from(trx, client, schema, name).insert(rows.slice(start, start + perInsert));
      }
    }
    await writeNextIds(trx, client, schema, current, manifest.nextIds);
  });
}

/** Makes the uploads folder or bucket hold exactly the backup's files (dot files such as .gitkeep stay). */
export async function replaceUploads(stagingDir: string, store: UploadStore, manifest: Manifest) {
  const keep = new Set(manifest.uploads.map((upload) => upload.name));
  for (const { name } of await store.list()) if (!keep.has(name)) await store.remove(name);
  for (const upload of manifest.uploads) await store.moveIn(upload.name, path.join(stagingDir, 'uploads', upload.name));
}
