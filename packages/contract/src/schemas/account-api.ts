import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../pipeline';

/**
 * Account API settings (screen /system/api; spec paths `/v1/account-api/*`). The secret is never
 * part of `detail`: it is returned once by genAccountApiSecret, and again only by queryApiSecret
 * after the login password.
 */

/** An http(s) URL, or '' / null to remove the push address. */
export const webhookUrlField = z
  .string({ error: 'error.webhookUrl' })
  .trim()
  .max(512, 'validation.maxLength')
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'error.webhookUrl')
  .nullable()
  .optional();

export const pushUrlsSchema = z.object({
  print: webhookUrlField,
  speak: webhookUrlField,
  trade: webhookUrlField,
});

/** POST /v1/account-api/modifyAccountApi — only the events named change. */
export const modifyAccountApiBody = z.object({ pushUrls: pushUrlsSchema });
export type ModifyAccountApiBody = z.infer<typeof modifyAccountApiBody>;

export const ADDED_PARAMS_MAX = 20;
/** POST /v1/account-api/modifyAddedServiceParams — replaces the whole set. */
export const modifyAddedServiceParamsBody = z.object({
  params: z
    .record(
      z.string().trim().min(1, 'validation.required').max(32, 'validation.maxLength'),
      z.string().trim().max(255, 'validation.maxLength'),
    )
    .refine((p) => Object.keys(p).length <= ADDED_PARAMS_MAX, 'validation.maxLength'),
});
export type ModifyAddedServiceParamsBody = z.infer<typeof modifyAddedServiceParamsBody>;

/** POST /v1/account-api/queryApiSecret {password}: the spec's GET, the password kept out of URLs (see verifyPasswordBody). */
export const queryApiSecretBody = z.object({
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(64),
});

/** GET /v1/account-api/detail */
export const accountApiDetailSchema = z.object({
  /** null until the first genAccountApiSecret */
  appKey: z.string().nullable(),
  hasSecret: z.boolean(),
  secretRotatedAt: z.string().nullable(),
  /** event → URL (null: no push for that event) */
  pushUrls: z.object(
    Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, z.string().nullable()])) as {
      print: z.ZodNullable<z.ZodString>;
      speak: z.ZodNullable<z.ZodString>;
      trade: z.ZodNullable<z.ZodString>;
    },
  ),
  addedParams: z.record(z.string(), z.string()),
  /** the geolocation value-added service is enabled (a geo secret exists) */
  geoEnabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AccountApiDetail = z.infer<typeof accountApiDetailSchema>;

/** POST /v1/account-api/genAccountApiSecret and POST /v1/account-api/queryApiSecret */
export const accountApiSecretSchema = z.object({
  appKey: z.string(),
  secret: z.string(),
  secretRotatedAt: z.string(),
});
export type AccountApiSecret = z.infer<typeof accountApiSecretSchema>;

/** GET /v1/account-api/queryGeoLocationApiSecret */
export const geoLocationSecretSchema = z.object({ secret: z.string() });
export type GeoLocationSecret = z.infer<typeof geoLocationSecretSchema>;

// ── named keys (several per account, rotation with overlap) ─────────────────

/** An account may hold this many open API keys at once. */
export const API_KEYS_MAX = 10;

/**
 * How long a rotated key's old secret keeps working, in seconds (0: it stops at once). The
 * console offers these; an integrator deploys the new secret within the overlap.
 */
export const API_KEY_GRACE_SECONDS = [0, 3_600, 86_400, 604_800] as const;

const apiKeyName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.maxLength');

/** POST /v1/account-api/keys */
export const createApiKeyBody = z.object({ name: apiKeyName });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** POST /v1/account-api/keys/:id/name */
export const renameApiKeyBody = z.object({ name: apiKeyName });
export type RenameApiKeyBody = z.infer<typeof renameApiKeyBody>;

/** POST /v1/account-api/keys/:id/rotate */
export const rotateApiKeyBody = z.object({
  graceSeconds: z
    .number({ error: 'validation.invalidOption' })
    .int()
    .refine((v) => (API_KEY_GRACE_SECONDS as readonly number[]).includes(v), 'validation.invalidOption'),
});
export type RotateApiKeyBody = z.infer<typeof rotateApiKeyBody>;

/** GET /v1/account-api/keys (never a secret) */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  appKey: z.string(),
  createdAt: z.string(),
  /** the last signed call, to the minute (null: never used) */
  lastUsedAt: z.string().nullable(),
  secretRotatedAt: z.string(),
  /** while a rotation's old secret still works: when it stops (null: no old secret) */
  previousExpiresAt: z.string().nullable(),
  /** the account's oldest key signs its webhook pushes */
  signsPushes: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key with its secret(s): answered by create and rotate (once), and by the password-checked query. */
export const apiKeySecretSchema = apiKeySchema.extend({
  secret: z.string(),
  /** the old secret while it still works */
  previousSecret: z.string().nullable(),
});
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>;
