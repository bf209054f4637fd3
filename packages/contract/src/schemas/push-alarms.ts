import { z } from 'zod';
import { bigIdsField, pageQuerySchema } from '../envelope';
import { dateRangeCheck, dateTimeFilter, requiredText } from '../validation';
import { queryFlag, queryId, sortParams } from './fleet-fields';

/**
 * The push-delay (latency) alarm (spec: "alerts with mute and unmute, alarm messages"; default "3
 * consecutive pushes over 800 ms within 5 minutes, notification once per hour"; "mute lifts
 * automatically after 24 hours"; "alarm lists 7 days"). The latency is the push's: from Herald
 * sending a job to the device's ack, on Herald's clock.
 *
 * - Each account sets its monitoring (window, consecutive count, threshold, notification
 *   frequency) and its grades: contiguous latency ranges with a colour, for reading the list.
 * - A device whose last `consecutive` acked pushes all took longer than the threshold, within
 *   the window, raises an alarm. Alarms of one device within the notification frequency are one
 *   row (first and last time, how many, the latest latency) and one 'latency' alert message.
 * - Muting a device's alarm (at most 24 hours) keeps its alarms listed but sends no message.
 */
export const ALARM_RETENTION_DAYS = 7;
export const ALARM_MUTE_MAX_HOURS = 24;
export const ALARM_GRADES_MIN = 2;
export const ALARM_GRADES_MAX = 5;
/** The last grade's maximum: no latency is longer (the pipeline's timeouts end well before). */
export const ALARM_LATENCY_MAX_MS = 600_000;

export const alarmGradeSchema = z.object({
  name: requiredText(32),
  colour: z.string({ error: 'validation.required' }).regex(/^#[0-9a-fA-F]{6}$/, 'validation.format'),
  min: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.format')
    .max(ALARM_LATENCY_MAX_MS, 'validation.format'),
  max: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(1, 'validation.format')
    .max(ALARM_LATENCY_MAX_MS, 'validation.format'),
});
export type AlarmGrade = z.infer<typeof alarmGradeSchema>;

const intIn = (min: number, max: number) =>
  z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(min, 'validation.format')
    .max(max, 'validation.format');

/** PUT /v1/push-alarms/settings (spec: alert grading rules of section 5). */
export const alarmSettingsBody = z.object({
  monitorMinutes: intIn(1, 60),
  consecutive: intIn(1, 20),
  thresholdMs: intIn(1, ALARM_LATENCY_MAX_MS),
  notifyHours: intIn(1, 24),
  /**
   * A muted device's alarm is unmuted when its latency alarms go on this long (hours; 0: never),
   * each within the monitoring window of the one before (spec: "mute lifts ... on sustained
   * latency"). Optional: a body without it keeps the account's setting.
   */
  liftMuteHours: intIn(0, 24).optional(),
  grades: z
    .array(alarmGradeSchema, { error: 'validation.format' })
    .min(ALARM_GRADES_MIN, 'validation.gradeCount')
    .max(ALARM_GRADES_MAX, 'validation.gradeCount')
    .superRefine((grades, ctx) => {
      grades.forEach((g, i) => {
        if (g.min >= g.max) ctx.addIssue({ code: 'custom', message: 'validation.gradeMinMax', path: [i, 'max'] });
        const next = grades[i + 1];
        if (next && next.min !== g.max)
          ctx.addIssue({ code: 'custom', message: 'validation.gradeContiguous', path: [i + 1, 'min'] });
      });
    }),
});
export type AlarmSettingsBody = z.infer<typeof alarmSettingsBody>;

export const DEFAULT_ALARM_SETTINGS: AlarmSettingsBody & { liftMuteHours: number } = {
  monitorMinutes: 5,
  consecutive: 3,
  thresholdMs: 800,
  notifyHours: 1,
  liftMuteHours: 2,
  grades: [
    { name: 'Normal', colour: '#52c41a', min: 0, max: 800 },
    { name: 'Slow', colour: '#faad14', min: 800, max: 2000 },
    { name: 'Severe', colour: '#f5222d', min: 2000, max: ALARM_LATENCY_MAX_MS },
  ],
};

/** GET /v1/push-alarms/settings */
export const alarmSettingsSchema = alarmSettingsBody.extend({
  liftMuteHours: intIn(0, 24),
  /** null: the defaults, never changed */
  updatedAt: z.string().nullable(),
});
export type AlarmSettings = z.infer<typeof alarmSettingsSchema>;

/** GET /v1/push-alarms: the last 7 days. */
export const pushAlarmListQuery = pageQuerySchema
  .extend({
    sn: z.string().trim().max(64, 'validation.maxLength').optional(),
    muted: queryFlag,
    accountId: queryId,
    from: dateTimeFilter,
    to: dateTimeFilter,
    ...sortParams(['lastAlarmAt', 'firstAlarmAt', 'latencyMs', 'count']),
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type PushAlarmListQuery = z.infer<typeof pushAlarmListQuery>;

export const pushAlarmSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  deviceId: z.number().int(),
  sn: z.string(),
  deviceName: z.string().nullable(),
  firstAlarmAt: z.string(),
  lastAlarmAt: z.string(),
  /** the slowest push of the row's alarms, and the threshold of the latest */
  latencyMs: z.number().int(),
  thresholdMs: z.number().int(),
  /** alarms folded into this row (one per streak of slow pushes) */
  count: z.number().int(),
  /** the device's alarm is muted now (until mutedUntil), by whom and when */
  muted: z.boolean(),
  mutedUntil: z.string().nullable(),
  mutedBy: z.string().nullable(),
  mutedAt: z.string().nullable(),
});
export type PushAlarm = z.infer<typeof pushAlarmSchema>;

/** POST /v1/push-alarms/mute: mute (hours, at most 24) or unmute the alarms of the chosen rows' devices. */
export const pushAlarmMuteBody = z.object({
  ids: bigIdsField,
  muted: z.boolean({ error: 'validation.format' }),
  hours: intIn(1, ALARM_MUTE_MAX_HOURS).default(ALARM_MUTE_MAX_HOURS),
});
export type PushAlarmMuteBody = z.infer<typeof pushAlarmMuteBody>;
