import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, type TestCms } from '../helpers/cms-server';

// Runs in the PostgreSQL suite only (vitest.config.ts): a database that refuses connections.
let cms: TestCms;
const admin = () => new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres' });

beforeAll(async () => {
  cms = await startTestCms();
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

const setConnections = async (database: string, allow: boolean) => {
  const client = admin();
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS ${allow}`);
    if (!allow)
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        database,
      ]);
  } finally {
    await client.end();
  }
};

describe('/_ready follows the database', () => {
  it('answers 503 while the database refuses connections, and 200 again once it accepts them', async () => {
    const database = new URL(cms.env.DATABASE_URL).pathname.slice(1);
    expect((await fetch(`${cms.url}/_ready`)).status).toBe(200);
    await setConnections(database, false);
    try {
      const down = await fetch(`${cms.url}/_ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ready: false, database: 'down' });
      // Liveness is about the process: it still answers, so nobody restarts a CMS for its database.
      expect((await fetch(`${cms.url}/_health`)).status).toBe(204);
    } finally {
      await setConnections(database, true);
    }
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
      status = (await fetch(`${cms.url}/_ready`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }, 60_000);
});
