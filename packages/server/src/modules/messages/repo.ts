import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  ALERT_WEBHOOK_EVENT,
  AccountStatus,
  UserStatus,
  formatMessage,
  type AlertPhase,
  type AlertWebhookBody,
  type Locale,
  type MessageCategory,
} from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, deviceAlerts, devices, messages, noticeReceivers, users } from '../../db/schema';
import { containsPattern } from '../../lib/filters';

export type MessageRow = typeof messages.$inferSelect;
export type MessageFilters = {
  category?: MessageCategory;
  unread?: boolean;
  title?: string;
  from?: Date;
  to?: Date;
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listMessages(db: Db, userId: number, f: MessageFilters) {
  const where = and(
    ...([
      eq(messages.userId, userId),
      f.category ? eq(messages.category, f.category) : undefined,
      f.unread === true ? isNull(messages.readAt) : f.unread === false ? isNotNull(messages.readAt) : undefined,
      f.title ? ilike(messages.title, containsPattern(f.title)) : undefined,
      f.from ? gte(messages.createdAt, f.from) : undefined,
      f.to ? lte(messages.createdAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(dir(messages.createdAt), dir(messages.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the user's messages, marked read as it is read. */
export const readMessage = async (db: Db, userId: number, id: number, at: Date) =>
  (
    await db
      .update(messages)
      .set({ readAt: sql`coalesce(${messages.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(messages.id, id), eq(messages.userId, userId)))
      .returning()
  )[0];

export const markRead = (db: Db, userId: number, ids: number[], at: Date) =>
  db
    .update(messages)
    .set({ readAt: at })
    .where(and(eq(messages.userId, userId), inArray(messages.id, ids), isNull(messages.readAt)));

export const markAllRead = (db: Db, userId: number, category: MessageCategory | undefined, at: Date) =>
  db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(eq(messages.userId, userId), isNull(messages.readAt), category ? eq(messages.category, category) : undefined),
    );

export const deleteMessages = (db: Db, userId: number, ids: number[]) =>
  db.delete(messages).where(and(eq(messages.userId, userId), inArray(messages.id, ids)));

export const unreadByCategory = (db: Db, userId: number) =>
  db
    .select({ category: messages.category, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
    .groupBy(messages.category);

// ── receivers ──────────────────────────────────────────────────────────────

const ENABLED = UserStatus.ENABLED;
const ACCOUNT_ENABLED = AccountStatus.ENABLED;

/** The users of an account who may receive its messages: its enabled users. */
export const candidateUsers = (db: Db, accountId: number) =>
  db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.side, 'ac'), eq(users.status, ENABLED)))
    .orderBy(users.username);

/** The receivers the account chose (still existing users). */
export const chosenReceivers = (db: Db, accountId: number) =>
  db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(noticeReceivers)
    .innerJoin(users, eq(users.id, noticeReceivers.userId))
    .where(and(eq(noticeReceivers.accountId, accountId), eq(users.status, ENABLED)))
    .orderBy(users.username);

export const superAdmins = (db: Db, accountId: number) =>
  db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.side, 'ac'),
        eq(users.isSuperAdmin, true),
        eq(users.status, ENABLED),
      ),
    )
    .orderBy(users.username);

/** Replaces the account's choice; the account's row is locked first, so two saves at once apply one after the other. */
export async function setReceivers(tx: Db, accountId: number, userIds: number[]): Promise<void> {
  await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
  await tx.delete(noticeReceivers).where(eq(noticeReceivers.accountId, accountId));
  await tx.insert(noticeReceivers).values(userIds.map((userId) => ({ accountId, userId })));
}

/**
 * (account, user) of every receiver of the enabled accounts among `targets` (a subquery of
 * account ids): the enabled users the account chose, or, while none of them is enabled, its
 * enabled super-administrators. A disabled account's services are off: it receives nothing.
 */
const receiversOf = (targets: SQL) => sql`
  with t as (select id from accounts where status = ${ACCOUNT_ENABLED} and id in (${targets}))
  select r.account_id, r.user_id from notice_receivers r
    join t on t.id = r.account_id
    join users u on u.id = r.user_id and u.status = ${ENABLED}
  union
  select u.account_id, u.id from users u
    join t on t.id = u.account_id
   where u.side = 'ac' and u.is_super_admin and u.status = ${ENABLED}
     and not exists (select 1 from notice_receivers r join users c on c.id = r.user_id and c.status = ${ENABLED}
                      where r.account_id = u.account_id)`;

/** Delivers a published notice: one system message per receiver of its targets. Returns how many. */
export async function deliverNotice(
  tx: Db,
  n: { id: number; title: string; content: string; allAccounts: boolean },
  at: Date,
): Promise<number> {
  const targets = n.allAccounts
    ? sql`select id from accounts`
    : sql`select account_id from notice_accounts where notice_id = ${n.id}`;
  const { rows } = await tx.execute(sql`
    insert into messages (user_id, account_id, category, title, content, notice_id, created_at)
    select user_id, account_id, 'system', ${n.title}, ${n.content}, ${n.id}, ${at.toISOString()}::timestamptz
      from (${receiversOf(targets)}) recv
    returning 1`);
  return rows.length;
}

// ── device alerts ──────────────────────────────────────────────────────────

/** The device's account and the alert kinds it wants (null: all), or undefined for a device of no account. */
export const alertTarget = async (db: Db, deviceId: number) =>
  (
    await db
      .select({ accountId: accounts.id, alertKinds: accounts.alertKinds })
      .from(devices)
      .innerJoin(accounts, and(eq(accounts.id, devices.accountId), eq(accounts.status, ACCOUNT_ENABLED)))
      .where(eq(devices.id, deviceId))
      .limit(1)
  )[0];

/**
 * Claims the device's alert of this kind unless it was raised within `repeatMs`: one conditional
 * upsert, so two servers (or two events) racing raise it once.
 */
export async function claimAlert(db: Db, deviceId: number, kind: string, at: Date, repeatMs: number) {
  const before = new Date(at.getTime() - repeatMs);
  const rows = await db
    .insert(deviceAlerts)
    .values({ deviceId, kind, raisedAt: at })
    .onConflictDoUpdate({
      target: [deviceAlerts.deviceId, deviceAlerts.kind],
      set: { raisedAt: at },
      setWhere: lte(deviceAlerts.raisedAt, before),
    })
    .returning({ deviceId: deviceAlerts.deviceId });
  return rows.length > 0;
}

/** A mail's and a webhook's wording of an alert, besides the in-app title. */
const mailOf = (title: string, sn: string, at: Date, locale: Locale, consoleUrl?: string) => ({
  subject: formatMessage('alert.mailSubject', locale, { title }),
  body: [
    formatMessage('alert.mailBody', locale, { title, sn, at: at.toISOString().slice(0, 19).replace('T', ' ') }),
    consoleUrl && formatMessage('alert.mailLink', locale, { link: `${consoleUrl.replace(/\/$/, '')}/msg/list` }),
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n'),
});

export type AlertDelivery = {
  accountId: number;
  deviceId: number;
  sn: string;
  kind: string;
  detail: string | null;
  /** raised (the default), cleared or digest */
  phase?: AlertPhase;
};

/**
 * An alert to each receiver of the account by the channels they chose for its kind (in-app for
 * every kind until they choose: alert_routes), worded in the receiver's message language: Chinese
 * for Mandarin and Cantonese readers, English for the others (the languages the console has).
 * E-mail goes into the mail outbox and a webhook into the deliveries, both in the caller's
 * transaction: a rolled-back alert sends nothing, and their own workers send each once.
 * Returns the deliveries written (messages, mails and webhooks).
 */
export async function deliverAlert(
  db: Db,
  a: AlertDelivery,
  title: Record<Locale, string>,
  at: Date,
  opts: { consoleUrl?: string; digest?: { count: number; from: string; to: string } } = {},
): Promise<number> {
  const phase = a.phase ?? 'raised';
  const zh = mailOf(title.zh_CN, a.sn, at, 'zh_CN', opts.consoleUrl);
  const en = mailOf(title.en_US, a.sn, at, 'en_US', opts.consoleUrl);
  const hook: AlertWebhookBody = {
    event: ALERT_WEBHOOK_EVENT,
    phase,
    kind: a.kind as AlertWebhookBody['kind'],
    deviceId: a.deviceId,
    sn: a.sn,
    detail: a.detail,
    title: title.en_US,
    ...opts.digest,
    at: at.toISOString(),
  };
  const when = at.toISOString();
  const { rows } = await db.execute<{ n: number }>(sql`
    with recv as (${receiversOf(sql`select ${a.accountId}::int`)}),
    routed as (
      select recv.user_id, recv.account_id, u.email, u.message_language in ('zh_CN', 'yue') as zh,
             coalesce(${a.kind} = any(r.in_app_kinds), true) as in_app,
             coalesce(${a.kind} = any(r.email_kinds), false) as by_mail
        from recv
        join users u on u.id = recv.user_id
        left join alert_routes r on r.account_id = recv.account_id and r.user_id = recv.user_id),
    in_app as (
      insert into messages (user_id, account_id, category, title, content, alert_kind, device_id, sn, detail,
                            alert_phase, created_at)
      select user_id, account_id, 'alert', case when zh then ${title.zh_CN} else ${title.en_US} end,
             '', ${a.kind}, ${a.deviceId}, ${a.sn}, ${a.detail}, ${phase}, ${when}::timestamptz
        from routed where in_app
      returning 1),
    mailed as (
      insert into mails ("to", subject, body, kind, created_at)
      select email, case when zh then ${zh.subject} else ${en.subject} end,
             case when zh then ${zh.body} else ${en.body} end, 'alert', ${when}::timestamptz
        from routed where by_mail and email <> ''
      returning 1),
    hooked as (
      insert into webhook_deliveries (account_id, event, url, payload, next_attempt_at)
      select account_id, ${ALERT_WEBHOOK_EVENT}, webhook_url, ${JSON.stringify(hook)}::jsonb, ${when}::timestamptz
        from alert_settings
       where account_id = ${a.accountId} and coalesce(webhook_url, '') <> '' and ${a.kind} = any(webhook_kinds)
      returning 1)
    select ((select count(*) from in_app) + (select count(*) from mailed) + (select count(*) from hooked))::int as n`);
  return Number(rows[0]?.n ?? 0);
}

export const accountAlertKinds = async (db: Db, accountId: number) =>
  (await db.select({ alertKinds: accounts.alertKinds }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]
    ?.alertKinds;

export const setAccountAlertKinds = (tx: Db, accountId: number, kinds: string[]) =>
  tx.update(accounts).set({ alertKinds: kinds, updatedAt: new Date() }).where(eq(accounts.id, accountId));
