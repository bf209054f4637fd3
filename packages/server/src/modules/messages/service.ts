import {
  ALERT_KINDS,
  type AccountNoticeConfig,
  type AlertKind,
  type AlertPhase,
  type InAppMessage,
  type MessageCategory,
  type MessageListQuery,
  type MessageLanguage,
  type NoticeMsgConfig,
  type NoticeReceivers,
  type Page,
  type UnreadStat,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { findUserById } from '../auth/repo';
import { setMessageLanguage } from '../personal/service';
import * as repo from './repo';

const toMessage = (m: repo.MessageRow): InAppMessage => ({
  id: m.id,
  category: m.category as MessageCategory,
  title: m.title,
  content: m.content,
  noticeId: m.noticeId,
  alert:
    m.category === 'alert' && m.alertKind && m.deviceId !== null
      ? {
          kind: m.alertKind as AlertKind,
          sn: m.sn ?? '',
          deviceId: m.deviceId,
          detail: m.detail,
          phase: (m.alertPhase ?? 'raised') as AlertPhase,
        }
      : null,
  read: m.readAt !== null,
  readAt: isoOrNull(m.readAt),
  createdAt: iso(m.createdAt),
});

/** Everyone reads their own messages only: every statement names the caller. */
export async function listMessages(deps: Deps, auth: AuthContext, q: MessageListQuery): Promise<Page<InAppMessage>> {
  const { rows, total } = await repo.listMessages(deps.db, auth.userId, {
    category: q.category,
    unread: q.unread,
    title: q.title || undefined,
    from: rangeStart(q.from),
    to: rangeEnd(q.to),
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toMessage), total, page: q.page, pageSize: q.pageSize };
}

export async function messageDetail(deps: Deps, auth: AuthContext, id: number): Promise<InAppMessage> {
  const m = await repo.readMessage(deps.db, auth.userId, id, new Date());
  if (!m) throw notFound();
  return toMessage(m);
}

export const markRead = async (deps: Deps, auth: AuthContext, ids: number[]) => {
  await repo.markRead(deps.db, auth.userId, ids, new Date());
};

export const markAllRead = async (deps: Deps, auth: AuthContext, category: MessageCategory | undefined) => {
  await repo.markAllRead(deps.db, auth.userId, category, new Date());
};

export const deleteMessages = async (deps: Deps, auth: AuthContext, ids: number[]) => {
  await repo.deleteMessages(deps.db, auth.userId, ids);
};

export async function unreadStat(deps: Deps, auth: AuthContext): Promise<UnreadStat> {
  const out = { all: 0, system: 0, alert: 0 };
  for (const r of await repo.unreadByCategory(deps.db, auth.userId)) {
    if (r.category === 'system' || r.category === 'alert') out[r.category] = r.n;
    out.all += r.n;
  }
  return out;
}

export const setLanguage = (deps: Deps, auth: AuthContext, language: MessageLanguage) =>
  setMessageLanguage(deps, auth, language);

export async function receiversNow(deps: Deps, accountId: number) {
  const chosen = await repo.chosenReceivers(deps.db, accountId);
  return chosen.length
    ? { configured: true, receivers: chosen }
    : { configured: false, receivers: await repo.superAdmins(deps.db, accountId) };
}

export async function messageConfig(deps: Deps, auth: AuthContext): Promise<NoticeMsgConfig> {
  const user = await findUserById(deps.db, auth.userId);
  const receiver =
    auth.accountId !== null && (await receiversNow(deps, auth.accountId)).receivers.some((r) => r.id === auth.userId);
  return { messageLanguage: user?.messageLanguage ?? 'en_US', receiver };
}

/** The receivers' and alert kinds' routes are account-side only. */
export const ownAccountId = (auth: AuthContext) => targetAccount(auth, undefined);

export async function accountReceivers(deps: Deps, auth: AuthContext): Promise<NoticeReceivers> {
  const accountId = ownAccountId(auth);
  return { ...(await receiversNow(deps, accountId)), candidates: await repo.candidateUsers(deps.db, accountId) };
}

/** The account chooses its receivers among its enabled users; at least one (the schema). */
export async function configReceivers(deps: Deps, auth: AuthContext, userIds: number[]): Promise<NoticeReceivers> {
  const accountId = ownAccountId(auth);
  const candidates = await repo.candidateUsers(deps.db, accountId);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  if (userIds.some((id) => !byId.has(id))) throw invalid('error.receiverInvalid', 'userIds');
  await deps.db.transaction(async (tx) => {
    await repo.setReceivers(tx, accountId, userIds);
    await audit(tx, auth, {
      module: 'notice',
      type: 'setting',
      description: {
        key: 'log.notice.receivers',
        params: { usernames: userIds.map((id) => byId.get(id)!.username).join(', ') },
      },
    });
  });
  return accountReceivers(deps, auth);
}

export async function accountNoticeConfig(deps: Deps, auth: AuthContext): Promise<AccountNoticeConfig> {
  const kinds = await repo.accountAlertKinds(deps.db, ownAccountId(auth));
  return { alertKinds: (kinds ?? [...ALERT_KINDS]) as AlertKind[] };
}

export async function setAccountNoticeConfig(
  deps: Deps,
  auth: AuthContext,
  alertKinds: AlertKind[],
): Promise<AccountNoticeConfig> {
  // kept in the contract's order, so the stored list reads the same however it was sent
  const kinds = ALERT_KINDS.filter((k) => alertKinds.includes(k));
  await deps.db.transaction(async (tx) => {
    await repo.setAccountAlertKinds(tx, ownAccountId(auth), kinds);
    await audit(tx, auth, {
      module: 'notice',
      type: 'setting',
      description: { key: 'log.notice.alertKinds', params: { kinds: kinds.join(', ') || '-' } },
    });
  });
  return { alertKinds: kinds };
}
