import { count, desc, sql } from 'drizzle-orm';
import type { Page } from '@herald/contract';
import type { Db } from '../../db/client';
import { mails } from '../../db/schema';
import { iso, isoOrNull } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';

type MailView = {
  id: number;
  to: string;
  subject: string;
  body: string;
  kind: string;
  link: string | null;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
};

/** The mail table, newest first; `to` matches the address exactly, ignoring case. */
export async function listOutbox(
  db: Db,
  q: { to?: string; sortField?: 'createdAt' | 'sentAt' | 'to'; sortOrder?: SortOrder; page: number; pageSize: number },
): Promise<Page<MailView>> {
  const where = q.to ? sql`lower(${mails.to}) = lower(${q.to})` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mails)
      .where(where)
      .orderBy(
        ...(sortedBy({ createdAt: mails.createdAt, sentAt: mails.sentAt, to: mails.to }, q, mails.id) ?? [
          desc(mails.id),
        ]),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(mails).where(where),
  ]);
  return {
    list: rows.map((m) => ({ ...m, sentAt: isoOrNull(m.sentAt), createdAt: iso(m.createdAt) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
