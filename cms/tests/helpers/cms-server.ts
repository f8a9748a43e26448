import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
// @ts-expect-error plain ESM script shared with the start-up scripts
import { spawnCms, waitForHttp, cmsEnv } from '../../../scripts/lib/cms.mjs';
import { freePort } from './ports';

export const ADMIN_EMAIL = 'staff-test@example.org';
export const ADMIN_PASSWORD = 'Test-Passw0rd';

export interface TestCms {
  url: string;
  dir: string;
  uploadsDir: string;
  tmpDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
  /** Stops with SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Stops and starts again, with `env` changed for this and later boots. */
  restart(env?: Record<string, string>): Promise<void>;
  /** The CMS process id (to read its memory from /proc). */
  pid(): number;
  /** Whether the CMS process is still running. */
  alive(): boolean;
  /** Stop and start separately, to change what is on disk in between; `env` changes the environment from then on. */
  stopOnly(): Promise<void>;
  bootOnly(env?: Record<string, string | undefined>): Promise<void>;
  logs(): Promise<string>;
  /** Rows in a database table (what is stored, not what the API says). */
  countRows(table: string): Promise<number>;
  /** An SQL query against the CMS's database (SQLite or PostgreSQL); `write` only while it is stopped. */
  query<T = Record<string, unknown>>(sql: string, options?: { write?: boolean }): Promise<T[]>;
  uploadedFiles(): Promise<string[]>;
  tempFiles(): Promise<string[]>;
}

const usePostgres = process.env.TEST_DATABASE === 'postgres';
const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';

async function createPostgresDatabase() {
  const name = `cms_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropPostgresDatabase(name: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/**
 * A CMS on a throwaway database and uploads folder. `seed`: demo content at the first boot (true),
 * none (false, the default), or whatever SEED_DEMO_CONTENT's own default is ('default').
 */
export async function startTestCms(options: { seed?: boolean | 'default'; env?: Record<string, string> } = {}): Promise<TestCms> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cms-test-'));
  const port = await freePort();
  const publicDir = path.join(dir, 'public');
  const tmpDir = path.join(dir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const database = usePostgres ? await createPostgresDatabase() : null;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    CMS_PORT: String(port),
    CMS_PUBLIC_URL: `http://127.0.0.1:${port}`,
    STRAPI_PUBLIC_DIR: publicDir,
    ...(options.seed === 'default' ? {} : { SEED_DEMO_CONTENT: options.seed ? 'true' : 'false' }),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    TMPDIR: tmpDir,
    STRAPI_LOG_LEVEL: 'warn',
    ...(database
      ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url }
      : { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'data.db') }),
    ...options.env,
  };
  const logFile = path.join(dir, 'cms.log');
  let child: ChildProcess;

  const boot = async () => {
    child = spawnCms(env, { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/_health`, { timeoutMs: 120_000, child });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- CMS log ---\n${await readFile(logFile, 'utf8').catch(() => '')}`);
    }
  };

  const stopWith = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });

  const sqlite = async <T>(run: (db: any) => T, write = false): Promise<T> => {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(env.DATABASE_FILENAME, { readonly: !write, fileMustExist: true });
    try {
      return run(db);
    } finally {
      db.close();
    }
  };

  try {
    await boot();
  } catch (error) {
    // A CMS that does not start leaves no process, database or folder behind.
    await stopWith('SIGKILL');
    if (database) await dropPostgresDatabase(database.name);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    uploadsDir: path.join(publicDir, 'uploads'),
    tmpDir,
    env: { ...cmsEnv(env) } as Record<string, string>,
    async stop() {
      await stopWith('SIGTERM');
      if (database) await dropPostgresDatabase(database.name);
      if (!process.env.KEEP_TEST_CMS) await rm(dir, { recursive: true, force: true });
    },
    async kill() {
      await stopWith('SIGKILL');
    },
    async restart(changes) {
      await stopWith('SIGTERM');
      Object.assign(env, changes);
      await boot();
    },
    pid: () => child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stopOnly() {
      await stopWith('SIGTERM');
    },
    async bootOnly(changes = {}) {
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete env[name];
        else env[name] = value;
      }
      await boot();
    },
    logs: () => readFile(logFile, 'utf8'),
    async query(sql, options) {
      if (database) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(sql)).rows;
        } finally {
          await client.end();
        }
      }
      return sqlite((db) => {
        const statement = db.prepare(sql);
        return statement.reader ? statement.all() : (statement.run(), []);
      }, options?.write);
    },
    async countRows(table) {
      if (!/^[a-z0-9_]+$/.test(table)) throw new Error(`bad table name ${table}`);
      const [row] = await this.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
      return Number(row.n);
    },
    async uploadedFiles() {
      return (await readdir(path.join(publicDir, 'uploads'))).filter((name) => !name.startsWith('.')).sort();
    },
    async tempFiles() {
      const list = async (folder: string): Promise<string[]> => {
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
        const nested = await Promise.all(
          entries.map((entry) => (entry.isDirectory() ? list(path.join(folder, entry.name)) : [path.join(folder, entry.name)])),
        );
        return nested.flat();
      };
      return list(tmpDir);
    },
  };
}
