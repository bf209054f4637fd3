import { z } from 'zod';
import { bigIdsField, jsonId, pageQuerySchema } from '../envelope';
import { MESSAGE_LANGUAGES } from '../enums';
import { dateRangeCheck, dateTimeFilter, optionalQueryInt, requiredText } from '../validation';
import { queryFlag, sortParams } from './fleet-fields';

/**
 * Notices and in-app messages (spec: "notices published to chosen accounts; in-app messages
 * with mark-read and a message language setting"; screens /notice/list and /msg/list).
 *
 * - An operator writes a notice (draft 0), names its target accounts (or every account) and
 *   publishes it (1). Publishing delivers one system message to each receiver of each target
 *   account. A published notice is no longer edited or deleted: it is what was sent.
 * - An account's receivers are chosen by the account (at least one); until it chooses, they are
 *   its super-administrators.
 * - Alert messages come from devices: a printer leaving the normal state, a battery running out,
 *   a fault. The account chooses which of those kinds raise messages. A state raises one alert
 *   when it begins and one recovery when it ends (alert-channels.ts); a fault at most once an
 *   hour. An alert is worded when it is delivered, in each recipient's message language (Chinese
 *   for zh_CN and yue, English for the others).
 */
export const NoticeStatus = { DRAFT: 0, PUBLISHED: 1 } as const;
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;
/** Target accounts named one by one (beyond this, "every account" is the way). */
export const NOTICE_ACCOUNTS_MAX = 500;
/** Notification frequency of the spec's alarm default: one message per device and kind per hour. */
export const ALERT_REPEAT_MS = 60 * 60 * 1000;
/** Messages are kept 90 days, like the records. */
export const MESSAGE_RETENTION_DAYS = 90;
/** How often the console asks for the unread counts. */
export const UNREAD_POLL_MS = 30_000;

export const MESSAGE_CATEGORIES = ['system', 'alert'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** Device alert kinds: the printer states other than normal, the battery, a fault, slow pushes. */
export const ALERT_KINDS = [
  'outOfPaper',
  'overheating',
  'coverOpen',
  'otherException',
  'batteryLow',
  'fault',
  /** the push-delay alarm (push-alarms.ts) */
  'latency',
  /** a device entered or left a geofence (geo-fences.ts) */
  'fence',
  /** a device offline longer than its account's offlineAlertMinutes (alert-offline.ts), and back */
  'offline',

  /** an upgrade task its abort criteria stopped (to the task's owner; ota-tasks/abort-alert.ts) */
  'otaAborted',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** raised: the state began (or an event happened); cleared: its recovery; digest: alerts folded in a window. */
export const ALERT_PHASES = ['raised', 'cleared', 'digest'] as const;
export type AlertPhase = (typeof ALERT_PHASES)[number];

const targetAccountIds = z
  .array(jsonId, { error: 'validation.format' })
  .max(NOTICE_ACCOUNTS_MAX, 'validation.maxLength')
  .transform((ids) => [...new Set(ids)]);

const noticeFields = {
  title: requiredText(NOTICE_TITLE_MAX),
  content: requiredText(NOTICE_CONTENT_MAX),
  /** every account, now and at publishing (accountIds is then ignored) */
  allAccounts: z.boolean({ error: 'validation.format' }).default(false),
  accountIds: targetAccountIds.default([]),
};

const needsTarget = (v: { allAccounts?: boolean; accountIds?: number[] }, ctx: z.RefinementCtx) => {
  if (v.allAccounts === false && v.accountIds !== undefined && v.accountIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.noticeAccountRequired', path: ['accountIds'] });
  }
};

/** POST /v1/notices */
export const createNoticeBody = z.object(noticeFields).superRefine(needsTarget);
export type CreateNoticeBody = z.infer<typeof createNoticeBody>;

/** PUT /v1/notices/:id — any subset; drafts only. */
export const updateNoticeBody = z
  .object({
    title: noticeFields.title.optional(),
    content: noticeFields.content.optional(),
    allAccounts: z.boolean({ error: 'validation.format' }).optional(),
    accountIds: targetAccountIds.optional(),
  })
  .superRefine(needsTarget);
export type UpdateNoticeBody = z.infer<typeof updateNoticeBody>;

/** GET /v1/notices */
export const noticeListQuery = pageQuerySchema
  .extend({
    title: z.string().trim().max(NOTICE_TITLE_MAX, 'validation.maxLength').optional(),
    status: optionalQueryInt(0, 1),
    from: dateTimeFilter,
    to: dateTimeFilter,
    ...sortParams(['id', 'createdAt', 'publishedAt', 'recipientCount']),
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type NoticeListQuery = z.infer<typeof noticeListQuery>;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** 0 draft, 1 published */
  status: z.number().int(),
  allAccounts: z.boolean(),
  accounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** messages delivered at publishing, and how many of them are read */
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

// ── in-app messages (/v1/account-user-notice-msg/*) ─────────────────────────

/** GET /v1/account-user-notice-msg/pageQuery */
export const messageListQuery = pageQuerySchema
  .extend({
    category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MESSAGE_CATEGORIES).optional()),
    /** true: unread only; false: read only */
    unread: queryFlag,
    title: z.string().trim().max(NOTICE_TITLE_MAX, 'validation.maxLength').optional(),
    from: dateTimeFilter,
    to: dateTimeFilter,
    ...sortParams(['createdAt']),
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageSchema = z.object({
  id: z.number().int(),
  category: z.enum(MESSAGE_CATEGORIES),
  /** system: the notice's title; alert: the alert in words, in the recipient's message language at delivery */
  title: z.string(),
  content: z.string(),
  noticeId: z.number().int().nullable(),
  alert: z
    .object({
      kind: z.enum(ALERT_KINDS),
      sn: z.string(),
      deviceId: z.number().int(),
      /** the device's words (fault message, battery level) */
      detail: z.string().nullable(),
      phase: z.enum(ALERT_PHASES),
    })
    .nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InAppMessage = z.infer<typeof messageSchema>;

/** POST /v1/account-user-notice-msg/markRead and /delete: the chosen messages (ids grow past 2³¹: bigserial). */
export const messageIdsBody = z.object({ ids: bigIdsField });

/** GET /v1/account-user-notice-msg/queryUnreadStat (spec: unread counts all, system, alert) */
export const unreadStatSchema = z.object({ all: z.number().int(), system: z.number().int(), alert: z.number().int() });
export type UnreadStat = z.infer<typeof unreadStatSchema>;

/**
 * POST /v1/account-user-notice-msg/markReadAll — one category, or all. The spec lists it as a GET
 * with parameters; a call that changes something is a POST, so no prefetch, crawler or replayed
 * link changes an inbox (docs/decisions.md, "State changes are POSTs").
 */
export const markReadAllBody = z.object({
  category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MESSAGE_CATEGORIES).optional()),
});

/** POST /v1/account-user-notice-msg/setNoticeMsgLanguage (the spec's GET: see markReadAllBody) */
export const noticeMsgLanguageBody = z.object({
  messageLanguage: z.enum(MESSAGE_LANGUAGES, { error: 'validation.invalidOption' }),
});

/** GET /v1/account-user-notice-msg/queryNoticeMsgConfig — the caller's own settings. */
export const noticeMsgConfigSchema = z.object({
  messageLanguage: z.string(),
  /** whether the caller is one of the account's receivers (operators: false) */
  receiver: z.boolean(),
});
export type NoticeMsgConfig = z.infer<typeof noticeMsgConfigSchema>;

const receiverUser = z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() });

/** GET /v1/account-user-notice-msg/queryAccountNoticeMsgReceiver */
export const noticeReceiversSchema = z.object({
  /** false until the account chooses: its super-administrators receive */
  configured: z.boolean(),
  receivers: z.array(receiverUser),
  /** the account's enabled users, who may be chosen */
  candidates: z.array(receiverUser),
});
export type NoticeReceivers = z.infer<typeof noticeReceiversSchema>;

/** POST /v1/account-user-notice-msg/configAccountNoticeMsgReceiver {userIds: [1, 2]} (the spec's GET: see markReadAllBody); at least one recipient (spec) */
export const configReceiversBody = z.object({
  userIds: z
    .array(jsonId, { error: 'validation.receiverRequired' })
    .min(1, 'validation.receiverRequired')
    .max(200, 'validation.maxLength')
    .transform((ids) => [...new Set(ids)]),
});

/** GET /v1/account/queryNoticeMsgConfig, POST /v1/account/setNoticeMsgReceive — which alerts raise messages. */
export const accountNoticeConfigSchema = z.object({ alertKinds: z.array(z.enum(ALERT_KINDS)) });
export type AccountNoticeConfig = z.infer<typeof accountNoticeConfigSchema>;
export const setNoticeMsgReceiveBody = z.object({
  alertKinds: z
    .array(z.enum(ALERT_KINDS, { error: 'validation.invalidOption' }), { error: 'validation.format' })
    .max(ALERT_KINDS.length)
    .transform((k) => [...new Set(k)]),
});
export type SetNoticeMsgReceiveBody = z.infer<typeof setNoticeMsgReceiveBody>;
