import {
  NoticeStatus,
  type CreateNoticeBody,
  type Notice,
  type NoticeListQuery,
  type Page,
  type UpdateNoticeBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { deliverNotice } from '../messages/repo';
import { raiseUnread } from '../live/raise';
import { audit } from '../oper-log/audit';
import * as repo from './repo';

/** Rows → answers, with their targets, read counts and authors read in one statement each. */
async function toNotices(deps: Deps, rows: repo.NoticeRow[]): Promise<Notice[]> {
  const ids = rows.map((r) => r.id);
  const authors = [...new Set(rows.map((r) => r.createdBy).filter((v): v is number => v !== null))];
  const [targets, reads, names] = await Promise.all([
    repo.targetsOf(deps.db, ids),
    repo.readCounts(
      deps.db,
      ids.filter((_, i) => rows[i]!.status === NoticeStatus.PUBLISHED),
    ),
    repo.usernamesOf(deps.db, authors),
  ]);
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    status: n.status,
    allAccounts: n.allAccounts,
    accounts: n.allAccounts ? [] : (targets.get(n.id) ?? []),
    recipientCount: n.recipientCount,
    readCount: reads.get(n.id) ?? 0,
    createdBy: n.createdBy !== null ? (names.get(n.createdBy) ?? null) : null,
    createdAt: iso(n.createdAt),
    updatedAt: iso(n.updatedAt),
    publishedAt: isoOrNull(n.publishedAt),
  }));
}

export async function listNotices(deps: Deps, q: NoticeListQuery): Promise<Page<Notice>> {
  const { rows, total } = await repo.listNotices(deps.db, {
    title: q.title || undefined,
    status: q.status,
    from: rangeStart(q.from),
    to: rangeEnd(q.to),
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: await toNotices(deps, rows), total, page: q.page, pageSize: q.pageSize };
}

async function found(deps: Deps, id: number) {
  const n = await repo.findNotice(deps.db, id);
  if (!n) throw notFound();
  return n;
}

export const getNotice = async (deps: Deps, id: number): Promise<Notice> =>
  (await toNotices(deps, [await found(deps, id)]))[0]!;

async function draft(deps: Deps, id: number) {
  const n = await found(deps, id);
  if (n.status !== NoticeStatus.DRAFT) throw conflict('error.noticePublished');
  return n;
}

/** Named targets must exist; nothing is written when one does not. */
async function checkTargets(deps: Deps, ids: number[]) {
  const existing = new Set(await repo.existingAccountIds(deps.db, ids));
  if (ids.some((id) => !existing.has(id))) throw invalid('error.noticeAccountInvalid', 'accountIds');
}

export async function createNotice(deps: Deps, auth: AuthContext, body: CreateNoticeBody): Promise<Notice> {
  const accountIds = body.allAccounts ? [] : body.accountIds;
  await checkTargets(deps, accountIds);
  const id = await deps.db.transaction(async (tx) => {
    const n = await repo.insertNotice(tx, {
      title: body.title,
      content: body.content,
      allAccounts: body.allAccounts,
      createdBy: auth.userId,
    });
    await repo.setTargets(tx, n.id, accountIds);
    await audit(tx, auth, {
      module: 'notice',
      type: 'add',
      description: { key: 'log.notice.add', params: { title: n.title, id: n.id } },
    });
    return n.id;
  });
  return getNotice(deps, id);
}

export async function updateNotice(deps: Deps, auth: AuthContext, id: number, body: UpdateNoticeBody): Promise<Notice> {
  const n = await draft(deps, id);
  const allAccounts = body.allAccounts ?? n.allAccounts;
  // the targets after the change: named ones when given, else the saved ones
  const named = body.accountIds ?? (await repo.targetsOf(deps.db, [id])).get(id)?.map((a) => a.id) ?? [];
  if (!allAccounts && named.length === 0) throw invalid('validation.noticeAccountRequired', 'accountIds');
  if (!allAccounts) await checkTargets(deps, named);
  await deps.db.transaction(async (tx) => {
    const changed = await repo.updateDraft(tx, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      allAccounts,
    });
    if (!changed) throw conflict('error.noticePublished');
    await repo.setTargets(tx, id, allAccounts ? [] : named);
    await audit(tx, auth, {
      module: 'notice',
      type: 'edit',
      description: { key: 'log.notice.edit', params: { title: body.title ?? n.title, id } },
    });
  });
  return getNotice(deps, id);
}

export async function deleteNotice(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const n = await draft(deps, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteDraft(tx, id))) throw conflict('error.noticePublished');
    await audit(tx, auth, {
      module: 'notice',
      type: 'delete',
      description: { key: 'log.notice.delete', params: { title: n.title, id } },
    });
  });
}

/**
 * Publishes a draft: in one transaction it becomes published and each receiver of its targets
 * gets a system message; a second publish (another tab, another server) finds it published.
 */
export async function publishNotice(deps: Deps, auth: AuthContext, id: number): Promise<Notice> {
  await draft(deps, id);
  const published = await deps.db.transaction(async (tx) => {
    const at = new Date();
    const n = await repo.claimPublish(tx, id, at);
    if (!n) throw conflict('error.noticePublished');
    const count = await deliverNotice(tx, n, at);
    await repo.setRecipientCount(tx, id, count);
    await audit(tx, auth, {
      module: 'notice',
      type: 'publish',
      description: { key: 'log.notice.publish', params: { title: n.title, id, count } },
    });
    return n;
  });
  for (const accountId of published.allAccounts
    ? [null]
    : ((await repo.targetsOf(deps.db, [id])).get(id)?.map((a) => a.id) ?? []))
    raiseUnread(deps, accountId);
  return getNotice(deps, id);
}
