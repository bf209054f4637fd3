import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expireDueSql,
  pendingForDeviceSql,
  resendDevicesSql,
  strandedDevicesSql,
} from '../src/modules/print-pipeline/repo';
import { startServer } from './harness';

/**
 * The scheduler reads unfinished jobs every second (expiry, stranded queues) and on every device
 * reconnect (its queue). Those reads must use the partial indexes of unfinished jobs, whose
 * predicate is `finished_at is null` (schema.ts): a query that says only `status < 3` cannot, and
 * would read every job of the last 90 days instead. The plans are read with sequential scans
 * discouraged, so a query that cannot use an index shows a sequential scan of jobs.
 */
describe('the scheduled reads of unfinished jobs', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => await server.close());

  const plan = (q: SQL) =>
    server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${q}`)).rows;
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('expiry walks the unfinished jobs by expiry time', async () => {
    const p = await plan(expireDueSql(Date.now(), 500));
    expect(p).toContain('jobs_expiry_idx');
    expect(p).not.toMatch(/Seq Scan on jobs/);
  });

  const resend = { baseMs: 10_000, capMs: 300_000 };
  it("a device's queue comes from the unfinished and the unconfirmed jobs of that device", async () => {
    for (const all of [true, false]) {
      const p = await plan(pendingForDeviceSql(1, Date.now(), resend, all));
      expect(p).toMatch(/jobs_(pending|expiry)_idx/);
      expect(p).toContain('jobs_unconfirmed_idx');
      expect(p).not.toMatch(/Seq Scan on jobs/);
    }
  });

  it('the check for jobs due again reads unfinished and unconfirmed jobs only', async () => {
    const p = await plan(resendDevicesSql(Date.now(), resend));
    expect(p).toMatch(/jobs_(pending|expiry)_idx/);
    expect(p).toContain('jobs_unconfirmed_idx');
    expect(p).not.toMatch(/Seq Scan on jobs/);
  });

  it('the stranded-queue check reads unfinished jobs only', async () => {
    const p = await plan(strandedDevicesSql(Date.now() - 2000));
    expect(p).toMatch(/jobs_(pending|expiry)_idx/);
    expect(p).not.toMatch(/Seq Scan on jobs/);
  });
});
