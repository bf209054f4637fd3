import { z } from 'zod';
import { sortParams } from './fleet-fields';
import { pageQuerySchema } from '../envelope';
import { INDUSTRY_CODES, SUBJECT_TYPES } from '../enums';
import { COUNTRY_CODES, TIME_ZONES } from '../regions';
import {
  dateRangeCheck,
  dateTimeFilter,
  emailSchema,
  optionalQueryInt,
  optionalText,
  requiredText,
  usernameSchema,
} from '../validation';

const country = z.enum(COUNTRY_CODES as [string, ...string[]], { error: 'validation.invalidOption' });
const timeZone = z.enum(TIME_ZONES, { error: 'validation.invalidOption' });
const industry = z.enum(INDUSTRY_CODES as [string, ...string[]], { error: 'validation.invalidOption' });
const subjectType = z.enum(SUBJECT_TYPES, { error: 'validation.invalidOption' });
/** Filters may arrive empty from a cleared form field; empty means "any". */
const emptyAsAny = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

export const accountFields = {
  name: requiredText(64),
  country,
  timeZone,
  industry,
  subjectType,
  subjectName: requiredText(128),
  remark: optionalText(255),
};

/** POST /v1/accounts — the account and its super-administrator (activated through a mailed link). */
export const createAccountBody = z.object({
  ...accountFields,
  adminEmail: emailSchema,
  adminUsername: usernameSchema.optional(),
});
/** PUT /v1/accounts/:id — any subset of the account's own fields (the admin changes via change-admin). */
export const updateAccountBody = z.object(accountFields).partial();
/** POST /v1/accounts/:id/status — 1 enabled, 0 disabled (cuts off every user of the account at once). */
export const accountStatusBody = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidOption' }),
});
/**
 * POST /v1/accounts/:id/geo-service — the platform turns the geolocation value-added service
 * (base-station positioning) on or off for an account; on, the account reads its secret through
 * /v1/account-api/queryGeoLocationApiSecret.
 */
export const accountGeoServiceBody = z.object({ enabled: z.boolean({ error: 'validation.invalidOption' }) });
/** POST /v1/accounts/:id/qr-brand-service — the custom device QR code service on or off. */
export const accountQrBrandServiceBody = accountGeoServiceBody;
/** POST /v1/accounts/:id/push-alarm-service — the push-delay alarm service on or off. */
export const accountPushAlarmServiceBody = accountGeoServiceBody;
/** POST /v1/accounts/:id/change-admin — a new super-administrator replaces (and deletes) the old one. */
export const changeAccountAdminBody = z.object({ adminEmail: emailSchema, adminUsername: usernameSchema.optional() });
/* POST /v1/accounts/:id/unlock-admin has no body: it clears the super-administrator's lock. */

const accountListFilters = pageQuerySchema.extend({
  /** part of the name, case-insensitive */
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  status: optionalQueryInt(0, 1),
  country: emptyAsAny(country),
  industry: emptyAsAny(industry),
  subjectType: emptyAsAny(subjectType),
  /** created at or after (ISO date or date-time) */
  createdFrom: dateTimeFilter,
  /** created at or before; a date without a time covers that whole day (UTC) */
  createdTo: dateTimeFilter,
  ...sortParams(['id', 'name', 'createdAt']),
});
export const accountListQuery = accountListFilters.superRefine(dateRangeCheck('createdFrom', 'createdTo'));

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
  /** the super-administrator is locked after too many wrong passwords (operators unlock it) */
  adminLocked: z.boolean(),
  /** users of the account that are not deleted */
  userCount: z.number().int(),
  /** the geolocation value-added service is on (the platform enables it; see accountGeoServiceBody) */
  geoEnabled: z.boolean(),
  /** the custom device QR code value-added service is on (POST /v1/accounts/:id/qr-brand-service) */
  qrBrandEnabled: z.boolean(),
  /** the push-delay alarm value-added service is on (POST /v1/accounts/:id/push-alarm-service) */
  pushAlarmEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
