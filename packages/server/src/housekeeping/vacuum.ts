import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { RoundWorker } from '../lib/workers';

/**
 * Housekeeping of the embedded database. PostgreSQL reclaims the space of updated and deleted
 * rows, and keeps the planner's statistics current, with autovacuum: background processes. PGlite
 * runs PostgreSQL as one process without them, so on the embedded database nothing ever did.
 * Every job left its four row versions behind for good (30,000 jobs: 136 MB of table), the
 * 90-day retention freed no space for new rows, and the planner kept the statistics of the day
 * the tables were created. So here the server does autovacuum's work itself.
 *
 * PGlite runs one statement at a time: a VACUUM holds up everything else while it runs. Run
 * often, each one has little to do (its cost follows the rows changed since the last one:
 * ~20 µs per job), and each table is its own statement, so requests and device messages get in
 * between. ANALYZE reads a sample of the whole table whatever changed (~0.7 s for a jobs table
 * of 30,000 rows), so each table is analysed once an hour, one table per round.
 *
 * Autovacuum also keeps PostgreSQL's transaction ids from wrapping around: past ~2 billion
 * transactions since a table's oldest unfrozen row, PostgreSQL stops accepting writes. The
 * schema's tables are vacuumed every round, and a plain VACUUM freezes what it must once a table
 * is old enough (vacuum_freeze_table_age). The system catalogs (pg_statistic gets new rows with
 * every ANALYZE, pg_class and pg_attribute with every migration) were never vacuumed at all, so
 * their age grew with every transaction the server made, a few hundred a second under load. Now
 * a catalog older than FREEZE_AGE transactions is frozen (VACUUM (FREEZE): catalogs are small),
 * long before PostgreSQL's own limit (autovacuum_freeze_max_age, 200 million).
 *
 * A server on PostgreSQL leaves all this to PostgreSQL's autovacuum.
 */

const EVERY_MS = 60_000;
/**
 * A round stalls every request behind it (1.2 s measured at 1,000 print jobs a second, with 60,000
 * jobs written in that minute), so a due round waits for a quiet moment: it runs once the main
 * thread was less than QUIET_UTILISATION busy over the last QUIET_CHECK_MS, or anyway once the
 * last round is MAX_DEFER_MS old (dead rows must not pile up without end under sustained load;
 * updates are still pruned page by page meanwhile).
 */
const QUIET_CHECK_MS = 5_000;
const QUIET_UTILISATION = 0.2;
const MAX_DEFER_MS = 10 * 60_000;
const ANALYZE_EVERY_MS = 3_600_000;
/** transactions since a catalog's oldest unfrozen row before it is frozen (PostgreSQL forces it at 200 million) */
const FREEZE_AGE = 100_000_000;

/** The tables of the schema (public): everything the server writes. */
async function tables(db: Db): Promise<string[]> {
  const rows = (
    await db.execute<{ name: string }>(
      sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
    )
  ).rows;
  return rows.map((r) => r.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables outside the schema (the system catalogs) older than `age` transactions, by qualified name. */
async function oldCatalogs(db: Db, age: number): Promise<string[]> {
  const rows = (
    await db.execute<{ name: string }>(
      sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind = 'r' and n.nspname <> 'public' and age(c.relfrozenxid) > ${age}
           order by age(c.relfrozenxid) desc`,
    )
  ).rows;
  return rows.map((r) => r.name);
}

/**
 * One round: every table vacuumed, catalogs older than `freezeAge` frozen, and the table analysed
 * longest ago analysed if that was over an hour ago.
 */
export async function vacuumRound(
  db: Db,
  analyzedAt: Map<string, number>,
  now = Date.now(),
  freezeAge = FREEZE_AGE,
): Promise<{ vacuumed: number; frozen: number; analysed: string | null }> {
  const names = await tables(db);
  for (const name of names) await db.execute(sql.raw(`vacuum ${quoted(name)}`));
  // names from pg_class, quoted by PostgreSQL itself
  const old = await oldCatalogs(db, freezeAge);
  for (const name of old) await db.execute(sql.raw(`vacuum (freeze) ${name}`));
  const due = names
    .filter((n) => now - (analyzedAt.get(n) ?? 0) >= ANALYZE_EVERY_MS)
    .sort((a, b) => (analyzedAt.get(a) ?? 0) - (analyzedAt.get(b) ?? 0))[0];
  if (due) {
    await db.execute(sql.raw(`analyze ${quoted(due)}`));
    analyzedAt.set(due, now);
  }
  return { vacuumed: names.length, frozen: old.length, analysed: due ?? null };
}

/** Whether a round is due: late enough, and the server quiet enough or the last round too long ago. */
export function vacuumDue(sinceLastMs: number, utilisation: number): boolean {
  if (sinceLastMs < EVERY_MS) return false;
  return utilisation < QUIET_UTILISATION || sinceLastMs >= MAX_DEFER_MS;
}

/** The rounds (embedded database only): looked at every QUIET_CHECK_MS, run when due. */
export function vacuumWorker(db: Db, log: FastifyBaseLogger): RoundWorker {
  const analyzedAt = new Map<string, number>();
  let lastAt = Date.now();
  let busySince = performance.eventLoopUtilization();
  return {
    name: 'embedded database vacuum',
    everyMs: QUIET_CHECK_MS,
    round: async () => {
      const now = performance.eventLoopUtilization();
      const utilisation = performance.eventLoopUtilization(now, busySince).utilization;
      busySince = now;
      if (!vacuumDue(Date.now() - lastAt, utilisation)) return;
      const t0 = Date.now();
      const r = await vacuumRound(db, analyzedAt, t0);
      lastAt = Date.now();
      log.debug({ ...r, ms: lastAt - t0, utilisation }, 'embedded database vacuumed');
    },
  };
}
