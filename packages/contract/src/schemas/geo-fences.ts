import { z } from 'zod';
import { jsonId, pageQuerySchema } from '../envelope';
import { dateRangeCheck, dateTimeFilter, greaterThanZeroSchema, optionalText, requiredText } from '../validation';
import { positionSchema } from './locations';
import { queryFlag, queryId, sortParams } from './fleet-fields';

/**
 * Geofences (screen /geo-fence/list; spec: "Geofence: id, name, radius, monitored device count,
 * alarm device count, devices"; "enabled or disabled; a disabled fence sends no entry or exit alarm
 * messages"; "Fence radius must be greater than 0"; "The fence device list shows only devices the
 * user may see").
 *
 * A fence is a circle (centre and radius in metres) watching chosen devices of its account. Each
 * position of a watched device is checked against it: crossing the edge is an entry or exit
 * event, kept 7 days, and a 'fence' alert message to the account's receivers while the fence is
 * enabled. The alarm device count is the watched devices now outside.
 */
export const FENCE_RADIUS_MAX_M = 100_000;
export const FENCE_DEVICES_MAX = 500;
export const FENCE_EVENT_RETENTION_DAYS = 7;
export const FENCE_EVENT_KINDS = ['enter', 'exit'] as const;
export type FenceEventKind = (typeof FENCE_EVENT_KINDS)[number];

const coordinate = (limit: number) =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? 'validation.required' : 'validation.number') })
    .min(-limit, 'validation.format')
    .max(limit, 'validation.format');

const watchedIds = z
  .array(jsonId, { error: 'validation.format' })
  .max(FENCE_DEVICES_MAX, 'validation.maxLength')
  .transform((ids) => [...new Set(ids)]);

const fenceFields = {
  name: requiredText(64),
  description: optionalText(255),
  lat: coordinate(90),
  lng: coordinate(180),
  /** metres */
  radius: greaterThanZeroSchema.pipe(z.number().max(FENCE_RADIUS_MAX_M, 'validation.format')),
  enabled: z.boolean({ error: 'validation.format' }).default(true),
  /** the watched devices: the account's own, not deleted */
  deviceIds: watchedIds.default([]),
};

/** POST /v1/geo-fences */
export const createFenceBody = z.object(fenceFields);
export type CreateFenceBody = z.infer<typeof createFenceBody>;
/** PUT /v1/geo-fences/:id: the fields given change (deviceIds replaces the watched devices). */
export const updateFenceBody = z.object({
  name: fenceFields.name.optional(),
  description: fenceFields.description,
  lat: fenceFields.lat.optional(),
  lng: fenceFields.lng.optional(),
  radius: fenceFields.radius.optional(),
  enabled: z.boolean({ error: 'validation.format' }).optional(),
  // no default here: absent leaves the watched devices as they are
  deviceIds: watchedIds.optional(),
});
export type UpdateFenceBody = z.infer<typeof updateFenceBody>;

/** POST /v1/geo-fences/:id/status */
export const fenceStatusBody = z.object({ enabled: z.boolean({ error: 'validation.format' }) });

/**
 * GET /v1/geo-fences/device-options: the account's devices to choose for a fence, by S/N or name
 * (the spec: "The fence device list shows only devices the user may see"), for fence editors who
 * may not hold the device list.
 */
export const FENCE_DEVICE_OPTIONS_MAX = 20;
export const fenceDeviceOptionsQuery = z.object({
  keyword: z.string().trim().max(64, 'validation.maxLength').optional(),
});
export const fenceDeviceOptionSchema = z.object({ id: z.number().int(), sn: z.string(), name: z.string().nullable() });
export type FenceDeviceOption = z.infer<typeof fenceDeviceOptionSchema>;

/** GET /v1/geo-fences */
export const fenceListQuery = pageQuerySchema.extend({
  /** operators: one account's fences (absent: every account's); an account user's own is implied */
  accountId: queryId,
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  enabled: queryFlag,
  ...sortParams(['name', 'radius', 'deviceCount', 'alarmCount', 'createdAt']),
});
export type FenceListQuery = z.infer<typeof fenceListQuery>;

export const fenceSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number(),
  enabled: z.boolean(),
  /** watched devices */
  deviceCount: z.number().int(),
  /** watched devices now outside the fence */
  alarmCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Fence = z.infer<typeof fenceSchema>;

export const fenceDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string().nullable(),
  online: z.boolean(),
  position: positionSchema.nullable(),
  /** null until the device's first position after it joined the fence */
  inside: z.boolean().nullable(),
  /** when it last crossed the edge (or was first placed) */
  since: z.string().nullable(),
  /** from the fence's centre, metres; null without a position */
  distanceM: z.number().nullable(),
});
export type FenceDevice = z.infer<typeof fenceDeviceSchema>;

/** GET /v1/geo-fences/:id */
export const fenceDetailSchema = fenceSchema.extend({ devices: z.array(fenceDeviceSchema) });
export type FenceDetail = z.infer<typeof fenceDetailSchema>;

/** GET /v1/geo-fences/events: entries and exits of the last 7 days. */
export const fenceEventQuery = pageQuerySchema
  .extend({
    accountId: queryId,
    fenceId: queryId,
    sn: z.string().trim().max(64, 'validation.maxLength').optional(),
    kind: z.enum(FENCE_EVENT_KINDS, { error: 'validation.invalidOption' }).optional(),
    from: dateTimeFilter,
    to: dateTimeFilter,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type FenceEventQuery = z.infer<typeof fenceEventQuery>;

export const fenceEventSchema = z.object({
  id: z.number().int(),
  fenceId: z.number().int(),
  fenceName: z.string(),
  deviceId: z.number().int(),
  sn: z.string(),
  deviceName: z.string().nullable(),
  kind: z.enum(FENCE_EVENT_KINDS),
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
  /** an alert message went out (false: the fence or the account's 'fence' alerts were off) */
  alerted: z.boolean(),
});
export type FenceEvent = z.infer<typeof fenceEventSchema>;
