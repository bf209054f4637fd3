import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ClientBase } from 'pg';
import { poolOf, type Db } from './client';

const dialect = new PgDialect();

/** A transaction's connection (drizzle's node-postgres session holds it). */
const clientOf = (db: Db) => (db as unknown as { session?: { client?: ClientBase } }).session?.client;

/**
 * Run a statement's text as the prepared statement `name`: parsed and planned once per
 * connection instead of on every run. The text must be the same on every run under one name (only
 * the values change). Given a transaction, it runs the text plainly on the transaction's connection
 * (a transaction has no pool to name statements on).
 */
export async function runNamed(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const pool = poolOf(db);
  if (!pool) {
    const client = clientOf(db);
    if (!client) throw new Error(`${name}: neither the database nor a transaction`);
    return (await client.query<Record<string, unknown>>({ text, values })).rows;
  }
  return (await pool.query<Record<string, unknown>>({ name, text, values })).rows;
}

/**
 * Run a drizzle statement whose text never changes (only its parameters do) as the prepared
 * statement `name`. For the statements the server runs every second or on every device
 * reconnect, planning was most of their cost on the embedded database (EXPLAIN ANALYZE of the
 * expiry sweep: 0.7-1.5 ms to plan, 0.1-0.7 to run). Given a transaction, it runs the statement
 * plainly.
 */
export async function named(db: Db, name: string, q: SQL): Promise<Record<string, unknown>[]> {
  if (!poolOf(db)) return (await db.execute<Record<string, unknown>>(q)).rows;
  const { sql: text, params } = dialect.sqlToQuery(q);
  return runNamed(db, name, text, params);
}

/**
 * A constant written into a named statement's text rather than passed as a parameter. On the
 * embedded database named statements get generic plans (pglite-worker.mjs), made once for any
 * value: such a plan can use a partial index (the S/N index leaves deleted devices out) only when
 * the statement itself names the value its predicate needs. With the deleted status as a
 * parameter, the device lookups read every device (3.4 ms a run against 0.25).
 */
export const inText = (n: number) => sql.raw(String(Math.trunc(n)));

const made = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

/**
 * A drizzle prepared query (`.prepare(name)` with placeholders), made once per database handle:
 * for the queries with drizzle's row mapping that the server runs per device message.
 */
export function preparedOn<T>(db: Db, make: (db: Db) => T): T {
  let forDb = made.get(db);
  if (!forDb) made.set(db, (forDb = new Map()));
  if (!forDb.has(make)) forDb.set(make, make(db));
  return forDb.get(make) as T;
}
