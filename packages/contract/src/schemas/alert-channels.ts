import { z } from 'zod';
import { jsonId } from '../envelope';
import { webhookUrlField } from './account-api';
import { ALERT_KINDS, ALERT_PHASES, type AlertKind } from './notices';

/**
 * Where device alerts go besides the console (issue 29, "Alerts that reach people").
 *
 * - State alerts are raised on a change of what the device reports (telemetry or event): the
 *   printer leaving the normal state, the battery falling to the account's threshold. Each change
 *   raises one alert, and the return to normal one recovery, whichever server hears it.
 * - Each recipient chooses per kind whether an alert reaches them in the console, by e-mail, or
 *   both; the account may name one alert address that receives chosen kinds as a signed webhook
 *   (the push addresses' signature: HMAC-SHA256 of `<timestamp>\n<body>` with the API secret).
 * - A device flapping between two states does not flood: past `ALERT_DIGEST.max` alerts of one
 *   kind for one device within the window, the rest are folded into one digest sent when the
 *   window ends (docs/decisions.md, "Alerts that reach people").
 */
export const ALERT_CHANNELS = ['inApp', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Kinds raised from the device's reported state: edge-triggered, each with a recovery. */
export const STATE_ALERT_KINDS = [
  'outOfPaper',
  'overheating',
  'coverOpen',
  'otherException',
  'batteryLow',
] as const satisfies readonly AlertKind[];
export type StateAlertKind = (typeof STATE_ALERT_KINDS)[number];

/** A battery at or below this level (and not charging) is low, whatever state the device names. */
export const BATTERY_LOW_PERCENT_DEFAULT = 10;
export const BATTERY_LOW_PERCENT_MIN = 1;
export const BATTERY_LOW_PERCENT_MAX = 50;

/** A device offline this long (minutes) raises the offline alert, and its return the recovery. */
export const OFFLINE_ALERT_MINUTES_DEFAULT = 30;
export const OFFLINE_ALERT_MINUTES_MIN = 1;
export const OFFLINE_ALERT_MINUTES_MAX = 1440;

/** Defaults of the flapping rule; the operator may change them (ALERT_DIGEST_MAX, ALERT_DIGEST_WINDOW_SECONDS). */
export const ALERT_DIGEST_DEFAULTS = { max: 3, windowSeconds: 3600 } as const;

/** The webhook event of an alert (x-herald-event), beside print, speak and trade. */
export const ALERT_WEBHOOK_EVENT = 'alert';

const kindList = z
  .array(z.enum(ALERT_KINDS, { error: 'validation.invalidOption' }), { error: 'validation.format' })
  .max(ALERT_KINDS.length)
  .transform((k) => ALERT_KINDS.filter((x) => k.includes(x)));

const channelUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  /** where e-mail alerts go: the user's own address */
  email: z.string(),
  inAppKinds: z.array(z.enum(ALERT_KINDS)),
  emailKinds: z.array(z.enum(ALERT_KINDS)),
});

/** GET /v1/account/queryAlertChannels */
export const alertChannelsSchema = z.object({
  /** the account's message recipients, each with the kinds they get in the console and by e-mail */
  receivers: z.array(channelUser),
  webhook: z.object({ url: z.string().nullable(), kinds: z.array(z.enum(ALERT_KINDS)) }),
  batteryLowPercent: z.number().int(),
  /** a device offline this long raises the offline alert */
  offlineAlertMinutes: z.number().int(),
  /** the flapping rule in force (the operator's) */
  digest: z.object({ max: z.number().int(), windowSeconds: z.number().int() }),
});
export type AlertChannels = z.infer<typeof alertChannelsSchema>;

/**
 * POST /v1/account/setAlertChannels — the recipients named are the account's current recipients
 * (others are refused); a recipient left out keeps what it had. A recipient never configured gets
 * every kind in the console and none by e-mail.
 */
export const setAlertChannelsBody = z.object({
  receivers: z
    .array(z.object({ userId: jsonId, inAppKinds: kindList, emailKinds: kindList }), { error: 'validation.format' })
    .max(200, 'validation.maxLength')
    .default([]),
  webhook: z.object({ url: webhookUrlField, kinds: kindList.default([]) }).optional(),
  batteryLowPercent: z
    .number({ error: 'validation.format' })
    .int('validation.format')
    .min(BATTERY_LOW_PERCENT_MIN, 'validation.format')
    .max(BATTERY_LOW_PERCENT_MAX, 'validation.format')
    .optional(),
  offlineAlertMinutes: z
    .number({ error: 'validation.format' })
    .int('validation.format')
    .min(OFFLINE_ALERT_MINUTES_MIN, 'validation.format')
    .max(OFFLINE_ALERT_MINUTES_MAX, 'validation.format')
    .optional(),
});
export type SetAlertChannelsBody = z.infer<typeof setAlertChannelsBody>;

/** The JSON body POSTed to the alert address (event `alert`, signed like every push). */
export const alertWebhookBodySchema = z.object({
  event: z.literal(ALERT_WEBHOOK_EVENT),
  phase: z.enum(ALERT_PHASES),
  kind: z.enum(ALERT_KINDS),
  deviceId: z.number().int(),
  sn: z.string(),
  /** the device's words (fault message, battery level), if any */
  detail: z.string().nullable(),
  /** the alert in English (the console words it in each recipient's language) */
  title: z.string(),
  /** digest: how many alerts were folded, over which window */
  count: z.number().int().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  at: z.string(),
});
export type AlertWebhookBody = z.infer<typeof alertWebhookBodySchema>;
