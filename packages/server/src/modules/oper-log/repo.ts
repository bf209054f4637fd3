import { and, count, desc, eq, gte, ilike, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, operLogs } from '../../db/schema';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { containsPattern } from '../../lib/filters';

export type OperLogFilters = {
  username?: string;
  module?: string;
  type?: string;
  /** a number: that account's entries; null: operator entries only; undefined: all */
  accountId?: number | null;
  /** that user's own entries only (an "own data only" reader) */
  userId?: number;
  from?: Date;
  /** exclusive */
  before?: Date;
};

function whereOf(f: OperLogFilters): SQL | undefined {
  return and(
    f.username ? ilike(operLogs.username, containsPattern(f.username)) : undefined,
    f.module ? eq(operLogs.module, f.module) : undefined,
    f.type ? eq(operLogs.type, f.type) : undefined,
    f.accountId === null
      ? isNull(operLogs.accountId)
      : f.accountId !== undefined
        ? eq(operLogs.accountId, f.accountId)
        : undefined,
    f.userId !== undefined ? eq(operLogs.userId, f.userId) : undefined,
    f.from ? gte(operLogs.createdAt, f.from) : undefined,
    f.before ? lt(operLogs.createdAt, f.before) : undefined,
  );
}

const row = {
  id: operLogs.id,
  accountId: operLogs.accountId,
  accountName: accounts.name,
  userId: operLogs.userId,
  username: operLogs.username,
  module: operLogs.module,
  type: operLogs.type,
  description: operLogs.description,
  descriptionKey: operLogs.descriptionKey,
  descriptionParams: operLogs.descriptionParams,
  ip: operLogs.ip,
  createdAt: operLogs.createdAt,
};
export type OperLogRow = {
  [K in keyof typeof row]: (typeof row)[K]['_']['data'] | (K extends 'accountName' ? null : never);
};

/** Newest first, unless `sort` asks for the oldest. */
export async function listOperLogs(
  db: Db,
  f: OperLogFilters,
  limit: number,
  offset = 0,
  sort: { sortField?: 'createdAt'; sortOrder?: SortOrder } = {},
) {
  return db
    .select(row)
    .from(operLogs)
    .leftJoin(accounts, eq(accounts.id, operLogs.accountId))
    .where(whereOf(f))
    .orderBy(
      ...(sortedBy({ createdAt: operLogs.createdAt }, sort, operLogs.id) ?? [
        desc(operLogs.createdAt),
        desc(operLogs.id),
      ]),
    )
    .limit(limit)
    .offset(offset);
}

export async function countOperLogs(db: Db, f: OperLogFilters): Promise<number> {
  const [r] = await db.select({ n: count() }).from(operLogs).where(whereOf(f));
  return r?.n ?? 0;
}
