import { configDefaults, defineConfig } from 'vitest/config';
import { redisServerPath } from './tests/helpers/redis-server';

// Tests that start Debian's redis-server. .ci/run installs it and CI fails without it; elsewhere
// they are left out, with a message, until it is installed.
const REDIS_TESTS = ['src/failure-counters/redis-store.test.ts', 'tests/failure-counters-redis.test.ts'];
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
const withoutRedis = !inCi && !redisServerPath();
if (withoutRedis) {
  console.warn(`[tests] redis-server is not installed (apt-get install -y redis-server): left out ${REDIS_TESTS.join(', ')}`);
}

// API tests boot the compiled Strapi (built once in globalSetup) on throwaway databases.
// tests/full-stack.test.ts (load, CMS down and back), tests/resilience.test.ts (npm start's
// supervised stack: cold pages, kill -9, a slow CMS) and tests/attacks-markdown.test.ts (/_health
// within a second while a pathological post renders) run afterwards, one at a time (`npm test` in
// cms/): beside other files on two cores their timings would measure the test run, not the product.
//
// On PostgreSQL (TEST_DATABASE=postgres) the suite runs what reads or writes the database. Tests
// of what no database touches run once, on SQLite: unit tests (the SQL counter store's own test
// runs on PostgreSQL too whenever TEST_POSTGRES_URL is set, as in CI), file bytes
// (metadata, upload attacks, video conversion), the bucket, Redis, headers and paths, the
// supervisor, the npm start stack (SQLite by design) and timings under a flood.
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const DATABASE_INDEPENDENT = [
  'src/**/*.test.ts',
  'tests/attacks-graphql.test.ts',
  'tests/attacks-markdown.test.ts',
  'tests/attacks-paths.test.ts',
  'tests/cors.test.ts',
  'tests/failure-counters-redis.test.ts',
  'tests/media-metadata.test.ts',
  'tests/resilience.test.ts',
  'tests/storage-s3.test.ts',
  'tests/supervisor.test.ts',
  'tests/upload-attacks.test.ts',
  'tests/video-conversion.test.ts',
];

export default defineConfig({
  test: {
    include: [
      'tests/*.test.ts',
      'src/**/*.test.ts',
      // Several CMS processes on one database need PostgreSQL.
      ...(onPostgres ? ['tests/postgres-only/*.test.ts'] : []),
    ],
    exclude: [...configDefaults.exclude, ...(withoutRedis ? REDIS_TESTS : []), ...(onPostgres ? DATABASE_INDEPENDENT : [])],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Each file boots its own CMS; two at a time suits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
