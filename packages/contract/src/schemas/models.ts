import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { MODEL_TYPES } from '../device/enums';
import { optionalText, optionalQueryInt, requiredText } from '../validation';
import { codeSchema, emptyAsAny, optionalBodyId, queryId, sortParams } from './fleet-fields';

/** Model image limits (spec section 5): PNG or JPG, at most 100 KB. */
export const MODEL_IMAGE_MAX_BYTES = 100 * 1024;
export const MODEL_IMAGE_MIMES = ['image/png', 'image/jpeg'] as const;

const modelType = z.enum(MODEL_TYPES, { error: 'validation.invalidOption' });

/**
 * The image travels as a data URL (`data:image/png;base64,...`). The server checks the bytes
 * themselves (PNG/JPG signature) and the decoded size, not just the declared type.
 */
export const modelImageField = z
  .string({ error: 'error.modelImageRequired' })
  .trim()
  .min(1, 'error.modelImageRequired')
  // base64 of 100 KB plus the data-URL prefix; bigger cannot be a valid image
  .max(140_000, 'error.modelImageTooLarge');

const modelFields = {
  name: requiredText(64),
  code: codeSchema(32),
  type: modelType,
  pn: optionalText(64),
  capability: optionalText(255),
  description: optionalText(500),
  deviceTypeId: optionalBodyId,
  image: modelImageField,
};

/** POST /v1/models */
export const createModelBody = z.object(modelFields);
/** PUT /v1/models/:id — any subset; the image only when it changes. */
export const updateModelBody = z.object(modelFields).partial();
/** POST /v1/models/:id/status — 1 enabled, 0 disabled (blocks new devices of the model). */
export const modelStatusBody = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' }),
});

export const modelListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  code: z.string().trim().max(32, 'validation.maxLength').optional(),
  type: emptyAsAny(modelType),
  status: optionalQueryInt(0, 1),
  deviceTypeId: queryId,
  ...sortParams(['id', 'name', 'code', 'createdAt']),
});

export const modelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: modelType,
  pn: z.string().nullable(),
  capability: z.string().nullable(),
  description: z.string().nullable(),
  deviceTypeId: z.number().int().nullable(),
  deviceTypeName: z.string().nullable(),
  /** `GET /v1/models/:id/image?v=<version>`: public, cacheable, usable in `<img src>` */
  imageUrl: z.string(),
  imageMime: z.string(),
  status: z.number().int(),
  /** devices of the model that are not deleted */
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

export const deviceTypeSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** GET /v1/common/modelListQuery — account users get enabled models only. */
export const modelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: modelType,
  status: z.number().int(),
  imageUrl: z.string(),
});
export type ModelOption = z.infer<typeof modelOptionSchema>;
