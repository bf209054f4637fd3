import { z } from 'zod';
import { bigPathId, pageQuerySchema, pathId } from '../envelope';
import {
  EFFECTIVE_TIME_MIN_LEAD_MS,
  EXECUTION_REASONS,
  EXECUTION_STATES,
  OTA_ABORT_KINDS,
  OTA_HALTS,
  OTA_PACE_MAX,
  OTA_PHASE_WAITS,
  OTA_PHASES_MAX,
  OTA_SOAK_MINUTES_MAX,
  OTA_RETRIES_MAX,
  OTA_TASK_SCOPES,
  OTA_TASK_STATUSES,
  OTA_TASK_TYPES,
  OTA_TIMEOUT_MINUTES_MAX,
  SCHEDULE_STATES,
  TASK_CREATION_STATUSES,
  TASK_SCOPES,
  TASK_SCOPE_MAX_ITEMS,
} from '../ota';
import { SN_RE } from '../device/protocol';
import { SPEAK_LANGUAGES } from '../pipeline';
import { optionalText, requiredText } from '../validation';
import { bodyId, emptyAsAny, queryId, sortParams } from './fleet-fields';
import { optionalVersion } from './packages';

/**
 * Upgrade (OTA) tasks, `/v1/ota-tasks`. A task targets a scope of one account's devices; operators
 * name the account (`accountId`, else 'Please select an application or account first').
 */

/** Scope fields, shared with push tasks. Group and S/N are exclusive (spec); the check is `scopeCheck`. */
export const scopeFields = {
  scope: z.enum(TASK_SCOPES, { error: 'validation.invalidOption' }),
  /** scope 'devices': device ids */
  deviceIds: z.array(bodyId).max(TASK_SCOPE_MAX_ITEMS, 'validation.maxLength').optional(),
  /** scope 'group': group ids */
  groupIds: z.array(bodyId).max(100, 'validation.maxLength').optional(),
  /** scope 'sn': S/N list (pasted or imported) */
  sns: z
    .array(z.string().trim().regex(SN_RE, 'error.snInvalid'))
    .max(TASK_SCOPE_MAX_ITEMS, 'validation.maxLength')
    .optional(),
};
type ScopeShape = { scope?: string; deviceIds?: number[]; groupIds?: number[]; sns?: string[] };

/** The scope's own list must be non-empty; group and S/N may not both be given ('error.scopeExclusive'). */
export function scopeCheck(v: ScopeShape, ctx: z.RefinementCtx) {
  if (v.groupIds?.length && v.sns?.length) {
    ctx.addIssue({ code: 'custom', message: 'error.scopeExclusive', path: ['sns'] });
    return;
  }
  const need = { devices: 'deviceIds', group: 'groupIds', sn: 'sns' } as const;
  const key = need[v.scope as keyof typeof need];
  if (key && !v[key]?.length) ctx.addIssue({ code: 'custom', message: 'validation.selectOne', path: [key] });
}

/** Effective time: ISO date-time more than five minutes ahead, or absent for "now". */
export const effectiveTimeField = z
  .string()
  .trim()
  .max(40, 'validation.maxLength')
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'validation.format')
  .refine((v) => v === '' || Date.parse(v) > Date.now() + EFFECTIVE_TIME_MIN_LEAD_MS, 'validation.triggerTime')
  .optional();

const percentField = (min: number) =>
  z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(min, 'validation.positiveInteger')
    .max(100, 'validation.maxLength');

/**
 * One phase of a rollout: its share of the task's queued devices (in device order) or one of the
 * account's cohorts (the scope's devices in it; a cohort as the first phase is the canary), how
 * long it soaks after it started before it may be promoted, the success rate it must reach, and
 * whether a person approves its start (after the previous phase met its own conditions).
 */
export const otaPhaseSchema = z.object({
  /** share of the devices no cohort phase took; 0 for a cohort phase */
  percent: percentField(0).default(0),
  cohortId: bodyId.nullable().optional(),
  soakMinutes: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.positiveInteger')
    .max(OTA_SOAK_MINUTES_MAX, 'validation.maxLength')
    .default(0),
  /** succeeded / devices of the phase, in percent */
  successThreshold: percentField(0).default(95),
  approval: z.boolean().default(false),
});
export type OtaPhase = z.infer<typeof otaPhaseSchema>;

/** Abort when `kind` reaches `percent` of the finished executions, once at least `minFinished` finished. */
export const otaAbortCriterionSchema = z.object({
  kind: z.enum(OTA_ABORT_KINDS, { error: 'validation.invalidOption' }),
  percent: percentField(1),
  minFinished: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(1, 'validation.positiveInteger')
    .max(TASK_SCOPE_MAX_ITEMS, 'validation.maxLength')
    .default(10),
});
export type OtaAbortCriterion = z.infer<typeof otaAbortCriterionSchema>;

/**
 * Quiet hours, the other way round: offers only from `from` to `to` (HH:MM, 24 h) in each
 * device's own time zone (from its position when known, else its account's); a window may wrap
 * midnight (22:00–06:00). A device already downloading when the window closes finishes.
 */
export const otaOfferWindowSchema = z.object({
  from: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.format'),
  to: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.format'),
});
export type OtaOfferWindow = z.infer<typeof otaOfferWindowSchema>;

/**
 * A phase is a cohort or a share, not both ('error.phaseCohortOrPercent'); the shares add up to
 * 100 ('error.phasesSum') unless every phase is a cohort; none given: one phase of everything.
 */
function phasesCheck(v: { phases?: OtaPhase[] }, ctx: z.RefinementCtx) {
  if (!v.phases?.length) return;
  v.phases.forEach((p, i) => {
    if (!p.cohortId === !p.percent)
      ctx.addIssue({ code: 'custom', message: 'error.phaseCohortOrPercent', path: ['phases', i, 'percent'] });
  });
  const shares = v.phases.filter((p) => !p.cohortId);
  const sum = shares.reduce((a, p) => a + p.percent, 0);
  if (shares.length && sum !== 100) ctx.addIssue({ code: 'custom', message: 'error.phasesSum', path: ['phases'] });
}

/** A cohort scope names its cohort. */
function cohortScopeCheck(v: { scope?: string; cohortId?: number }, ctx: z.RefinementCtx) {
  if (v.scope === 'cohort' && !v.cohortId)
    ctx.addIssue({ code: 'custom', message: 'validation.selectOne', path: ['cohortId'] });
}

const otaTaskFields = {
  name: requiredText(64),
  /** operators: whose devices (required on the operator side) */
  accountId: bodyId.optional(),
  type: z.union(
    OTA_TASK_TYPES.map((t) => z.literal(t)),
    { error: 'validation.invalidOption' },
  ),
  /** type 0: a firmware package id; type 1: a resource (language) package id */
  packageId: bodyId,
  /** only devices now on this version are upgraded (optional; split packages imply their base version) */
  fromVersion: optionalVersion,
  /** type 1: the language (defaults to the package's) */
  language: emptyAsAny(z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' })),
  ...scopeFields,
  scope: z.enum(OTA_TASK_SCOPES, { error: 'validation.invalidOption' }),
  /** scope 'cohort': its members when the task is created */
  cohortId: bodyId.optional(),
  effectiveTime: effectiveTimeField,
  retries: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.positiveInteger')
    .max(OTA_RETRIES_MAX, 'validation.maxLength')
    .default(2),
  timeoutMinutes: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .positive('validation.positiveInteger')
    .max(OTA_TIMEOUT_MINUTES_MAX, 'validation.maxLength')
    .default(30),
  /** devices offered per minute; 0 = no limit */
  pace: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.positiveInteger')
    .max(OTA_PACE_MAX, 'validation.maxLength')
    .default(0),
  remark: optionalText(500),
  /** a phased rollout (empty or absent: every device at once, as before) */
  phases: z.array(otaPhaseSchema).max(OTA_PHASES_MAX, 'validation.maxLength').optional(),
  abortCriteria: z.array(otaAbortCriterionSchema).max(OTA_ABORT_KINDS.length, 'validation.maxLength').optional(),
  /** offer only inside this daily window, in each device's time zone (absent: any time) */
  offerWindow: otaOfferWindowSchema.nullable().optional(),
};

/** POST /v1/ota-tasks */
export const createOtaTaskBody = z
  .object(otaTaskFields)
  .superRefine(scopeCheck)
  .superRefine(cohortScopeCheck)
  .superRefine(phasesCheck);
export type CreateOtaTaskBody = z.infer<typeof createOtaTaskBody>;

/**
 * PUT /v1/ota-tasks/:id — only before it starts (creation status 1): name, effective time,
 * retries, timeout, pace, remark. Scope and package are fixed once devices were evaluated.
 */
export const updateOtaTaskBody = z.object({
  name: otaTaskFields.name.optional(),
  effectiveTime: effectiveTimeField,
  retries: otaTaskFields.retries.optional(),
  timeoutMinutes: otaTaskFields.timeoutMinutes.optional(),
  pace: otaTaskFields.pace.optional(),
  remark: otaTaskFields.remark,
});
export type UpdateOtaTaskBody = z.infer<typeof updateOtaTaskBody>;

/** GET /v1/ota-tasks */
export const otaTaskListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  type: emptyAsAny(
    z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' })),
  ),
  status: emptyAsAny(
    z.coerce
      .number()
      .int('validation.invalidOption')
      .min(1, 'validation.invalidOption')
      .max(OTA_TASK_STATUSES.length, 'validation.invalidOption'),
  ),
  schedule: emptyAsAny(z.enum(SCHEDULE_STATES, { error: 'validation.invalidOption' })),
  accountId: queryId,
  ...sortParams(['id', 'effectiveAt', 'createdAt']),
});
export type OtaTaskListQuery = z.infer<typeof otaTaskListQuery>;

export const executionCountsSchema = z.object(
  Object.fromEntries(EXECUTION_STATES.map((s) => [s, z.number().int()])) as Record<
    (typeof EXECUTION_STATES)[number],
    z.ZodNumber
  >,
);
export type ExecutionCounts = z.infer<typeof executionCountsSchema>;

/**
 * Why a task halted: a criterion that was crossed (its kind and threshold, and the counts that
 * crossed it), or a person (by: 'user').
 */
export const otaHaltReasonSchema = z.object({
  by: z.enum(['criterion', 'user']),
  kind: z.enum(OTA_ABORT_KINDS).optional(),
  percent: z.number().int().optional(),
  minFinished: z.number().int().optional(),
  /** executions of that kind, and finished executions, when it was crossed */
  count: z.number().int().optional(),
  finished: z.number().int().optional(),
  at: z.string(),
});
export type OtaHaltReason = z.infer<typeof otaHaltReasonSchema>;

export const otaTaskListItemSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  packageId: z.number().int(),
  packageName: z.string().nullable(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  language: z.string().nullable(),
  scope: z.enum(OTA_TASK_SCOPES),
  /** scope 'cohort': the cohort whose members it took */
  cohortId: z.number().int().nullable(),
  effectiveAt: z.string(),
  retries: z.number().int(),
  timeoutMinutes: z.number().int(),
  pace: z.number().int(),
  creationStatus: z.union(TASK_CREATION_STATUSES.map((s) => z.literal(s))),
  status: z.union(OTA_TASK_STATUSES.map((s) => z.literal(s))),
  schedule: z.enum(SCHEDULE_STATES),
  /** creation outcome: 'noDevices' (none meet the conditions), 'someFailed' (some could not be added) */
  creationNote: z.enum(['noDevices', 'someFailed']).nullable(),
  counts: executionCountsSchema,
  total: z.number().int(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OtaTaskListItem = z.infer<typeof otaTaskListItemSchema>;

export const otaTaskSchema = otaTaskListItemSchema.extend({
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  sns: z.array(z.string()),
  remark: z.string().nullable(),
  /** when the task gives up on devices that never came online */
  expireAt: z.string(),
  phases: z.array(otaPhaseSchema),
  abortCriteria: z.array(otaAbortCriterionSchema),
  offerWindow: otaOfferWindowSchema.nullable(),
  /** index of the phase now offered (phases before it were promoted) */
  currentPhase: z.number().int(),
  /** why offers stopped, null while running */
  halt: z.enum(OTA_HALTS).nullable(),
  haltReason: otaHaltReasonSchema.nullable(),
});
export type OtaTask = z.infer<typeof otaTaskSchema>;

/** The alert address's event for an upgrade task its abort criteria stopped (kind 'otaAborted'). */
export const OTA_ABORT_WEBHOOK_EVENT = 'otaTaskAborted';
export const otaAbortWebhookBodySchema = z.object({
  event: z.literal(OTA_ABORT_WEBHOOK_EVENT),
  taskId: z.number().int(),
  name: z.string(),
  reason: otaHaltReasonSchema,
  /** the alert in English */
  title: z.string(),
  at: z.string(),
});
export type OtaAbortWebhookBody = z.infer<typeof otaAbortWebhookBodySchema>;

/** GET /v1/ota-tasks/:id/phases — each phase's counts and what it waits for. */
export const otaPhaseViewSchema = otaPhaseSchema.extend({
  index: z.number().int(),
  /** started (offers may go out), promoted (the next one started) */
  state: z.enum(['waiting', 'running', 'promoted']),
  counts: executionCountsSchema,
  total: z.number().int(),
  /** succeeded / total, in percent (0 with no devices) */
  successRate: z.number(),
  startedAt: z.string().nullable(),
  soakEndsAt: z.string().nullable(),
  /** what the running phase still waits for before its promotion (empty: the next tick promotes it) */
  waitingFor: z.array(z.enum(OTA_PHASE_WAITS)),
});
export type OtaPhaseView = z.infer<typeof otaPhaseViewSchema>;
export const otaPhasesSchema = z.object({
  phases: z.array(otaPhaseViewSchema),
  currentPhase: z.number().int(),
  halt: z.enum(OTA_HALTS).nullable(),
  haltReason: otaHaltReasonSchema.nullable(),
});
export type OtaPhasesView = z.infer<typeof otaPhasesSchema>;

/** GET /v1/ota-tasks/:id/progress — counts now and their course over time (for the chart). */
export const otaProgressSchema = z.object({
  counts: executionCountsSchema,
  total: z.number().int(),
  /** cumulative counts at each point in time (ms), oldest first */
  series: z.array(
    z.object({
      t: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      inProgress: z.number().int(),
      queued: z.number().int(),
    }),
  ),
});
export type OtaProgressView = z.infer<typeof otaProgressSchema>;

/** GET /v1/ota-tasks/:id/executions */
export const executionListQuery = pageQuerySchema.extend({
  state: emptyAsAny(z.enum(EXECUTION_STATES, { error: 'validation.invalidOption' })),
  sn: z.string().trim().max(32, 'validation.maxLength').optional(),
});
export type ExecutionListQuery = z.infer<typeof executionListQuery>;

export const executionSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  deviceId: z.number().int(),
  sn: z.string(),
  deviceName: z.string().nullable(),
  online: z.boolean(),
  state: z.enum(EXECUTION_STATES),
  reason: z.enum(EXECUTION_REASONS).nullable(),
  message: z.string().nullable(),
  /** the rollout phase the device belongs to (0 for a task without phases) */
  phase: z.number().int(),
  /** attempts started so far (1 = first offer) */
  attempt: z.number().int(),
  fromVersion: z.string().nullable(),
  /** downloading: percent */
  progress: z.number().int().nullable(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Execution = z.infer<typeof executionSchema>;

/** GET /v1/ota-tasks/:id/executions/:executionId — with its history. */
export const executionDetailSchema = executionSchema.extend({
  history: z.array(
    z.object({
      at: z.string(),
      attempt: z.number().int(),
      state: z.enum(EXECUTION_STATES),
      reason: z.enum(EXECUTION_REASONS).nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;
export const executionParamSchema = z.object({
  id: pathId,
  executionId: bigPathId,
});
