import type { Knex } from 'knex';
import type { FailureStore, FailureWindow } from './counter';

/** Not a Strapi content type: no API, console or GraphQL ever sees it, and backups leave it out. */
export const FAILURE_COUNTERS_TABLE = 'failure_counters';

/** How often a process deletes the rows of windows that have ended. */
const PRUNE_EVERY_MS = 60_000;

/** Creates the counters' table if it is missing (at every boot; two processes booting together both succeed). */
export async function ensureFailureCountersTable(knex: Knex) {
  if (await knex.schema.hasTable(FAILURE_COUNTERS_TABLE)) return;
  try {
    await knex.schema.createTable(FAILURE_COUNTERS_TABLE, (table) => {
      table.string('key_hash', 64).primary();
      table.integer('failures').notNullable();
      table.bigInteger('reset_at').notNullable().index();
    });
  } catch (error) {
    if (!(await knex.schema.hasTable(FAILURE_COUNTERS_TABLE))) throw error;
  }
}

const windowOf = (row: { failures: number | string; reset_at: number | string }): FailureWindow => ({
  // PostgreSQL answers bigint as text.
  failures: Number(row.failures),
  resetAt: Number(row.reset_at),
});

/**
 * Failure counts in a table of the CMS's database (SQLite or PostgreSQL), one row per key. Each
 * count is one upsert, so concurrent counts from any number of processes never lose one.
 */
export function createSqlFailureStore(knex: Knex): FailureStore {
  const table = () => knex(FAILURE_COUNTERS_TABLE);
  let nextPrune = 0;

  return {
    async read(key, now) {
      const row = await table().select('failures', 'reset_at').where('key_hash', key).andWhere('reset_at', '>', now).first();
      return row ? windowOf(row) : null;
    },

    async add(key, now, windowMs) {
      if (now >= nextPrune) {
        nextPrune = now + PRUNE_EVERY_MS;
        await table().where('reset_at', '<=', now).del();
      }
      // A window that has ended starts again at 1; the row's old values are read in both CASEs.
      const ended = knex.raw('?? <= ?', [`${FAILURE_COUNTERS_TABLE}.reset_at`, now]);
      const [row] = await table()
        .insert({ key_hash: key, failures: 1, reset_at: now + windowMs })
        .onConflict('key_hash')
        .merge({
          failures: knex.raw('CASE WHEN ? THEN 1 ELSE ?? + 1 END', [ended, `${FAILURE_COUNTERS_TABLE}.failures`]),
          reset_at: knex.raw('CASE WHEN ? THEN ?? ELSE ?? END', [ended, 'excluded.reset_at', `${FAILURE_COUNTERS_TABLE}.reset_at`]),
        })
        .returning(['failures', 'reset_at']);
      return windowOf(row);
    },

    async takeBack(key, resetAt) {
      await table().where({ key_hash: key, reset_at: resetAt }).andWhere('failures', '>', 0).decrement('failures', 1);
    },
  };
}
