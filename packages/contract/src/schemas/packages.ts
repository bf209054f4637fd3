import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { PACKAGE_TYPES, RESOURCE_KINDS, SIGN_ALGORITHMS } from '../ota';
import { SPEAK_LANGUAGES } from '../pipeline';
import { VERSION_RE, optionalText, requiredText } from '../validation';
import { bodyId, emptyAsAny, queryId, sortParams } from './fleet-fields';
import { archiveEntrySchema } from './files';

/**
 * Firmware/application packages (`/v1/firmware`) and resource/language packages
 * (`/v1/resource-packages`). Operators' packages (accountId null) are the platform's: every
 * account can see them and use them in its tasks; an account's own packages are private to it.
 * Packages are immutable once added (a new version is a new package); unused ones can be deleted.
 */
export const versionSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.maxLength')
  .regex(VERSION_RE, 'validation.format');
/** A version or '' (none). */
export const optionalVersion = z
  .string()
  .trim()
  .max(32, 'validation.maxLength')
  .refine((v) => v === '' || VERSION_RE.test(v), 'validation.format')
  .optional();

/** POST /v1/firmware */
export const createFirmwareBody = z.object({
  appName: requiredText(64),
  name: requiredText(64),
  versionName: versionSchema,
  /** the model the firmware is built for; only its devices are offered it */
  modelId: bodyId,
  signAlgorithm: z.enum(SIGN_ALGORITHMS, { error: 'validation.invalidOption' }).default('sha256'),
  packageType: z.enum(PACKAGE_TYPES, { error: 'validation.invalidOption' }).default('whole'),
  /** split packages: the version the delta applies to (required then) */
  baseVersion: optionalVersion,
  /** devices below this version must first upgrade to an intermediate one */
  minUpgradeVersion: optionalVersion,
  /** the oldest language pack it works with: a device with an older one is skipped before its offer */
  minLanguagePackVersion: optionalVersion,
  /** an uploaded file of purpose 'firmware' */
  fileId: bodyId,
  remark: optionalText(500),
});
export type CreateFirmwareBody = z.infer<typeof createFirmwareBody>;

/** GET /v1/firmware */
export const firmwareListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  appName: z.string().trim().max(64, 'validation.maxLength').optional(),
  modelId: queryId,
  accountId: queryId,
  ...sortParams(['id', 'versionName', 'createdAt']),
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuery>;

export const firmwareListItemSchema = z.object({
  id: z.number().int(),
  /** null: a platform package (added by an operator) */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  appName: z.string(),
  name: z.string(),
  versionName: z.string(),
  modelId: z.number().int(),
  modelName: z.string().nullable(),
  signAlgorithm: z.enum(SIGN_ALGORITHMS),
  packageType: z.enum(PACKAGE_TYPES),
  baseVersion: z.string().nullable(),
  minUpgradeVersion: z.string().nullable(),
  minLanguagePackVersion: z.string().nullable(),
  size: z.number().int(),
  md5: z.string(),
  remark: z.string().nullable(),
  /** tasks that use it (it cannot be deleted while > 0) */
  taskCount: z.number().int(),
  createdAt: z.string(),
});
export type FirmwareListItem = z.infer<typeof firmwareListItemSchema>;

/** GET /v1/firmware/:id */
export const firmwareSchema = firmwareListItemSchema.extend({
  fileId: z.number().int(),
  fileName: z.string(),
  sha256: z.string(),
  files: z.array(archiveEntrySchema),
});
export type Firmware = z.infer<typeof firmwareSchema>;

/** POST /v1/resource-packages */
export const createResourcePackageBody = z.object({
  name: requiredText(64),
  kind: z.enum(RESOURCE_KINDS, { error: 'validation.invalidOption' }).default('language'),
  /** language packs: the speak language whose clips it holds (required then) */
  language: z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' }).optional(),
  version: versionSchema,
  /** the oldest firmware it works with: a device on an older one is skipped before its offer */
  minFirmwareVersion: optionalVersion,
  /** an uploaded file of purpose 'resource' */
  fileId: bodyId,
  remark: optionalText(500),
});
export type CreateResourcePackageBody = z.infer<typeof createResourcePackageBody>;

/** GET /v1/resource-packages */
export const resourcePackageListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  kind: emptyAsAny(z.enum(RESOURCE_KINDS, { error: 'validation.invalidOption' })),
  language: emptyAsAny(z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' })),
  accountId: queryId,
  ...sortParams(['id', 'version', 'createdAt']),
});
export type ResourcePackageListQuery = z.infer<typeof resourcePackageListQuery>;

export const resourcePackageListItemSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  language: z.enum(SPEAK_LANGUAGES).nullable(),
  version: z.string(),
  minFirmwareVersion: z.string().nullable(),
  fileCount: z.number().int(),
  size: z.number().int(),
  /** sha256 of the package file */
  digest: z.string(),
  md5: z.string(),
  remark: z.string().nullable(),
  taskCount: z.number().int(),
  createdAt: z.string(),
});
export type ResourcePackageListItem = z.infer<typeof resourcePackageListItemSchema>;

/** GET /v1/resource-packages/:id */
export const resourcePackageSchema = resourcePackageListItemSchema.extend({
  fileId: z.number().int(),
  fileName: z.string(),
  files: z.array(archiveEntrySchema),
  /** language packs: clip ids it holds, and clips the transaction broadcast needs that it lacks */
  clips: z.array(z.string()),
  missingClips: z.array(z.string()),
});
export type ResourcePackage = z.infer<typeof resourcePackageSchema>;

/** GET /v1/common/firmwareListQuery and resourceListQuery: options for task forms. */
export const packageOptionQuery = z.object({
  modelId: queryId,
  language: emptyAsAny(z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' })),
  accountId: queryId,
});
export const packageOptionSchema = z.object({
  value: z.number().int(),
  label: z.string(),
  version: z.string(),
  modelId: z.number().int().nullable(),
  language: z.string().nullable(),
});
export type PackageOption = z.infer<typeof packageOptionSchema>;
