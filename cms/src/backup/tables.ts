import type { Knex } from 'knex';
import { FAILURE_COUNTERS_TABLE } from '../failure-counters/sql-store';

/**
 * The database, table by table, in the terms of the engine it runs on (SQLite or PostgreSQL):
 * what a backup copies and a restore replaces. Rows keep every value as stored, their ids included.
 */
export type Client = 'sqlite' | 'postgres';

/**
 * Tables a backup leaves out and a restore leaves alone: Strapi's own bookkeeping of the schema (it
 * describes the code that runs, not the content), and the failure counters of the login limit
 * (minutes of life, hashed client addresses: nothing a restored site needs).
 */
const NOT_BACKED_UP = new Set(['strapi_database_schema', 'strapi_migrations', 'strapi_migrations_internal', FAILURE_COUNTERS_TABLE]);

export interface Table {
  name: string;
  columns: string[];
}

export async function listTables(knex: Knex, client: Client, schema: string): Promise<Table[]> {
  const names: string[] =
    client === 'sqlite'
      ? (await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)).map(
          (row: { name: string }) => row.name,
        )
      : (
          await knex.raw(
            `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name`,
            [schema],
          )
        ).rows.map((row: { name: string }) => row.name);
  const tables: Table[] = [];
  for (const name of names.filter((table) => !NOT_BACKED_UP.has(table))) {
    const columns: string[] =
      client === 'sqlite'
        ? (await knex.raw(`PRAGMA table_info(${quote(name)})`)).map((row: { name: string }) => row.name)
        : (
            await knex.raw(
              `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position`,
              [schema, name],
            )
          ).rows.map((row: { name: string }) => row.name);
    tables.push({ name, columns });
  }
  return tables;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A query on one table (in the configured schema on PostgreSQL). */
export const from = (knex: Knex, client: Client, schema: string, table: string): Knex.QueryBuilder =>
  (client === 'postgres' ? knex.withSchema(schema).from(table) : knex(table)) as Knex.QueryBuilder;

/** Parent tables before the tables whose foreign keys point at them (the order rows can be inserted in). */
export async function insertionOrder(knex: Knex, client: Client, schema: string, tables: string[]): Promise<string[]> {
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  if (client === 'sqlite') {
    for (const table of tables) {
      for (const key of await knex.raw(`PRAGMA foreign_key_list(${quote(table)})`)) parents.get(table)!.add(key.table);
    }
  } else {
    const { rows } = await knex.raw(
      `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
       WHERE c.contype = 'f' AND n.nspname = ?`,
      [schema],
    );
    for (const { child, parent } of rows as { child: string; parent: string }[]) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (parent !== table && parents.has(parent)) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/**
 * For each table with an id sequence, the id the next new row gets. Kept as it is (not derived
 * from the rows): ids of deleted entries are not handed out again after a restore either.
 */
export async function readNextIds(knex: Knex, client: Client, schema: string, tables: Table[]): Promise<Record<string, number>> {
  const next: Record<string, number> = {};
  if (client === 'sqlite') {
    const rows = (await knex.raw(`SELECT name, seq FROM sqlite_sequence`)) as { name: string; seq: number }[];
    for (const row of rows) next[row.name] = Number(row.seq) + 1;
    return next;
  }
  for (const table of tables.filter((candidate) => candidate.columns.includes('id'))) {
    const sequence = await sequenceOf(knex, schema, table.name);
    if (!sequence) continue;
    const { rows } = await knex.raw(`SELECT last_value, is_called FROM ${sequence}`);
    const { last_value: last, is_called: called } = rows[0] as { last_value: string; is_called: boolean | string };
    next[table.name] = Number(last) + (called === true || called === 't' ? 1 : 0);
  }
  return next;
}

async function sequenceOf(knex: Knex, schema: string, table: string): Promise<string | null> {
  const { rows } = await knex.raw(`SELECT pg_get_serial_sequence(?, 'id') AS name`, [`${quote(schema)}.${quote(table)}`]);
  return (rows[0]?.name as string | null) ?? null;
}

/** Sets each id sequence so the next new row gets `next` (or the id after the highest, whichever is later). */
export async function writeNextIds(knex: Knex, client: Client, schema: string, tables: Table[], next: Record<string, number>) {
  for (const table of tables.filter((candidate) => candidate.columns.includes('id'))) {
    const [{ highest }] = (await from(knex, client, schema, table.name).max({ highest: 'id' })) as { highest: number | string | null }[];
    const value = Math.max(next[table.name] ?? 1, Number(highest ?? 0) + 1);
    if (client === 'sqlite') {
      await knex.raw(`DELETE FROM sqlite_sequence WHERE name = ?`, [table.name]);
      if (value > 1) await knex.raw(`INSERT INTO sqlite_sequence (name, seq) VALUES (?, CAST(? AS INTEGER))`, [table.name, value - 1]);
    } else {
      const sequence = await sequenceOf(knex, schema, table.name);
      if (sequence) await knex.raw(`SELECT setval(?::regclass, ?, ?)`, [sequence, value > 1 ? value - 1 : 1, value > 1]);
    }
  }
}
