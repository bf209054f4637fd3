import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { retryDeadlockVictims } from './deadlock-retry';
import { openEmbeddedThread, type EmbeddedThread } from './embedded-thread';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Open the database and bring its schema up to date. PGlite and PostgreSQL speak the same
 * SQL, so one schema and one migration history serve both.
 * `pgliteDir` undefined means an in-memory PGlite (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  /**
   * An in-memory PGlite started from this snapshot file (PGlite's `dumpDataDir`) instead of an
   * empty database: the test suite migrates once (test/global-setup.ts) rather than per server.
   */
  pgliteSnapshot?: string;
  /** connections to PostgreSQL at most (DATABASE_POOL_MAX) */
  poolMax?: number;
  /** the embedded database's thread, already opening (main.ts); in place of pgliteDir and pgliteSnapshot */
  embedded?: Promise<EmbeddedThread>;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    retryDeadlockVictims(pool);
    return { db: await ready(pool, true), kind: 'postgres', close: () => pool.end() };
  }
  // PGlite on its own thread, spoken to over the wire protocol by the same driver (pglite-stream.ts).
  // Its one session takes the pool's connections' queries in turn; they stay open while idle.
  const { thread, unlock } = await (opts.embedded ?? openEmbeddedThread(opts.pgliteDir, opts.pgliteSnapshot));
  // (PGlite asks for a password and takes any; its one database is template1)
  const pool = new pg.Pool({
    ...{ user: 'postgres', password: 'embedded', database: 'template1' },
    ...{ max: 64, idleTimeoutMillis: 0, stream: thread.stream },
  } as pg.PoolConfig);
  const close = async () => {
    try {
      await pool.end();
    } finally {
      await thread.close();
      unlock();
    }
  };
  try {
    return { db: await ready(pool, false), kind: 'pglite', close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** The database's pool (its use is a metric); a transaction has none. */
export const poolOf = (db: Db): pg.Pool | undefined => (db as Db & { $client?: pg.Pool }).$client;

/** Drizzle over the pool, the schema brought up to date. */
async function ready(pool: pg.Pool, shared: boolean): Promise<Db> {
  // an idle connection the server closes (restart, failover) must not crash the process;
  // the pool replaces it on the next query
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  // the embedded database belongs to this one process: there is nobody to wait for
  if (!shared) return (await migratePg(db, { migrationsFolder }), db);
  // several server processes may start at once; one migrates, the others wait
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
  return db;
}
