import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { runNamed } from './named';

const dialect = new PgDialect();

type Columns<T> = Record<string, (t: T, i: number) => unknown>;

/** The placeholder of a batch's number of items (see `rows` below). */
const ROWS = '$rows';

/**
 * A statement for many rows at once whose text never changes, so it is built once (drizzle's query
 * building took ~4 % of the main thread's time at 450 jobs/s when it ran for every batch) and
 * runs as the prepared statement `name`. Each column is one array parameter, the items' values in
 * order; `build` places them (`c.<column>`) in the text, and `rows` right after the `unnest` of
 * the arrays. Given `arrayStatement<Item>(name)(columns, build)`, the result runs a batch of items.
 *
 * `rows` is `limit (select <the batch's number of items>)`: it limits nothing (the arrays hold
 * that many rows), but it lets PostgreSQL keep one plan for the statement instead of planning it
 * on every run. Seeing the arrays' values, the planner knows that `unnest` makes one or two rows
 * (at 200 jobs/s) and finds that plan cheaper than the generic one, which has to assume 10
 * rows: so it makes a custom plan every time (pg_stat_statements at 200 jobs/s: as many plans as
 * runs; planning took 670 µs of the 1,380 µs per job the statements took). A limit whose value
 * the planner cannot see (a subselect) makes both plans assume a tenth of the rows, one: the
 * plans are alike, and after its first five runs PostgreSQL keeps the generic one. One row
 * rather than 10 also keeps that plan on index probes when `jobs` is small (a new database),
 * where with 10 rows it chose to read and hash the whole table, and kept that plan while the
 * table grew. The embedded database forces generic plans on named statements (pglite-worker.mjs).
 */
export function arrayStatement<T>(name: string) {
  return <C extends Columns<T>>(columns: C, build: (c: Record<keyof C, Placeholder>, rows: SQL) => SQL) => {
    const keys = Object.keys(columns);
    const rows = sql`limit (select ${sql.placeholder(ROWS)}::int)`;
    const q = dialect.sqlToQuery(build(Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as never, rows));
    // per parameter: the column it takes, the number of items, or its constant value
    const slots = q.params.map((p) =>
      is(p, Placeholder) ? (p.name === ROWS ? { rows: true } : { column: p.name as keyof C }) : { value: p },
    );
    if (!slots.some((s) => 'rows' in s)) throw new Error(`${name}: no rows limit after its unnest`);
    return async (db: Db, items: T[]): Promise<Record<string, unknown>[]> => {
      const arrays = new Map(keys.map((k) => [k, items.map(columns[k]!)]));
      const values = slots.map((s) =>
        'column' in s ? arrays.get(s.column as string) : 'rows' in s ? items.length : s.value,
      );
      return runNamed(db, name, q.sql, values);
    };
  };
}
