import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { INDUSTRY_CODES, SUBJECT_TYPES } from '../enums';
import { COUNTRY_CODES, TIME_ZONES } from '../regions';
import { emailSchema, optionalText, requiredText } from '../validation';

const country = z.enum(COUNTRY_CODES as [string, ...string[]], { error: 'validation.invalidOption' });
const timeZone = z.enum(TIME_ZONES, { error: 'validation.invalidOption' });
const industry = z.enum(INDUSTRY_CODES as [string, ...string[]], { error: 'validation.invalidOption' });

export const accountFields = {
  name: requiredText(64),
  country,
  timeZone,
  industry,
  subjectType: z.enum(SUBJECT_TYPES, { error: 'validation.invalidOption' }),
  subjectName: requiredText(128),
  remark: optionalText(255),
};

export const createAccountBody = z.object({ ...accountFields, adminEmail: emailSchema, adminUsername: requiredText(32).optional() });
export const updateAccountBody = z.object(accountFields).partial();
export const accountStatusBody = z.object({ status: z.union([z.literal(0), z.literal(1)]) });
export const changeAccountAdminBody = z.object({ adminEmail: emailSchema, adminUsername: requiredText(32).optional() });

export const accountListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  country: z.string().max(2).optional(),
  industry: z.string().max(2).optional(),
  subjectType: z.enum(SUBJECT_TYPES).optional(),
  createdFrom: z.string().max(40).optional(),
  createdTo: z.string().max(40).optional(),
  sortField: z.enum(['id', 'name', 'createdAt']).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  timeZone: z.string(),
  industry: z.string(),
  subjectType: z.enum(SUBJECT_TYPES),
  subjectName: z.string(),
  remark: z.string().nullable(),
  status: z.number().int(),
  adminUserId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  adminUsername: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
