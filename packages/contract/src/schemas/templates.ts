import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { TEMPLATE_BODY_MAX, TEMPLATE_COMMANDS, TEMPLATE_PARAM_RE } from '../pipeline';
import { optionalText, requiredText } from '../validation';
import { bodyId, emptyAsAny, queryId, sortParams } from './fleet-fields';

/**
 * Print templates (account side, `/v1/templates`). The body is receiptline markup with `{{name}}`
 * placeholders; every placeholder must be declared in `params` (checked by the server, which also
 * answers 'error.templateRender' when receiptline cannot render the body).
 */
export const TEMPLATE_PARAMS_MAX = 100;

export const templateParamSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(TEMPLATE_PARAM_RE, 'validation.format'),
  /** the value used by the preview ("simulation") */
  sample: z.string().max(1000, 'validation.maxLength').optional().default(''),
  description: optionalText(255),
});
export type TemplateParam = z.infer<typeof templateParamSchema>;

const paramsField = z
  .array(templateParamSchema)
  .max(TEMPLATE_PARAMS_MAX, 'validation.maxLength')
  .superRefine((ps, ctx) => {
    const seen = new Set<string>();
    ps.forEach((p, i) => {
      if (seen.has(p.name))
        ctx.addIssue({ code: 'custom', message: 'error.templateParamDuplicate', path: [i, 'name'] });
      seen.add(p.name);
    });
  });

const bodyField = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(TEMPLATE_BODY_MAX, 'validation.maxLength')
  .refine((v) => v.trim() !== '', 'validation.required');

const templateFields = {
  name: requiredText(64),
  purpose: optionalText(255),
  /** an enabled printer model */
  modelId: bodyId,
  command: z.enum(TEMPLATE_COMMANDS, { error: 'validation.invalidOption' }).default('escpos'),
  body: bodyField,
  params: paramsField.default([]),
};

/** POST /v1/templates */
export const createTemplateBody = z.object(templateFields);
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;
/** PUT /v1/templates/:id — any subset; a changed body is checked against the (new or saved) params. */
export const updateTemplateBody = z.object({
  name: templateFields.name.optional(),
  purpose: templateFields.purpose,
  modelId: bodyId.optional(),
  command: z.enum(TEMPLATE_COMMANDS, { error: 'validation.invalidOption' }).optional(),
  body: bodyField.optional(),
  params: paramsField.optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

/** GET /v1/templates */
export const templateListQuery = pageQuerySchema.extend({
  /** part of the name, case-insensitive */
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  modelId: queryId,
  ...sortParams(['id', 'name', 'updatedAt']),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** List item of GET /v1/templates. */
export const templateListItemSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  purpose: z.string().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  command: z.enum(TEMPLATE_COMMANDS),
  paramCount: z.number().int(),
  /** live businesses using it (it cannot be deleted while > 0) */
  businessCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateListItem = z.infer<typeof templateListItemSchema>;

/** GET /v1/templates/:id (also the answer of add and edit). */
export const templateSchema = templateListItemSchema.extend({
  body: z.string(),
  params: z.array(z.object({ name: z.string(), sample: z.string(), description: z.string().nullable().optional() })),
});
export type Template = z.infer<typeof templateSchema>;

export const paperWidthSchema = z.coerce
  .number({ error: 'validation.invalidOption' })
  .pipe(z.union([z.literal(58), z.literal(80)], { error: 'validation.invalidOption' }));

/** POST /v1/templates/preview — render unsaved markup with sample values. */
export const templatePreviewBody = z.object({
  body: bodyField,
  /** name → sample value */
  params: z
    .record(z.string().max(32, 'validation.maxLength'), z.string().max(1000, 'validation.maxLength'))
    .optional()
    .default({}),
  paperWidth: paperWidthSchema.default(58),
});
export type TemplatePreviewBody = z.infer<typeof templatePreviewBody>;

/** GET /v1/templates/:id/preview?paperWidth=58 — with the saved samples. */
export const templatePreviewQuery = z.object({ paperWidth: emptyAsAny(paperWidthSchema) });

export const templatePreviewSchema = z.object({
  svg: z.string(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  /** characters per line at that width (32 at 58 mm, 48 at 80 mm) */
  charsPerLine: z.number().int(),
  /** placeholders used in the body */
  placeholders: z.array(z.string()),
  /** placeholders used but without a value/declaration (rendered empty) */
  warnings: z.array(z.object({ type: z.enum(['undeclared', 'noValue']), name: z.string() })),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** GET /v1/common/templateListQuery — options for business forms. */
export const templateOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type TemplateOption = z.infer<typeof templateOptionSchema>;
