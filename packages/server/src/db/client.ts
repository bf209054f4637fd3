import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Open the database and bring its schema up to date. PGlite and PostgreSQL speak the same
 * SQL, so one schema and one migration history serve both.
 * `pgliteDir` undefined means an in-memory PGlite (tests).
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle connection the server closes (restart, failover) must not crash the process;
    // the pool replaces it on the next query
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    // several server processes may start at once; one migrates, the others wait
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(db, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  const baseTypes = Object.keys(client.parsers);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await trimTypeTables(client, baseTypes);
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * PGlite copies its whole table of result parsers on every query (`{...parsers, ...options}`),
 * and once ready that table holds a parser for every array type in the catalogue: ~320 entries,
 * since each of our tables brings a row type and its array. Copying it cost ~0.18 ms per query,
 * more than any other single JS function in the server's profile while devices connect. Keep the
 * built-in entries (type oids and type names) and the arrays of those built-in types (the only
 * types our columns have).
 */
async function trimTypeTables(client: PGlite, baseTypes: string[]): Promise<void> {
  const { rows } = await client.query<{ typarray: number }>(
    'select typarray from pg_catalog.pg_type where oid = any($1::oid[]) and typarray <> 0',
    [baseTypes.map(Number).filter(Number.isInteger)],
  );
  const keep = new Set([...baseTypes, ...rows.map((r) => String(r.typarray))]);
  const trim = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([k]) => keep.has(k)));
  client.parsers = trim(client.parsers);
  client.serializers = trim(client.serializers);
}
