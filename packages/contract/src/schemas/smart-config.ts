import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { SC_STATUSES, SC_UPDATE_TYPES } from '../ota';
import { optionalText, requiredText } from '../validation';
import { bodyId, emptyAsAny, sortParams } from './fleet-fields';
import { versionSchema } from './packages';

/**
 * SmartConfig app versions (operator side, `/v1/smart-config`). An .apk upload (purpose
 * 'smartConfig'); a new version must be newer than every existing one. Delisting takes a reason;
 * a delisted version may be listed again only while no newer version is listed
 * ('Version numbers not consecutive, re-release not permitted'). The public endpoints
 * `GET /public/smart-config/latest?current=x.xx.xx.xx` and `GET /public/smart-config/download`
 * serve the newest listed version (downloads are counted).
 */
export const createSmartConfigBody = z.object({
  versionName: versionSchema,
  updateType: z.enum(SC_UPDATE_TYPES, { error: 'validation.invalidOption' }).default('optional'),
  notes: optionalText(2000),
  fileId: bodyId,
  /** list it at once (default) or keep it delisted */
  listed: z.boolean().default(true),
});
export type CreateSmartConfigBody = z.infer<typeof createSmartConfigBody>;

/** PUT /v1/smart-config/:id — update type and notes. */
export const updateSmartConfigBody = z.object({
  updateType: z.enum(SC_UPDATE_TYPES, { error: 'validation.invalidOption' }).optional(),
  notes: optionalText(2000),
});
export type UpdateSmartConfigBody = z.infer<typeof updateSmartConfigBody>;

/** POST /v1/smart-config/:id/delist */
export const delistSmartConfigBody = z.object({ reason: requiredText(255) });

/** GET /v1/smart-config */
export const smartConfigListQuery = pageQuerySchema.extend({
  status: emptyAsAny(z.enum(SC_STATUSES, { error: 'validation.invalidOption' })),
  versionName: z.string().trim().max(32, 'validation.maxLength').optional(),
  // no versionName: as text 1.10 sorts before 1.9; the id order is the version order
  ...sortParams(['id', 'downloads', 'createdAt']),
});

export const smartConfigVersionSchema = z.object({
  id: z.number().int(),
  versionName: z.string(),
  updateType: z.enum(SC_UPDATE_TYPES),
  notes: z.string().nullable(),
  downloads: z.number().int(),
  status: z.enum(SC_STATUSES),
  delistReason: z.string().nullable(),
  fileId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  md5: z.string(),
  listedAt: z.string().nullable(),
  delistedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SmartConfigVersion = z.infer<typeof smartConfigVersionSchema>;

/** GET /public/smart-config/latest — what the app (or its download page) needs. */
export const smartConfigLatestQuery = z.object({
  /** the version the asking app runs; decides `updateType` (forced when any newer listed version is forced) */
  current: z.string().trim().max(32).optional(),
});
export const smartConfigLatestSchema = z.object({
  versionName: z.string(),
  updateType: z.enum(SC_UPDATE_TYPES),
  /** whether `current` is older than the newest listed version (true when `current` is absent) */
  updateAvailable: z.boolean(),
  notes: z.string().nullable(),
  size: z.number().int(),
  md5: z.string(),
  sha256: z.string(),
  downloadUrl: z.string(),
});
export type SmartConfigLatest = z.infer<typeof smartConfigLatestSchema>;
