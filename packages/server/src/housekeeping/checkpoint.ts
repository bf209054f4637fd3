import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { RoundWorker } from '../lib/workers';

/**
 * Checkpoints of the embedded database. PostgreSQL's checkpointer, a background process, writes
 * the changed pages to the tables' files and then recycles the write-ahead log behind them, every
 * few minutes or whenever the log has grown by `max_wal_size`. PGlite runs PostgreSQL as one
 * process without it, and does not read the data directory's configuration either: on the
 * embedded database nothing ever checkpointed while the server ran. Its log grew by every byte
 * written (~7 kB per print job) until the server stopped — 1 GB after ~150,000 jobs, and a
 * process that crashed had to replay all of it before it could start again.
 *
 * So the server does the checkpointer's work: every CHECK_EVERY_MS it asks how much log has been
 * written since the last checkpoint, and checkpoints when that passes WAL_MAX_BYTES or when the
 * last checkpoint is older than MAX_AGE_MS and anything was written since. A checkpoint holds
 * up the one session while it writes the changed pages, so small and frequent ones are better
 * than a few large ones (docs/benchmarks.md has the measured cost).
 *
 * A server on PostgreSQL leaves all this to PostgreSQL's checkpointer.
 */

/**
 * Checked every 2 s, past 16 MB of log: at 1,000 print jobs a second that is a checkpoint every
 * ~2 s holding the session 11-25 ms, where 64 MB checked every 10 s held it 36-72 ms every 10 s
 * (the long holds were what the slowest requests waited on; docs/benchmarks.md).
 */
const CHECK_EVERY_MS = 2_000;
/** PostgreSQL's own trigger is max_wal_size (1 GB by default); the embedded log is kept far smaller */
const WAL_MAX_BYTES = 16 * 1024 * 1024;
/** PostgreSQL's checkpoint_timeout default */
const MAX_AGE_MS = 5 * 60_000;
/** below this, an old checkpoint is left alone: the log to replay is small (one segment of PGlite's) */
const MIN_BYTES_FOR_AGE = 1024 * 1024;

export type WalState = { bytesSinceCheckpoint: number; checkpointAt: number };

/** How much log has been written since the last checkpoint began, and when that was (ms since the epoch). */
export async function walState(db: Db): Promise<WalState> {
  const [row] = (
    await db.execute<{ bytes: string; at: string }>(
      sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), c.redo_lsn)::bigint::text as bytes,
                 (extract(epoch from c.checkpoint_time) * 1000)::bigint::text as at
            from pg_control_checkpoint() c`,
    )
  ).rows;
  return { bytesSinceCheckpoint: Number(row!.bytes), checkpointAt: Number(row!.at) };
}

/** One check: checkpoint when it is due. Returns the state that decided it and whether a checkpoint ran. */
export async function checkpointIfDue(
  db: Db,
  opts: { maxBytes?: number; maxAgeMs?: number; now?: number } = {},
): Promise<WalState & { checkpointed: boolean }> {
  const state = await walState(db);
  const maxBytes = opts.maxBytes ?? WAL_MAX_BYTES;
  const old = (opts.now ?? Date.now()) - state.checkpointAt >= (opts.maxAgeMs ?? MAX_AGE_MS);
  const due = state.bytesSinceCheckpoint >= maxBytes || (old && state.bytesSinceCheckpoint >= MIN_BYTES_FOR_AGE);
  if (due) await db.execute(sql`checkpoint`);
  return { ...state, checkpointed: due };
}

/** The checks (embedded database only), every CHECK_EVERY_MS. */
export function checkpointWorker(db: Db, log: FastifyBaseLogger): RoundWorker {
  return {
    name: 'embedded database checkpoint',
    everyMs: CHECK_EVERY_MS,
    round: async () => {
      const t0 = Date.now();
      const r = await checkpointIfDue(db);
      if (r.checkpointed)
        log.debug({ walBytes: r.bytesSinceCheckpoint, ms: Date.now() - t0 }, 'embedded database checkpointed');
    },
  };
}
