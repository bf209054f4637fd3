import type pg from 'pg';

/** SQLSTATE of a statement PostgreSQL ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 3;

/**
 * A statement run on the pool outside a transaction that PostgreSQL chose as a deadlock's victim
 * is run again (up to three times, after a few random milliseconds). It ran in a transaction of
 * its own, which PostgreSQL rolled back whole, so running it again is running it once: without
 * this, a victim's write was simply lost (a device's presence, a batch of job results). Batched
 * updates take their rows in id order (lock-order.ts), so this is the net under what is left:
 * statements of different kinds, or another process, taking the same rows in other orders.
 * A transaction (pool.connect) is not retried here: its earlier statements are gone with it, and
 * only its caller can run it again.
 */
export function retryDeadlockVictims(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    // a callback or a submittable (a stream, a cursor) is passed through as it is
    if (typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown })?.submit === 'function') {
      return query(...args);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as typeof pool.query;
}
