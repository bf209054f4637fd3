import { z } from 'zod';
import { pageQuerySchema, sortOrderSchema } from '../envelope';
import { CURRENCIES, JOB_KINDS, PAYMENT_TYPES, SPEAK_LANGUAGES } from '../pipeline';
import { dateRangeCheck, dateTimeFilter, optionalQueryInt } from '../validation';
import { emptyAsAny, queryBigId, queryId } from './fleet-fields';
import { webhookDeliverySchema } from './webhooks';

/**
 * Record lists (`/v1/records/*`). Account users see their own account's records; operators see every
 * account, may filter by `accountId`, and get `accountName`. `from`/`to` bound the request time
 * (created/published time for general and publish records); start after end is 'validation.range'.
 * Records are kept RETENTION_DAYS (90) days. Default order: newest first; `sortField=latency` sorts by
 * request → device ack latency (duration for general records).
 */
const text = (max: number) => emptyAsAny(z.string().trim().max(max, 'validation.maxLength'));
const timeFilters = { from: dateTimeFilter, to: dateTimeFilter, accountId: queryId };
const sortOrder = emptyAsAny(sortOrderSchema);
const jobSort = emptyAsAny(z.enum(['requestedAt', 'latency'], { error: 'validation.invalidOption' }));
const jobStatus = optionalQueryInt(0, 5);

/** GET /v1/records/print (herald.stat.print.rec) */
export const printRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    sn: text(32),
    msgId: text(64),
    /** the spec's "system id" */
    orderId: text(64),
    templateId: queryId,
    status: jobStatus,
    sortField: jobSort,
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type PrintRecordQuery = z.infer<typeof printRecordQuery>;

/** GET /v1/records/broadcast (herald.stat.broadcast.rec) */
export const broadcastRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    sn: text(32),
    msgId: text(64),
    orderId: text(64),
    status: jobStatus,
    sortField: jobSort,
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type BroadcastRecordQuery = z.infer<typeof broadcastRecordQuery>;

/** GET /v1/records/trade (herald.stat.speak.rec) */
export const tradeRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    sn: text(32),
    /** reference number */
    orderId: text(64),
    paymentType: emptyAsAny(z.enum(PAYMENT_TYPES, { error: 'validation.invalidOption' })),
    currency: emptyAsAny(z.enum(CURRENCIES, { error: 'validation.invalidOption' })),
    language: emptyAsAny(z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' })),
    status: jobStatus,
    sortField: jobSort,
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type TradeRecordQuery = z.infer<typeof tradeRecordQuery>;

/** GET /v1/records/delivery (herald.message.delivery.rec) — jobs of every kind. */
export const deliveryRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    sn: text(32),
    msgId: text(64),
    kind: emptyAsAny(z.enum(JOB_KINDS, { error: 'validation.invalidOption' })),
    status: jobStatus,
    sortField: jobSort,
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type DeliveryRecordQuery = z.infer<typeof deliveryRecordQuery>;

/** GET /v1/records/general (herald.stat.custom.rec) — open API calls. */
export const generalRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    /** 0 failed, 1 success, 2 processing */
    result: optionalQueryInt(0, 2),
    /** part of the path, e.g. `print` */
    path: text(128),
    orderId: text(64),
    sn: text(32),
    sortField: emptyAsAny(z.enum(['createdAt', 'latency'], { error: 'validation.invalidOption' })),
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type GeneralRecordQuery = z.infer<typeof generalRecordQuery>;

/** GET /v1/records/publish (herald.message.publish.rec) — one row per MQTT publish of a job. */
export const publishRecordQuery = pageQuerySchema
  .extend({
    ...timeFilters,
    sn: text(32),
    msgId: text(64),
    jobId: queryBigId,
    /** 0 not pushed, 1 pushed, 2 push succeeded */
    status: optionalQueryInt(0, 2),
    sortField: emptyAsAny(z.enum(['publishedAt', 'latency'], { error: 'validation.invalidOption' })),
    sortOrder,
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type PublishRecordQuery = z.infer<typeof publishRecordQuery>;

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

/** Columns every job record has. Times are ISO 8601. */
export const jobRecordBase = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  /** filled for operators (null for account users) */
  accountName: nullableString,
  kind: z.enum(JOB_KINDS),
  source: z.string(),
  sn: z.string(),
  msgId: z.string(),
  /** the spec's system id / reference no. */
  orderId: nullableString,
  businessId: nullableInt,
  /** JobStatus: 0 not pushed, 1 pushed, 2 push succeeded, 3 success, 4 failed, 5 timeout */
  status: z.number().int(),
  /** failure reason (status 4/5) */
  reason: nullableString,
  requestedAt: z.string(),
  expireAt: z.string(),
  pushedAt: nullableString,
  pushCount: z.number().int(),
  ackedAt: nullableString,
  /** request → device ack, ms */
  ackLatencyMs: nullableInt,
  finishedAt: nullableString,
  /** the job this one sent again (the console's reprint), else null */
  reprintOf: nullableInt,
});
export type JobRecordBase = z.infer<typeof jobRecordBase>;

export const printRecordSchema = jobRecordBase.extend({
  templateId: nullableInt,
  templateName: nullableString,
  copies: z.number().int(),
  /** finishedAt when the job succeeded (status 3), else null */
  printedAt: nullableString,
});
export type PrintRecord = z.infer<typeof printRecordSchema>;

export const broadcastRecordSchema = jobRecordBase.extend({
  /** the spoken text, or the clip ids joined with ', ' */
  content: nullableString,
  text: nullableString,
  clips: z.array(z.string()).nullable(),
});
export type BroadcastRecord = z.infer<typeof broadcastRecordSchema>;

export const tradeRecordSchema = jobRecordBase.extend({
  amount: nullableString,
  currency: nullableString,
  paymentType: nullableString,
  language: nullableString,
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

/** Delivery records: the job's delivery timing (every kind). */
export const deliveryRecordSchema = jobRecordBase;
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const publishRecordSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  accountId: z.number().int(),
  accountName: nullableString,
  sn: z.string(),
  topic: z.string(),
  msgId: z.string(),
  qos: z.number().int(),
  /** 0 not pushed, 1 pushed, 2 push succeeded */
  status: z.number().int(),
  bytes: z.number().int(),
  /** when the publish was made (status 0: tried) */
  publishedAt: z.string(),
  ackedAt: nullableString,
  latencyMs: nullableInt,
  /** status 0: why the gateway did not take it ('queueFull', 'brokerError'); the job stays queued */
  reason: nullableString,
});
export type PublishRecord = z.infer<typeof publishRecordSchema>;

export const TIMELINE_STEPS = ['requested', 'pushed', 'acked', 'finished'] as const;
/** One step of a job's life; steps not reached yet have `at` null. */
export const timelineStepSchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  at: nullableString,
  /** acked: request → ack; finished: request → finish (ms) */
  latencyMs: nullableInt,
  /** finished: the final status */
  status: nullableInt,
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** What every job detail adds to its list item. */
const jobDetailExtra = {
  timeline: z.array(timelineStepSchema),
  publishRecords: z.array(publishRecordSchema),
  /** the status pushes to the account's push address about this job (oldest first) */
  webhookDeliveries: z.array(webhookDeliverySchema),
  /** what the caller sent (parameters, markup, text) */
  request: z.unknown().nullable(),
};
/** GET /v1/records/print/:id */
export const printRecordDetailSchema = printRecordSchema.extend(jobDetailExtra);
export type PrintRecordDetail = z.infer<typeof printRecordDetailSchema>;
/** GET /v1/records/broadcast/:id */
export const broadcastRecordDetailSchema = broadcastRecordSchema.extend(jobDetailExtra);
export type BroadcastRecordDetail = z.infer<typeof broadcastRecordDetailSchema>;
/** GET /v1/records/trade/:id */
export const tradeRecordDetailSchema = tradeRecordSchema.extend(jobDetailExtra).extend({
  /** the clip sequence the device was sent, and what it says in the voice pack's language */
  clips: z.array(z.string()).nullable(),
  spoken: nullableString,
});
export type TradeRecordDetail = z.infer<typeof tradeRecordDetailSchema>;
/** GET /v1/records/delivery/:id */
export const deliveryRecordDetailSchema = deliveryRecordSchema.extend(jobDetailExtra);
export type DeliveryRecordDetail = z.infer<typeof deliveryRecordDetailSchema>;

/** GET /v1/records/general list item and GET /v1/records/general/:id */
export const generalRecordSchema = z.object({
  id: z.number().int(),
  accountId: nullableInt,
  accountName: nullableString,
  appKey: nullableString,
  method: z.string(),
  path: z.string(),
  orderId: nullableString,
  sn: nullableString,
  jobId: nullableInt,
  /** 0 failed, 1 success, 2 processing */
  result: z.number().int(),
  code: z.number().int(),
  message: nullableString,
  ip: nullableString,
  durationMs: nullableInt,
  createdAt: z.string(),
});
export type GeneralRecord = z.infer<typeof generalRecordSchema>;
export const generalRecordDetailSchema = generalRecordSchema.extend({
  /** the job the call created, if any */
  job: jobRecordBase.nullable(),
});
export type GeneralRecordDetail = z.infer<typeof generalRecordDetailSchema>;

/** GET /v1/records/publish/:id */
export const publishRecordDetailSchema = publishRecordSchema;

export const TRADE_STATS_BUCKETS = ['hour', 'day'] as const;
/**
 * GET /v1/records/trade/stats (herald.stat.speak.rec): transaction broadcasts per hour or day in the
 * same window and scope as the list. `utcOffset` (minutes east of UTC, the console's) places the
 * bucket boundaries on the viewer's local hours and midnights.
 */
export const tradeStatsQuery = z
  .object({
    ...timeFilters,
    sn: text(32),
    bucket: emptyAsAny(z.enum(TRADE_STATS_BUCKETS, { error: 'validation.invalidOption' })),
    utcOffset: optionalQueryInt(-840, 840),
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type TradeStatsQuery = z.infer<typeof tradeStatsQuery>;

/** One bucket: `at` is its start (ISO); failed counts failures and timeouts, pending the unfinished. */
export const tradeStatsPointSchema = z.object({
  at: z.string(),
  success: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type TradeStatsPoint = z.infer<typeof tradeStatsPointSchema>;
/** Buckets with no broadcast are left out; the console fills the gaps. */
export const tradeStatsSchema = z.object({
  bucket: z.enum(TRADE_STATS_BUCKETS),
  points: z.array(tradeStatsPointSchema),
});
export type TradeStats = z.infer<typeof tradeStatsSchema>;
