import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, messages, noticeAccounts, notices, users } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeFilters = {
  title?: string;
  status?: number;
  from?: Date;
  to?: Date;
  sortField?: 'id' | 'createdAt' | 'publishedAt' | 'recipientCount';
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
};

export async function listNotices(db: Db, f: NoticeFilters): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = and(
    ...([
      f.title ? ilike(notices.title, containsPattern(f.title)) : undefined,
      f.status !== undefined ? eq(notices.status, f.status) : undefined,
      f.from ? gte(notices.createdAt, f.from) : undefined,
      f.to ? lte(notices.createdAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const order = sortedBy(
    {
      id: notices.id,
      createdAt: notices.createdAt,
      publishedAt: sql`coalesce(${notices.publishedAt}, '-infinity'::timestamptz)`,
      recipientCount: notices.recipientCount,
    },
    f,
    notices.id,
  ) ?? [desc(notices.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findNotice = async (db: Db, id: number) =>
  (await db.select().from(notices).where(eq(notices.id, id)).limit(1))[0];

/** Notice id → its named target accounts. */
export async function targetsOf(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ noticeId: noticeAccounts.noticeId, id: accounts.id, name: accounts.name })
    .from(noticeAccounts)
    .innerJoin(accounts, eq(accounts.id, noticeAccounts.accountId))
    .where(inArray(noticeAccounts.noticeId, ids))
    .orderBy(accounts.name, accounts.id);
  for (const r of rows) {
    const list = out.get(r.noticeId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.noticeId, list);
  }
  return out;
}

/** Notice id → how many of its messages are read (kept: a purged or deleted message no longer counts). */
export async function readCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ noticeId: messages.noticeId, n: count() })
    .from(messages)
    .where(and(inArray(messages.noticeId, ids), sql`${messages.readAt} is not null`))
    .groupBy(messages.noticeId);
  return new Map(rows.map((r) => [r.noticeId!, r.n]));
}

export async function usernamesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Which of these ids are existing accounts. */
export const existingAccountIds = async (db: Db, ids: number[]) =>
  ids.length
    ? (await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids))).map((r) => r.id)
    : [];

export const insertNotice = async (tx: Db, values: typeof notices.$inferInsert) =>
  (await tx.insert(notices).values(values).returning())[0]!;

/** Changes a draft; false when it is no longer one (published meanwhile). */
export const updateDraft = async (tx: Db, id: number, values: Partial<typeof notices.$inferInsert>) =>
  (
    await tx
      .update(notices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(notices.id, id), eq(notices.status, 0)))
      .returning({ id: notices.id })
  ).length > 0;

export const setRecipientCount = (tx: Db, id: number, recipientCount: number) =>
  tx.update(notices).set({ recipientCount }).where(eq(notices.id, id));

export async function setTargets(tx: Db, noticeId: number, accountIds: number[]): Promise<void> {
  await tx.delete(noticeAccounts).where(eq(noticeAccounts.noticeId, noticeId));
  if (accountIds.length)
    await tx.insert(noticeAccounts).values(accountIds.map((accountId) => ({ noticeId, accountId })));
}

/** Deletes a draft; false when it is no longer one. */
export const deleteDraft = async (tx: Db, id: number) =>
  (
    await tx
      .delete(notices)
      .where(and(eq(notices.id, id), eq(notices.status, 0)))
      .returning({ id: notices.id })
  ).length > 0;

/**
 * Marks a draft published, once, and returns it as published: the conditional update is the
 * lock, so two publishes of one notice (two tabs, two servers) deliver its messages once, and an
 * edit saved meanwhile is either in what is delivered or refused. Undefined when it was not a draft.
 */
export const claimPublish = async (tx: Db, id: number, at: Date) =>
  (
    await tx
      .update(notices)
      .set({ status: 1, publishedAt: at, updatedAt: at })
      .where(and(eq(notices.id, id), eq(notices.status, 0)))
      .returning()
  )[0];
