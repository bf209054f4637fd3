import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Run a statement whose text never changes (only its parameters do) as the prepared statement
 * `name`: parsed and planned once per connection instead of on every run. For the statements the
 * server runs every second or on every device reconnect, planning was most of their cost on the
 * embedded database (EXPLAIN ANALYZE of the expiry sweep: 0.7-1.5 ms to plan, 0.1-0.7 to run).
 * On the embedded database named statements also get generic plans (pglite-worker.mjs), so a
 * partial index must be named by the text itself, not by a parameter. Given a transaction (no
 * pool to name statements on), it runs the statement plainly.
 */
export async function named(db: Db, name: string, q: SQL): Promise<Record<string, unknown>[]> {
  const pool = (db as Db & { $client?: Pool }).$client;
  if (!pool) return (await db.execute<Record<string, unknown>>(q)).rows;
  const { sql: text, params } = dialect.sqlToQuery(q);
  return (await pool.query<Record<string, unknown>>({ name, text, values: params })).rows;
}

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
