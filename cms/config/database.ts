import path from 'path';
import type { Core } from '@strapi/strapi';

type SqliteConnection = { pragma: (sql: string) => unknown };

// cms/ whether this runs from config/ (ts) or dist/config/ (compiled).
const cmsRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');

const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
  }

  const filename = path.resolve(cmsRoot, env('DATABASE_FILENAME', '.tmp/data.db'));
  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        // WAL lets readers run beside a writer; busy_timeout makes a second writer wait instead of
        // failing with SQLITE_BUSY; synchronous=FULL so an acknowledged write survives a crash.
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) => {
          try {
            conn.pragma('journal_mode = WAL');
            conn.pragma(`busy_timeout = ${env.int('DATABASE_BUSY_TIMEOUT', 10000)}`);
            conn.pragma('synchronous = FULL');
            done(null, conn);
          } catch (error) {
            done(error as Error, conn);
          }
        },
      },
    },
  };
};

export default config;
