import { z } from 'zod';
import { optionalQueryInt } from '../validation';
import { queryId } from './fleet-fields';

/** The dashboard's series cover the last 7 days (today included), on the viewer's clock, unless a range is chosen. */
export const DASHBOARD_DAYS = 7;
/** The periods the dashboard offers: today, or the last 7 or 30 days (today included). */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
/** Rows of a ranking. */
export const DASHBOARD_RANK_SIZE = 10;
/** Models shown by name in the distribution; the rest are summed as "others". */
export const DASHBOARD_MODELS = 8;
/** Job counts are kept per quarter hour, so a day can be cut on any time zone's clock. */
export const JOB_STATS_BUCKET_MINUTES = 15;

/**
 * GET /v1/dashboard/*: operators see the whole platform, or one account when they name it; account
 * users their own account. `utcOffset` (minutes east of UTC, the browser's) cuts the days.
 */
export const dashboardQuery = z.object({
  accountId: queryId,
  utcOffset: optionalQueryInt(-840, 840),
  /** the period of the series, rankings and job figures; 7 days when absent */
  range: z.enum(DASHBOARD_RANGES, { error: 'validation.invalidOption' }).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const n = z.number().int();
const jobCounts = { requested: n, success: n, failed: n };

/** GET /v1/dashboard/queryTotalStat */
export const totalStatSchema = z.object({
  devices: z.object({ total: n, activated: n, online: n }),
  /** the platform's accounts: operators looking at the whole platform only */
  accounts: z.object({ total: n, enabled: n }).nullable(),
  /** jobs requested today (viewer's clock); success and failed count those of them already finished */
  today: z.object(jobCounts),
  /** the same over the chosen range (today's when the range is today) */
  period: z.object(jobCounts),
});
export type TotalStat = z.infer<typeof totalStatSchema>;

/** One day of jobs, by kind and by outcome (failed includes timeouts). `day` is YYYY-MM-DD on the viewer's clock. */
export const businessDaySchema = z.object({ day: z.string(), print: n, speak: n, trade: n, success: n, failed: n });
/** GET /v1/dashboard/queryBusinessStat: every day of the window, oldest first, zeros included. */
export const businessStatSchema = z.object({ days: z.array(businessDaySchema) });
export type BusinessStat = z.infer<typeof businessStatSchema>;

/**
 * GET /v1/dashboard/queryDevicePhysicalStat: live devices (deleted ones are not counted). The four
 * states add up to the total; paused, muted and not activated are counted across them.
 */
export const devicePhysicalStatSchema = z.object({
  online: n,
  offline: n,
  disabled: n,
  notEnabled: n,
  paused: n,
  muted: n,
  notActivated: n,
});
export type DevicePhysicalStat = z.infer<typeof devicePhysicalStatSchema>;

/**
 * One day of the fleet's sessions: devices that connected, connections made, devices added and
 * devices activated.
 */
export const sessionDaySchema = z.object({ day: z.string(), connected: n, sessions: n, added: n, activated: n });
/** GET /v1/dashboard/queryDeviceSessionStat */
export const deviceSessionStatSchema = z.object({ days: z.array(sessionDaySchema) });
export type DeviceSessionStat = z.infer<typeof deviceSessionStatSchema>;

/** GET /v1/dashboard/queryModelStat: live devices per model, the largest first, the rest in `others`. */
export const modelStatSchema = z.object({
  models: z.array(z.object({ modelId: n, name: z.string(), code: z.string(), count: n })),
  others: n,
});
export type ModelStat = z.infer<typeof modelStatSchema>;

/**
 * GET /v1/dashboard/queryAccountStat: the rankings by jobs requested over the window. `accounts`
 * for operators who may see the account list, looking at the whole platform; `devices` for
 * whoever may see the device list, within one account or (operators) across the platform, each
 * with its account's name. Null when not shown to this caller.
 */
export const accountStatSchema = z.object({
  accounts: z.array(z.object({ accountId: n, name: z.string(), devices: n, ...jobCounts })).nullable(),
  devices: z
    .array(
      z.object({ deviceId: n, sn: z.string(), name: z.string().nullable(), accountName: z.string(), ...jobCounts }),
    )
    .nullable(),
});
export type AccountStat = z.infer<typeof accountStatSchema>;
