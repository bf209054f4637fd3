import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A CTE body that locks the rows of `table` whose ids `ids` selects, in id order, as an update
 * would (`for no key update`: it does not block the key-share locks of inserts that reference the
 * rows). On PostgreSQL a statement that updates many rows locks them in whatever order its plan
 * reads them: the order of its list for one plan, the table's physical order for another. Two such
 * statements over overlapping rows (a fleet's connects and its first reports, both batched) then
 * each hold a row the other waits for, and PostgreSQL ends one as a deadlock's victim after a
 * second (27 of 30 rounds in the test). Each batched statement joins this CTE, `materialized` so
 * it runs as written: a sort under the lock, so every row is taken in id order, before its update.
 */
export const lockedInIdOrder = (table: PgTable, ids: SQL) =>
  sql`select id from ${table} where id in (${ids}) order by id for no key update`;
