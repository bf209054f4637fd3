import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { WEBHOOK_EVENTS } from '../pipeline';
import { dateRangeCheck, dateTimeFilter } from '../validation';
import { emptyAsAny, queryBigId, sortParams } from './fleet-fields';
import { openJobView } from './open-api';

/** Webhook deliveries (console: GET /v1/webhooks/deliveries, permission herald.dev.api). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The JSON body POSTed to a push address (signed; see WEBHOOK_HEADERS): the job exactly as the
 * open API's record call shows it, plus the event, so one parser serves both.
 */
export const webhookBodySchema = openJobView.extend({
  event: z.enum(WEBHOOK_EVENTS),
  /** true on a test event sent from the console or API (its job fields are an example; no job exists) */
  test: z.boolean().optional(),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookDeliveryListQuery = pageQuerySchema
  .extend({
    event: emptyAsAny(z.enum(WEBHOOK_EVENTS, { error: 'validation.invalidOption' })),
    status: emptyAsAny(z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'validation.invalidOption' })),
    jobId: queryBigId,
    from: dateTimeFilter,
    to: dateTimeFilter,
    ...sortParams(['createdAt', 'attempts', 'nextAttemptAt']),
  })
  .superRefine(dateRangeCheck('from', 'to'));
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  event: z.string(),
  url: z.string(),
  jobId: z.number().int().nullable(),
  /** the JobStatus this push told the integrator (its body's `status`): a job pushes once per status change */
  jobStatus: z.number().int().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** a test event (POST /v1/webhooks/test) */
  test: z.boolean(),
  /** the delivery this one sends again (POST /v1/webhooks/deliveries/:id/redeliver) */
  redeliveryOf: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** POST /v1/webhooks/test: a signed test delivery of `event` to its push address. */
export const webhookTestBody = z.object({ event: z.enum(WEBHOOK_EVENTS, { error: 'validation.invalidOption' }) });
export type WebhookTestBody = z.infer<typeof webhookTestBody>;

/** GET /v1/webhooks/deliveries/:id */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  payload: z.unknown(),
  attemptList: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
