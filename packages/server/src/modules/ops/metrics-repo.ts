import { sql } from 'drizzle-orm';
import { ACTIVE_EXECUTION_STATES } from '@herald/contract';
import type { Db } from '../../db/client';
import { inTextStrings } from '../../db/named';

/** What /metrics reads from the database (the whole platform's, not this process's). */
export type Snapshot = {
  /** unfinished jobs by kind and status */
  jobs: { kind: string; status: number; n: number }[];
  devicesOnline: number;
  /** webhook deliveries waiting to be sent (first try or a retry) */
  webhookBacklog: number;
  /** upgrade executions in an active state, by state */
  ota: { state: string; n: number }[];
};

type Row = { jobs: Snapshot['jobs']; online: number; webhooks: number; ota: Snapshot['ota'] };

/**
 * One round trip. Unfinished jobs, pending webhook deliveries and active upgrade executions each
 * come from a partial index of those rows (schema.ts), so they cost what is in flight, not what is
 * stored; the online count reads the devices table, as the dashboard does.
 */
export async function readSnapshot(db: Db): Promise<Snapshot> {
  // literals, as in the partial index's predicate, so the planner can match the two
  const active = inTextStrings(ACTIVE_EXECUTION_STATES);
  const { rows } = await db.execute<Row>(sql`
    select
      (select coalesce(json_agg(j), '[]') from (
         select kind, status, count(*)::int as n from jobs where finished_at is null group by kind, status) j) as jobs,
      (select count(*)::int from devices where online) as online,
      (select count(*)::int from webhook_deliveries where status = 'pending') as webhooks,
      (select coalesce(json_agg(o), '[]') from (
         select state, count(*)::int as n from ota_executions where state in (${active}) group by state) o) as ota`);
  const r = rows[0]!;
  const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as never;
  return {
    jobs: parsed(r.jobs),
    devicesOnline: Number(r.online),
    webhookBacklog: Number(r.webhooks),
    ota: parsed(r.ota),
  };
}
