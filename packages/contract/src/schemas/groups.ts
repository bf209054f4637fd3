import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { sortParams } from './fleet-fields';
import { optionalText, requiredText } from '../validation';

const groupFields = { name: requiredText(32), description: optionalText(255) };

/** POST /v1/groups */
export const createGroupBody = z.object(groupFields);
/** PUT /v1/groups/:id */
export const updateGroupBody = z.object(groupFields).partial();

export const groupListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(32, 'validation.maxLength').optional(),
  /** without it: the default group first, then the others as created */
  ...sortParams(['id', 'name', 'createdAt']),
});

export const groupSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** every account has exactly one default group; it cannot be deleted */
  isDefault: z.boolean(),
  /** devices of the group that are not deleted */
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** GET /v1/common/groupListQuery */
export const groupOptionSchema = z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() });
export type GroupOption = z.infer<typeof groupOptionSchema>;
