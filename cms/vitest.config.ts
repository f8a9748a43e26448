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
export default defineConfig({
  test: {
    include: [
      'tests/*.test.ts',
      'src/**/*.test.ts',
      // Several CMS processes on one database need PostgreSQL.
      ...(process.env.TEST_DATABASE === 'postgres' ? ['tests/postgres-only/*.test.ts'] : []),
    ],
    exclude: [...configDefaults.exclude, ...(withoutRedis ? REDIS_TESTS : [])],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Each file boots its own CMS; two at a time suits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
