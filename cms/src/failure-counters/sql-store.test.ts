import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureStoreSuite, freshKey, hashed, type StoreUnderTest } from '../../tests/helpers/failure-store-suite';
import { createSqlFailureStore, ensureFailureCountersTable, FAILURE_COUNTERS_TABLE } from './sql-store';

// The counters' table through knex, as the CMS uses it: on SQLite always, and on PostgreSQL when
// TEST_POSTGRES_URL names a server (.ci/run starts one for every suite).

interface Database {
  /** A connection of one more CMS process. */
  connect(): Knex;
  drop(): Promise<void>;
}

async function sqliteDatabase(): Promise<Database> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'failure-counters-'));
  const filename = path.join(dir, 'data.db');
  return {
    connect: () =>
      knexFactory({
        client: 'better-sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        // As config/database.ts: a second writer waits instead of failing.
        pool: {
          afterCreate: (conn: { pragma(sql: string): unknown }, done: (error: Error | null, conn: unknown) => void) => {
            conn.pragma('journal_mode = WAL');
            conn.pragma('busy_timeout = 10000');
            done(null, conn);
          },
        },
      }),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(adminUrl: string): Promise<Database> {
  const name = `failure_counters_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    connect: () => knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 10 } }),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const engines: [string, () => Promise<Database>][] = [
  ['SQLite', sqliteDatabase],
  ...(process.env.TEST_POSTGRES_URL
    ? [['PostgreSQL', () => postgresDatabase(process.env.TEST_POSTGRES_URL!)] as [string, () => Promise<Database>]]
    : []),
];

for (const [engine, open] of engines) {
  describe(`failure counters in the database (${engine})`, () => {
    let database: Database | undefined;
    const connections: Knex[] = [];
    let under: StoreUnderTest;

    beforeAll(async () => {
      database = await open();
      const [first, second] = [database.connect(), database.connect()];
      connections.push(first, second);
      // Two processes booting at once both create the table; the next boot finds it.
      await Promise.all([ensureFailureCountersTable(first), ensureFailureCountersTable(second)]);
      await ensureFailureCountersTable(first);
      under = {
        store: createSqlFailureStore(first),
        other: createSqlFailureStore(second),
        storedKeys: async () => (await first(FAILURE_COUNTERS_TABLE).select('key_hash')).map((row: { key_hash: string }) => row.key_hash),
      };
    });

    afterAll(async () => {
      for (const connection of connections) await connection.destroy();
      await database?.drop();
    });

    failureStoreSuite(() => under);

    it('deletes the rows of ended windows as it counts, at most once a minute per process', async () => {
      const store = createSqlFailureStore(connections[0]);
      const now = Date.now();
      const ended = freshKey();
      const running = freshKey();
      // The first count of a process prunes; the next prune is a minute later.
      await store.add(hashed(ended), now, 1000);
      await store.add(hashed(running), now + 30_000, 60_000);
      expect(await under.storedKeys()).toContain(hashed(ended));
      await store.add(hashed(freshKey()), now + 60_000, 60_000);
      const kept = await under.storedKeys();
      expect(kept).not.toContain(hashed(ended));
      expect(kept).toContain(hashed(running));
      expect(await store.read(hashed(running), now + 60_000)).toEqual({ failures: 1, resetAt: now + 90_000 });
    });
  });
}
