import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { ACCESS_TYPES, APP_TYPES, PUSH_MODES } from '../device/enums';
import { optionalText, requiredText } from '../validation';
import { emptyAsAny, optionalUrl, queryId, sortParams } from './fleet-fields';

const literalOf = <T extends readonly number[]>(values: T) =>
  z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>], {
    error: 'validation.invalidOption',
  });
const intOption = <T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), literalOf(values));

/** Android 1, iOS 2, IOT 3, Web 4 */
export const appTypeSchema = literalOf(APP_TYPES).describe('1 Android, 2 iOS, 3 IoT, 4 Web');
/** one-model-one-secret 1, one-device-one-secret 2 */
export const accessTypeSchema = literalOf(ACCESS_TYPES).describe(
  '1 one model, one secret (devices register themselves with the application key), 2 one device, one secret',
);
/** by device 1, by topic 2 */
export const pushModeSchema = literalOf(PUSH_MODES).describe('1 by device, 2 by topic');

const appFields = {
  name: requiredText(64),
  type: appTypeSchema,
  accessType: accessTypeSchema,
  /** registration method: devices register themselves (true) or are added by hand (false) */
  autoRegister: z.boolean({ error: 'validation.invalidOption' }).optional(),
  stockingMode: optionalText(32),
  packageName: optionalText(128),
  registeredUrl: optionalUrl,
  notifyUrl: optionalUrl,
  callbackUrl: optionalUrl,
  pushMode: pushModeSchema.optional(),
};

/** POST /v1/applications — account side; the key, secret and sign key are generated. */
export const createAppBody = z.object(appFields);
/** PUT /v1/applications/:id */
export const updateAppBody = z.object(appFields).partial();

export const appListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  type: emptyAsAny(intOption(APP_TYPES)),
  accessType: emptyAsAny(intOption(ACCESS_TYPES)),
  appKey: z.string().trim().max(64, 'validation.maxLength').optional(),
  /** operators only */
  accountId: queryId,
  /** without it: newest first */
  ...sortParams(['id', 'name', 'createdAt']),
});

export const appSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  name: z.string(),
  type: z.number().int(),
  accessType: z.number().int(),
  autoRegister: z.boolean(),
  stockingMode: z.string().nullable(),
  appKey: z.string(),
  packageName: z.string().nullable(),
  registeredUrl: z.string().nullable(),
  notifyUrl: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  pushMode: z.number().int(),
  status: z.number().int(),
  /** devices of the application that are not deleted */
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof appSchema>;

/** The credentials; in full only in the create response and after re-entering the login password. */
export const appSecretSchema = z.object({ appKey: z.string(), appSecret: z.string(), signKey: z.string() });
export type AppSecret = z.infer<typeof appSecretSchema>;
export const appCreatedSchema = appSchema.extend({ appSecret: z.string(), signKey: z.string() });

/** GET /v1/common/appListQuery */
export const appOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  appKey: z.string(),
  accessType: z.number().int(),
});
export type AppOption = z.infer<typeof appOptionSchema>;
