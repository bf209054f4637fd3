import { Column, Name, Param, Placeholder, SQL, sql, StringChunk, Table } from 'drizzle-orm';
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
  const { text, params } = toQuery(name, q);
  return runNamed(db, name, text, params);
}

/**
 * A statement's pieces in order: its text, the columns and tables it names (by identity: they are
 * the schema's own objects), a name (the NAME mark, then the name), and `null` where a value goes.
 */
type Shape = (string | null | object)[];
const NAME = {};
const texts = new Map<string, { shape: Shape; text: string }>();

/**
 * A named statement's text and values. drizzle builds the text again on every run, and in a
 * reconnect storm that was a fifth of the main thread's time after the start (`sqlToQuery`:
 * `is()` checks and objects per chunk). A statement made of text, values, columns, tables, names
 * and nested `sql` is walked here instead: its values are taken in order (a column's value through
 * the column's encoder, as drizzle does), and its text is drizzle's own from the last run whose
 * pieces were the same (compared piece by piece, so a statement whose text varies under one name
 * still gets the right text, built again). Anything else in it (arrays, objects, placeholders,
 * aliases, inlined values) goes to drizzle every time.
 */
export function toQuery(name: string, q: SQL): { text: string; params: unknown[] } {
  const shape: Shape = [];
  const params: unknown[] = [];
  const walked = flatten(q, shape, params);
  if (walked) {
    const known = texts.get(name);
    if (known && sameShape(known.shape, shape)) return { text: known.text, params };
  }
  const built = dialect.sqlToQuery(q);
  if (walked && built.params.length === params.length) texts.set(name, { shape, text: built.sql });
  return { text: built.sql, params: built.params };
}

const plain = (v: unknown) =>
  v === null || (typeof v !== 'object' && typeof v !== 'function') || v instanceof Date || v instanceof Uint8Array;

function flatten(q: SQL, shape: Shape, params: unknown[]): boolean {
  if ((q as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of q.queryChunks) {
    if (chunk === undefined) continue; // drizzle writes nothing for it
    if (chunk instanceof StringChunk) shape.push(...chunk.value);
    else if (chunk instanceof SQL) {
      if (!flatten(chunk, shape, params)) return false;
    } else if (plain(chunk)) {
      shape.push(null);
      params.push(chunk);
    } else if (chunk instanceof Column || chunk instanceof Table) shape.push(chunk);
    else if (chunk instanceof Name) shape.push(NAME, chunk.value);
    else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) return false;
      shape.push(null);
      params.push(value);
    } else return false;
  }
  return true;
}

function sameShape(a: Shape, b: Shape): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A constant written into a named statement's text rather than passed as a parameter. On the
 * embedded database named statements get generic plans (pglite-worker.mjs), made once for any
 * value: such a plan can use a partial index (the S/N index leaves deleted devices out) only when
 * the statement itself names the value its predicate needs. With the deleted status as a
 * parameter, the device lookups read every device (3.4 ms a run against 0.25).
 */
export const inText = (n: number) => sql.raw(String(Math.trunc(n)));
/** Constants written into the text as a list, for `in (…)` (statuses: a partial index's predicate names them). */
export const inTextList = (ns: readonly number[]) => sql.raw(ns.map((n) => String(Math.trunc(n))).join(', '));
/** Constant strings written into the text as a quoted list, for `in (…)` (states a partial index names). */
export const inTextStrings = (ss: readonly string[]) =>
  sql.raw(ss.map((s) => `'${s.replaceAll("'", "''")}'`).join(', '));
