import { z } from 'zod';
import { MAX_ID, pageQuerySchema } from '../envelope';
import { BUSINESS_TYPES } from '../pipeline';
import { optionalQueryInt, optionalText, requiredText } from '../validation';
import { sortParams } from './fleet-fields';

/**
 * Businesses (`/v1/businesses`, screen /businessmgr/business): what an integrator names in an open
 * API request. Print (0) needs a template of the account ('error.businessTemplateRequired' /
 * 'error.templateInvalid'); broadcast (1) and notification (2) need voice content
 * ('error.businessContentRequired'). Those rules depend on `type`, so the server checks them
 * (also on edit, against the saved values).
 */
export const BUSINESS_VOICE_MAX = 500;

const businessType = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalidOption' });
const templateRef = z
  .number({ error: 'validation.number' })
  .int('validation.integer')
  .positive('validation.positiveInteger')
  .max(MAX_ID, 'validation.format')
  .nullable()
  .optional();
const voiceContent = z.string().trim().max(BUSINESS_VOICE_MAX, 'validation.maxLength').nullable().optional();

/** POST /v1/businesses */
export const createBusinessBody = z.object({
  name: requiredText(64),
  type: businessType,
  templateId: templateRef,
  voiceContent,
  remark: optionalText(255),
});
export type CreateBusinessBody = z.infer<typeof createBusinessBody>;

/** PUT /v1/businesses/:id — any subset. */
export const updateBusinessBody = z.object({
  name: requiredText(64).optional(),
  type: businessType.optional(),
  templateId: templateRef,
  voiceContent,
  remark: optionalText(255),
});
export type UpdateBusinessBody = z.infer<typeof updateBusinessBody>;

/** GET /v1/businesses */
export const businessListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  type: optionalQueryInt(0, 2),
  ...sortParams(['id', 'name', 'updatedAt']),
});
export type BusinessListQuery = z.infer<typeof businessListQuery>;

/** List item of GET /v1/businesses, and GET /v1/businesses/:id (answer of add and edit too). */
export const businessSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  /** 0 print, 1 broadcast, 2 notification */
  type: z.number().int(),
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
  voiceContent: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;
export const businessTypeValues = BUSINESS_TYPES;

/** GET /v1/common/businessListQuery — options for request forms. */
export const businessOptionSchema = z.object({ value: z.number().int(), label: z.string(), type: z.number().int() });
export type BusinessOption = z.infer<typeof businessOptionSchema>;
