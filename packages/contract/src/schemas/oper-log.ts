import { z } from 'zod';
import { pageQuerySchema, textId } from '../envelope';
import { emptyAsAny, sortParams } from './fleet-fields';
import { dateRangeCheck, dateTimeFilter } from '../validation';

const operLogFilters = pageQuerySchema.extend({
  /** part of the operator's username, case-insensitive */
  username: z.string().trim().max(64, 'validation.maxLength').optional(),
  /** one of OPER_MODULES */
  module: z.string().trim().max(32, 'validation.maxLength').optional(),
  /** one of OPER_TYPES */
  type: z.string().trim().max(32, 'validation.maxLength').optional(),
  /** operators only: entries of one account's users; account users always see only their own account */
  accountId: emptyAsAny(textId()),
  from: dateTimeFilter,
  /** a date without a time covers that whole day (UTC) */
  to: dateTimeFilter,
});
/** GET /v1/oper-logs — newest first, or by time as asked. */
export const operLogQuery = operLogFilters
  .extend({
    ...sortParams(['createdAt']),
  })
  .superRefine(dateRangeCheck('from', 'to'));
/** GET /v1/file/recordDownloadOperLog — the same filters, as CSV (at most OPER_LOG_EXPORT_MAX rows). */
export const operLogExportQuery = operLogFilters
  .omit({ page: true, pageSize: true })
  .superRefine(dateRangeCheck('from', 'to'));
export const OPER_LOG_EXPORT_MAX = 50_000;

export const operLogSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  module: z.string(),
  type: z.string(),
  description: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type OperLog = z.infer<typeof operLogSchema>;

export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  link: z.string().nullable(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
/** GET /v1/mails — the outbox, newest first; `to` matches the address exactly (case-insensitive). */
export const mailListQuery = pageQuerySchema.extend({
  to: z.string().trim().max(128, 'validation.maxLength').optional(),
  ...sortParams(['createdAt', 'sentAt', 'to']),
});
