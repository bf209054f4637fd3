import { z } from 'zod';
import { pageQuerySchema } from '../envelope';

export const operLogQuery = pageQuerySchema.extend({
  username: z.string().trim().max(64).optional(),
  module: z.string().max(32).optional(),
  type: z.string().max(32).optional(),
  accountId: z.coerce.number().int().positive().optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});
export const operLogExportQuery = operLogQuery.omit({ page: true, pageSize: true });

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
export const mailListQuery = pageQuerySchema.extend({ to: z.string().max(128).optional() });
