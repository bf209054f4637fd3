import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { OTA_COHORT_NAME_MAX, OTA_COHORT_SOURCES, TASK_SCOPE_MAX_ITEMS } from '../ota';
import { optionalText, requiredText } from '../validation';
import { deviceListQuery } from './devices';
import { bodyId, queryId } from './fleet-fields';

/**
 * Cohorts, `/v1/ota-cohorts`: named, reusable sets of one account's devices, used as an upgrade
 * task's scope or as one of its phases (a canary first). Members are device ids, fixed when the
 * cohort is saved: a filter or a spreadsheet is read once, not again each time the cohort is used.
 */

/** The device list's own filters (its paging, order and account aside). */
export const otaCohortFilterSchema = deviceListQuery.pick({
  sn: true,
  name: true,
  modelId: true,
  groupId: true,
  appId: true,
  manufacturerId: true,
  online: true,
  activated: true,
  status: true,
  paused: true,
  muted: true,
});
export type OtaCohortFilter = z.infer<typeof otaCohortFilterSchema>;

/** A spreadsheet (xlsx, xls or CSV, base64) whose first column holds S/Ns; a header row is skipped. */
export const otaCohortFileSchema = z.object({
  fileName: z.string().trim().max(255, 'validation.maxLength').optional(),
  content: z.string({ error: 'error.uploadFailed' }).min(1, 'error.uploadFailed'),
});

const membersFields = {
  source: z.enum(OTA_COHORT_SOURCES, { error: 'validation.invalidOption' }),
  /** source 'filter' */
  filter: otaCohortFilterSchema.optional(),
  /** source 'file' */
  file: otaCohortFileSchema.optional(),
  /** source 'manual' */
  deviceIds: z.array(bodyId).max(TASK_SCOPE_MAX_ITEMS, 'validation.maxLength').optional(),
};

/** The members' source names its own field: a filter, a file, or device ids. */
function sourceCheck(
  v: { source?: string; filter?: unknown; file?: unknown; deviceIds?: number[] },
  ctx: z.RefinementCtx,
) {
  if (v.source === 'filter' && !v.filter)
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['filter'] });
  if (v.source === 'file' && !v.file) ctx.addIssue({ code: 'custom', message: 'error.uploadFailed', path: ['file'] });
  if (v.source === 'manual' && !v.deviceIds?.length)
    ctx.addIssue({ code: 'custom', message: 'validation.selectOne', path: ['deviceIds'] });
}

/** POST /v1/ota-cohorts */
export const createOtaCohortBody = z
  .object({
    name: requiredText(OTA_COHORT_NAME_MAX),
    /** operators: whose devices */
    accountId: bodyId.optional(),
    remark: optionalText(500),
    ...membersFields,
  })
  .superRefine(sourceCheck);
export type CreateOtaCohortBody = z.infer<typeof createOtaCohortBody>;

/** PUT /v1/ota-cohorts/:id — rename, remark; with a source, the members are replaced. */
export const updateOtaCohortBody = z
  .object({
    name: requiredText(OTA_COHORT_NAME_MAX).optional(),
    remark: optionalText(500),
    ...membersFields,
    source: membersFields.source.optional(),
  })
  .superRefine(sourceCheck);
export type UpdateOtaCohortBody = z.infer<typeof updateOtaCohortBody>;

/** GET /v1/ota-cohorts */
export const otaCohortListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(OTA_COHORT_NAME_MAX, 'validation.maxLength').optional(),
  accountId: queryId,
});
export type OtaCohortListQuery = z.infer<typeof otaCohortListQuery>;

export const otaCohortSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  name: z.string(),
  remark: z.string().nullable(),
  source: z.enum(OTA_COHORT_SOURCES),
  /** source 'filter': the filter the members were read with */
  filter: z.record(z.string(), z.unknown()).nullable(),
  /** members (devices deleted since are no longer counted) */
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OtaCohort = z.infer<typeof otaCohortSchema>;

export const otaCohortMemberSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string().nullable(),
  modelId: z.number().int(),
  online: z.boolean(),
  firmwareVersion: z.string().nullable(),
});

/** GET /v1/ota-cohorts/:id — with its members; after a save from a file, the S/Ns not found. */
export const otaCohortDetailSchema = otaCohortSchema.extend({
  members: z.array(otaCohortMemberSchema),
  notFound: z.array(z.string()).optional(),
});
export type OtaCohortDetail = z.infer<typeof otaCohortDetailSchema>;
