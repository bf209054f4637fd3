import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, apiRequests, jobs, publishRecords, templates } from '../../db/schema';
import { ofOwnedDevice, ofOwnedSn } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';

export type JobRow = typeof jobs.$inferSelect;
export type PublishRow = typeof publishRecords.$inferSelect;
export type ApiRequestRow = typeof apiRequests.$inferSelect;

type Sort = { sortField?: string; sortOrder?: 'ascend' | 'descend' };
type Paging = { limit: number; offset: number };
/** `owner`: "own data only", the records of the devices assigned to this user (lib/data-scope.ts). */
export type TimeScope = { accountId?: number; owner?: number; from?: Date; to?: Date };

export type JobFilters = TimeScope & {
  kind?: string;
  sn?: string;
  msgId?: string;
  orderId?: string;
  templateId?: number;
  status?: number;
  paymentType?: string;
  currency?: string;
  language?: string;
};

/** Newest first unless told otherwise; by latency, jobs without an ack come last either way. */
const order = (
  time: SQL | typeof jobs.requestedAt,
  latency: SQL | typeof jobs.ackLatencyMs,
  id: typeof jobs.id,
  s: Sort,
) => {
  const dir = s.sortOrder === 'ascend' ? asc : desc;
  if (s.sortField === 'latency') {
    return [sql`${latency} ${s.sortOrder === 'ascend' ? sql`asc` : sql`desc`} nulls last`, dir(id)];
  }
  return [dir(time), dir(id)];
};

/** A msgId filter matches the whole id or its beginning (uuid columns compared as text). */
const msgIdMatch = (col: typeof jobs.msgId | typeof publishRecords.msgId, v: string) =>
  sql`${col}::text like ${`${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

function jobWhere(f: JobFilters) {
  return and(
    ...([
      f.accountId !== undefined ? eq(jobs.accountId, f.accountId) : undefined,
      ofOwnedDevice(jobs.deviceId, f.owner),
      f.kind ? eq(jobs.kind, f.kind) : undefined,
      f.sn ? ilike(jobs.sn, containsPattern(f.sn)) : undefined,
      f.msgId ? msgIdMatch(jobs.msgId, f.msgId) : undefined,
      f.orderId ? ilike(jobs.orderId, containsPattern(f.orderId)) : undefined,
      f.templateId !== undefined ? eq(jobs.templateId, f.templateId) : undefined,
      f.status !== undefined ? eq(jobs.status, f.status) : undefined,
      f.paymentType ? eq(jobs.paymentType, f.paymentType) : undefined,
      f.currency ? eq(jobs.currency, f.currency) : undefined,
      f.language ? eq(jobs.language, f.language) : undefined,
      f.from ? gte(jobs.requestedAt, f.from) : undefined,
      f.to ? lt(jobs.requestedAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
}

export type JobView = { job: JobRow; accountName: string | null; templateName: string | null };
const jobView = { job: jobs, accountName: accounts.name, templateName: templates.name };

export async function listJobs(db: Db, f: JobFilters & Sort & Paging): Promise<{ rows: JobView[]; total: number }> {
  const where = jobWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(jobView)
      .from(jobs)
      .leftJoin(accounts, eq(accounts.id, jobs.accountId))
      .leftJoin(templates, eq(templates.id, jobs.templateId))
      .where(where)
      .orderBy(...order(jobs.requestedAt, jobs.ackLatencyMs, jobs.id, f))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findJobView = async (db: Db, id: number, owner?: number): Promise<JobView | undefined> =>
  (
    await db
      .select(jobView)
      .from(jobs)
      .leftJoin(accounts, eq(accounts.id, jobs.accountId))
      .leftJoin(templates, eq(templates.id, jobs.templateId))
      .where(and(eq(jobs.id, id), ofOwnedDevice(jobs.deviceId, owner)))
      .limit(1)
  )[0];

export type PublishView = { rec: PublishRow; accountName: string | null };

export const publishesOfJob = (db: Db, jobId: number): Promise<PublishView[]> =>
  db
    .select({ rec: publishRecords, accountName: accounts.name })
    .from(publishRecords)
    .leftJoin(accounts, eq(accounts.id, publishRecords.accountId))
    .where(eq(publishRecords.jobId, jobId))
    .orderBy(asc(publishRecords.publishedAt), asc(publishRecords.id));

export type PublishFilters = TimeScope & { sn?: string; msgId?: string; jobId?: number; status?: number };

export async function listPublishes(db: Db, f: PublishFilters & Sort & Paging) {
  const where = and(
    ...([
      f.accountId !== undefined ? eq(publishRecords.accountId, f.accountId) : undefined,
      ofOwnedDevice(publishRecords.deviceId, f.owner),
      f.sn ? ilike(publishRecords.sn, containsPattern(f.sn)) : undefined,
      f.msgId ? msgIdMatch(publishRecords.msgId, f.msgId) : undefined,
      f.jobId !== undefined ? eq(publishRecords.jobId, f.jobId) : undefined,
      f.status !== undefined ? eq(publishRecords.status, f.status) : undefined,
      f.from ? gte(publishRecords.publishedAt, f.from) : undefined,
      f.to ? lt(publishRecords.publishedAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const orderBy =
    f.sortField === 'latency'
      ? [
          sql`${publishRecords.latencyMs} ${f.sortOrder === 'ascend' ? sql`asc` : sql`desc`} nulls last`,
          dir(publishRecords.id),
        ]
      : [dir(publishRecords.publishedAt), dir(publishRecords.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ rec: publishRecords, accountName: accounts.name })
      .from(publishRecords)
      .leftJoin(accounts, eq(accounts.id, publishRecords.accountId))
      .where(where)
      .orderBy(...orderBy)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(publishRecords).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findPublish = async (db: Db, id: number, owner?: number): Promise<PublishView | undefined> =>
  (
    await db
      .select({ rec: publishRecords, accountName: accounts.name })
      .from(publishRecords)
      .leftJoin(accounts, eq(accounts.id, publishRecords.accountId))
      .where(and(eq(publishRecords.id, id), ofOwnedDevice(publishRecords.deviceId, owner)))
      .limit(1)
  )[0];

export type RequestFilters = TimeScope & { result?: number; path?: string; orderId?: string; sn?: string };
export type RequestView = { req: ApiRequestRow; accountName: string | null };

export async function listRequests(db: Db, f: RequestFilters & Sort & Paging) {
  const where = and(
    ...([
      f.accountId !== undefined ? eq(apiRequests.accountId, f.accountId) : undefined,
      ofOwnedSn(apiRequests.sn, f.owner),
      f.result !== undefined ? eq(apiRequests.result, f.result) : undefined,
      f.path ? ilike(apiRequests.path, containsPattern(f.path)) : undefined,
      f.orderId ? ilike(apiRequests.orderId, containsPattern(f.orderId)) : undefined,
      f.sn ? ilike(apiRequests.sn, containsPattern(f.sn)) : undefined,
      f.from ? gte(apiRequests.createdAt, f.from) : undefined,
      f.to ? lt(apiRequests.createdAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const orderBy =
    f.sortField === 'latency'
      ? [
          sql`${apiRequests.durationMs} ${f.sortOrder === 'ascend' ? sql`asc` : sql`desc`} nulls last`,
          dir(apiRequests.id),
        ]
      : [dir(apiRequests.createdAt), dir(apiRequests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ req: apiRequests, accountName: accounts.name })
      .from(apiRequests)
      .leftJoin(accounts, eq(accounts.id, apiRequests.accountId))
      .where(where)
      .orderBy(...orderBy)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(apiRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findRequest = async (db: Db, id: number, owner?: number): Promise<RequestView | undefined> =>
  (
    await db
      .select({ req: apiRequests, accountName: accounts.name })
      .from(apiRequests)
      .leftJoin(accounts, eq(accounts.id, apiRequests.accountId))
      .where(and(eq(apiRequests.id, id), ofOwnedSn(apiRequests.sn, owner)))
      .limit(1)
  )[0];
