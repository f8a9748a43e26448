import type { Knex } from 'knex';

export type Transaction = Knex.Transaction;

/** A query on a table, inside the given transaction when there is one (SQLite has one connection: a query outside it would wait for ever). */
export function table(name: string, trx?: Transaction) {
  const query = strapi.db.getConnection(name) as unknown as Knex.QueryBuilder;
  return trx ? query.transacting(trx) : query;
}

/**
 * After rows were written with ids of our choosing: the table's id sequence continues after the
 * highest id, so the next entry staff create does not collide. SQLite's AUTOINCREMENT does this by
 * itself; PostgreSQL's sequences do not.
 */
export async function continueIdSequence(tableName: string, trx?: Transaction) {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = trx ?? strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  const qualified = schema ? `${schema}.${tableName}` : tableName;
  const sequence = (await knex.raw(`SELECT pg_get_serial_sequence(?, 'id') AS name`, [qualified])).rows[0]?.name as string | null;
  if (!sequence) return;
  // Only ever forwards: a sequence past the highest id (its last rows deleted) keeps its place.
  await knex.raw(
    `SELECT setval(?::regclass, m.max_id, true) FROM (SELECT MAX(id) AS max_id FROM ??) m, ?? s
     WHERE m.max_id IS NOT NULL AND m.max_id > (CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END)`,
    [sequence, qualified, sequence],
  );
}
