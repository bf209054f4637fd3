import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { printParamsSchema } from '../device/protocol';
import { PUSH_MESSAGE_MAX, PUSH_RESULT_STATES, PUSH_TASK_STATUSES, PUSH_TTL_HOURS_MAX, PUSH_TYPES } from '../ota';
import { optionalText, requiredText } from '../validation';
import { bodyId, emptyAsAny, queryId, sortParams } from './fleet-fields';
import { effectiveTimeField, scopeCheck, scopeFields } from './ota-tasks';

/**
 * Push tasks, `/v1/push-tasks`: send print parameters, a message or a resource pack to a scope
 * of devices. Offline devices get it when they connect, until `ttlHours` after the start.
 */
const pushTaskFields = {
  name: requiredText(64),
  accountId: bodyId.optional(),
  type: z.enum(PUSH_TYPES, { error: 'validation.invalidOption' }),
  /** type 'config': the print parameters to set (any subset, at least one) */
  config: printParamsSchema.partial().optional(),
  /** type 'message' */
  message: z.string().trim().max(PUSH_MESSAGE_MAX, 'validation.maxLength').optional(),
  /** type 'resource': a resource package id */
  resourceId: bodyId.optional(),
  /** type 'logo': an uploaded startup logo (files, purpose 'logo') */
  logoFileId: bodyId.optional(),
  ...scopeFields,
  effectiveTime: effectiveTimeField,
  ttlHours: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .positive('validation.positiveInteger')
    .max(PUSH_TTL_HOURS_MAX, 'validation.maxLength')
    .default(24),
  remark: optionalText(500),
};

/** POST /v1/push-tasks */
export const createPushTaskBody = z
  .object(pushTaskFields)
  .superRefine(scopeCheck)
  .superRefine((v, ctx) => {
    if (v.type === 'config' && !Object.keys(v.config ?? {}).length)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['config'] });
    if (v.type === 'message' && !v.message)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['message'] });
    if (v.type === 'resource' && !v.resourceId)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['resourceId'] });
    if (v.type === 'logo' && !v.logoFileId)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['logoFileId'] });
  });
export type CreatePushTaskBody = z.infer<typeof createPushTaskBody>;

/** GET /v1/push-tasks */
export const pushTaskListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  type: emptyAsAny(z.enum(PUSH_TYPES, { error: 'validation.invalidOption' })),
  status: emptyAsAny(
    z.coerce
      .number()
      .int('validation.invalidOption')
      .min(1, 'validation.invalidOption')
      .max(PUSH_TASK_STATUSES.length, 'validation.invalidOption'),
  ),
  accountId: queryId,
  ...sortParams(['id', 'effectiveAt', 'expireAt', 'createdAt']),
});
export type PushTaskListQuery = z.infer<typeof pushTaskListQuery>;

export const pushCountsSchema = z.object(
  Object.fromEntries(PUSH_RESULT_STATES.map((s) => [s, z.number().int()])) as Record<
    (typeof PUSH_RESULT_STATES)[number],
    z.ZodNumber
  >,
);

export const pushTaskListItemSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  name: z.string(),
  type: z.enum(PUSH_TYPES),
  scope: z.enum(['all', 'devices', 'group', 'sn']),
  status: z.union(PUSH_TASK_STATUSES.map((s) => z.literal(s))),
  effectiveAt: z.string(),
  expireAt: z.string(),
  counts: pushCountsSchema,
  total: z.number().int(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type PushTaskListItem = z.infer<typeof pushTaskListItemSchema>;

export const pushTaskSchema = pushTaskListItemSchema.extend({
  config: z.record(z.string(), z.unknown()).nullable(),
  message: z.string().nullable(),
  resourceId: z.number().int().nullable(),
  resourceName: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  /** type 'logo': the logo's file name and size (its picture: GET /v1/push-tasks/:id/logo) */
  logo: z.object({ name: z.string(), size: z.number().int() }).nullable(),
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  sns: z.array(z.string()),
  ttlHours: z.number().int(),
  remark: z.string().nullable(),
});
export type PushTask = z.infer<typeof pushTaskSchema>;

/** GET /v1/push-tasks/:id/results */
export const pushResultListQuery = pageQuerySchema.extend({
  state: emptyAsAny(z.enum(PUSH_RESULT_STATES, { error: 'validation.invalidOption' })),
  sn: z.string().trim().max(32, 'validation.maxLength').optional(),
});
export const pushResultSchema = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  deviceName: z.string().nullable(),
  state: z.enum(PUSH_RESULT_STATES),
  /** the device's ack code (ok, unsupported, invalid, busy, expired, failed) */
  ackCode: z.string().nullable(),
  message: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

/**
 * POST /v1/push-tasks answer: the task, plus the named devices that could not be included
 * (unknown S/N or id, disabled) and, when there are any, the localized notice "Some devices
 * failed task creation" for the console to show.
 */
export const pushTaskCreatedSchema = pushTaskSchema.extend({
  failed: z.array(z.string()),
  notice: z.string().nullable(),
});
export type PushTaskCreated = z.infer<typeof pushTaskCreatedSchema>;
