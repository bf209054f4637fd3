import { and, asc, count, desc, eq, gte, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries } from '../../db/schema';
import { sortedBy, type SortOrder } from '../../lib/sort';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const insertDelivery = (db: Db, values: typeof webhookDeliveries.$inferInsert) =>
  db.insert(webhookDeliveries).values(values);

export const insertDeliveryReturning = async (db: Db, values: typeof webhookDeliveries.$inferInsert) =>
  (await db.insert(webhookDeliveries).values(values).returning())[0]!;

/**
 * Take up to `limit` due deliveries for this process: their next attempt moves `leaseMs` ahead, so
 * another process (or a later tick) does not send them again while this one is sending.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const rows = await db.execute(sql`
    update ${webhookDeliveries} set next_attempt_at = ${lease.toISOString()}::timestamptz
    where id in (
      select id from ${webhookDeliveries}
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (rows as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** When the next pending delivery is due (null: none pending). */
export async function nextDue(db: Db): Promise<Date | null> {
  const [r] = await db
    .select({ at: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  return r?.at ? new Date(r.at) : null;
}

export async function recordAttempt(
  db: Db,
  deliveryId: number,
  attempt: { attemptedAt: Date; statusCode: number | null; error: string | null; durationMs: number },
  next: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId, ...attempt });
    await tx
      .update(webhookDeliveries)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
}

export type DeliveryFilters = {
  accountId: number;
  event?: string;
  status?: string;
  jobId?: number;
  from?: Date;
  to?: Date;
  sortField?: 'createdAt' | 'attempts' | 'nextAttemptAt';
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
};

export async function listDeliveries(db: Db, f: DeliveryFilters) {
  const where = and(
    ...([
      eq(webhookDeliveries.accountId, f.accountId),
      f.event ? eq(webhookDeliveries.event, f.event) : undefined,
      f.status ? eq(webhookDeliveries.status, f.status) : undefined,
      f.jobId !== undefined ? eq(webhookDeliveries.jobId, f.jobId) : undefined,
      f.from ? gte(webhookDeliveries.createdAt, f.from) : undefined,
      f.to ? lt(webhookDeliveries.createdAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(
        ...(sortedBy(
          {
            createdAt: webhookDeliveries.createdAt,
            attempts: webhookDeliveries.attempts,
            nextAttemptAt: webhookDeliveries.nextAttemptAt,
          },
          f,
          webhookDeliveries.id,
        ) ?? [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)]),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every delivery of one job (a job has one per status change at most; it stays small). */
export const deliveriesOfJob = (db: Db, jobId: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.jobId, jobId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));

export const findDelivery = async (db: Db, id: number) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1))[0];

export const attemptsOf = (db: Db, deliveryId: number) =>
  db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
