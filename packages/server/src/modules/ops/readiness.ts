import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';

/** A database that takes longer than this to answer `select 1` counts as down. */
export const DATABASE_CHECK_MS = 2_000;

const checkSchema = z.object({ ready: z.boolean(), detail: z.string().optional() });
export const readinessSchema = z.object({
  ready: z.boolean(),
  /** what is not ready, by name */
  failing: z.array(z.enum(['database', 'broker', 'draining'])),
  database: checkSchema,
  /** the gateway: broker up, or connected and subscribed (Gateway.health) */
  broker: checkSchema,
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
type Check = z.infer<typeof checkSchema>;

/**
 * One `select 1` at a time per server: while the database does not answer, probes share the one
 * waiting instead of queueing a new query (and a pool connection) every few seconds.
 */
export class DatabaseCheck {
  private pending: Promise<Check> | undefined;

  constructor(private readonly db: Db) {}

  run(log: FastifyBaseLogger): Promise<Check> {
    let p = this.pending;
    if (!p) {
      p = this.db.execute(sql`select 1`).then(
        () => ({ ready: true }),
        // the probe is public: the error (addresses, names) goes to the log, not into the answer
        (err: unknown) => (
          log.warn({ err }, 'readiness: the database check failed'),
          { ready: false, detail: 'query failed' }
        ),
      );
      this.pending = p;
      void p.finally(() => (this.pending = undefined));
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Check>((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, detail: `no answer in ${DATABASE_CHECK_MS} ms` }),
        DATABASE_CHECK_MS,
      );
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  }
}

/** Whether this server should be sent work: the database answers, the gateway serves devices, no drain. */
export async function readiness(deps: Deps, log: FastifyBaseLogger): Promise<Readiness> {
  const draining = deps.lifecycle.draining;
  const database = await deps.databaseCheck.run(log);
  const broker = deps.gateway.health?.() ?? { ready: true };
  const failing: Readiness['failing'] = [];
  if (!database.ready) failing.push('database');
  if (!broker.ready) failing.push('broker');
  if (draining) failing.push('draining');
  return { ready: failing.length === 0, failing, database, broker, draining };
}
